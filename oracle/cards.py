"""Whom a profile card's field lines speak of, when the case has more than one entity.

A reply set out as a card names its subject once, in a title ("**Alexander Kamp – quick facts**",
"### Robbie Robertson") or a name field ("- **Rider:** Christian Knees, German road cyclist"), and
then gives its facts as fields with no name: "- **Born:** 1993, in Malmö, Sweden". rewrite.py reads
such a field as said of the case's one entity; in a case of two ("was Alexander Kamp born in the
United Kingdom?") the card's title says which, so its wrong birthplace is read, not left unread
(styled_blind11 W2-009, styled_dev14b E1-018, E2-002, styled_dev14 D1-016: four writers).
"""

from __future__ import annotations

import re

from kgtest.oracle.ground import GroundGraph

_TITLE = re.compile(
    r"^[^\S\n]*(?:#{1,6}[^\S\n]+(?P<heading>[^\n]+)|\*\*(?P<bold>[^*\n]+)\*\*[^\S\n]*$"
    r"|(?P<intro>[^\n:]+):[^\S\n]*$|(?:[-*•][^\S\n]*)?\**(?:name|rider|player|person|who|subject|cyclist|footballer|club|team)\**"
    r"[^\S\n]*:\**[^\S\n]*\**(?P<named>[^\n]+))",
    re.I | re.M,
)
"""A card's title: a heading, a line wholly in bold, a line that introduces it ("Quick facts on Carl
Orff:"), or a field that names the card's subject."""
_FIELD_LINE = re.compile(
    r"^[^\S\n]*(?:[-*•][^\S\n]*)?\**(?:born|died|year\s+of\s+birth|year\s+of\s+death|founded)\**[^\S\n]*:",
    re.I | re.M,
)
"""A field line with no name of its own, as rewrite.py reads one."""


_DATED_PLACE = re.compile(
    r"^(?P<field>[^\S\n]*(?:[-*•][^\S\n]*)?\**(?:born|died)\**[^\S\n]*:\**[^\S\n]*)"
    r"(?P<date>(?:\d{1,2}\s+)?(?:[A-Z][a-z]+\s+)?(?:\d{1,2},?\s+)?(?:1\d{3}|20\d{2})),[^\S\n]*(?:in\s+)?"
    r"(?P<place>(?-i:[A-Z])[^—–;:(\n]*?)(?P<rest>\s*(?:[—–;:(][^\n]*)?)$",
    re.I | re.M,
)
"""A field's date then its place: "Born: 1943, Hamilton, Ontario" (the parser reads the place as the
date's apposition): read as "Born: Hamilton, Ontario, in 1943", the place first as in "Born: Leningrad,
25 October 1926", which it reads as the place of birth."""
_NOW = re.compile(r"(?P<old>[A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)*)\s+\((?:today|now)\s+(?P<new>[^()\n]+)\)")
"""An old name with the place's name of today: "Leningrad (today Saint Petersburg)" is that place."""


def _place_first(m: re.Match[str]) -> str:
    date = m["date"] if re.search(r"(?<!\d)\d{1,2}(?!\d)", m["date"]) else f"in {m['date']}"
    return f"{m['field']}{m['place']}, {date}{m['rest']}"


def fields(text: str, subject: str | None) -> str:
    """The card's field lines of birth and death made plain: "in" before a place after the date, and
    a place's name of today in place of the old one it follows, so the place is read as said."""
    if subject is None:
        return text  # no one to say them of: left as written, and unread
    out = []
    for line in text.split("\n"):
        if _FIELD_LINE.match(line):
            line = _DATED_PLACE.sub(_place_first, _NOW.sub(lambda m: m["new"].strip(), line))
        out.append(line)
    return "\n".join(out)


def card_subject(text: str, ground: GroundGraph) -> str | None:
    """The label of the one case entity the card's title names, before its first field line with no
    name; None when the reply has no such field, no title before it, or a title naming several."""
    field = _FIELD_LINE.search(text)
    if field is None:
        return None
    for title in _TITLE.finditer(text, 0, field.start()):
        said = (title["heading"] or title["bold"] or title["named"] or title["intro"] or "").lower()
        named = {
            e.label
            for e in ground.entities
            if not e.id.lstrip("-").isdigit()
            and any(
                n and re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", said) for n in (e.label, *e.aliases)
            )
        }
        if named:
            return named.pop() if len(named) == 1 else None
    return None
