"""A "there" or "that town" the extractor pointed nowhere: the place its own sentence named before it.

The parse offers a reference only the names that head a phrase, so a place said as a modifier is no
antecedent: "Sidney Sheldon was a Chicago kid — he was born there", "Leibniz was a Leipzig boy –
born there in 1646" (styled_dev15 F1-012, styled_blind9 W2-011) left "born in there" unread.
Here the words of the sentence before the "there" are read as names, and the one place the KB or
the case knows among them is where "there" points. Two places ("moved from Ulm to Munich and
died there") compete and leave it unread; a place's address ("Washington, D.C.", "New Orleans,
Louisiana") is one place, its first name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from kgtest.kg.extract.triples import Triple

THERE = re.compile(r"\b(?:there|th(?:at|is|e) (?:town|city|village|place))\b")
"""The reference itself, lower case ("There is no ..." at a sentence's start points nowhere); what
the extractor reads as "there" (kg/extract/spacy_nouns.py)."""
_NAME = re.compile(
    r"[A-Z\u00C0-\u024F][\w'’.\-]*(?:\s+(?:(?:of|the|de|di|da|von|van|der|du|la|le|am|upon)\s+)*"
    r"[A-Z\u00C0-\u024F][\w'’.\-]*)*"
)
"""A capitalised name, with the small words inside names ("Frankfurt am Main")."""
_ADDRESS = re.compile(r"\s*,\s*")
"""What comes between a place and its region or country in its address: "New Orleans, Louisiana"."""


def place_before(sentence: str, is_place: Callable[[str], str | None]) -> str | None:
    """The one place named before the sentence's first lower-case "there", as its name; None where
    none is or two compete. ``is_place`` gives a name's entity id when it is a place."""
    found = THERE.search(sentence)
    if found is None:
        return None
    before = sentence[: found.start()]
    places: dict[str, str] = {}
    end = -1
    for name in _NAME.finditer(before):
        address = end >= 0 and _ADDRESS.fullmatch(before[end : name.start()]) is not None
        end = name.end()
        if address:
            continue  # "Washington, D.C.": the address of the place just named
        eid = is_place(name.group().strip(" .'’"))
        if eid is not None:
            places.setdefault(eid, name.group().strip(" .'’"))
    return next(iter(places.values())) if len(places) == 1 else None


KINDS: dict[str, tuple[str, ...]] = {
    "club": ("club", "team", "f.c.", "fc"),
    "side": ("club", "team", "f.c.", "fc"),
    "team": ("club", "team", "f.c.", "fc"),
    "race": ("race", "tour", "classic", "grand prix"),
}
"""What "the club", "the side", "the race" call a thing, and the words of the KB's label or
description ("association football club in Seville") that make a thing of that kind."""
_CALLED = re.compile(r"\b(?:[Tt]he|[Tt]hat|[Tt]his)\s+(club|side|team|race)\b")


def kind_named(triples: Sequence[Triple], kind_of: Callable[[str, str], str | None]) -> list[Triple]:
    """The triples with an end that is "the club", "the side" or "the race" set to the one thing of
    that kind the reply named just before it (the sentence before and its own words before the
    reference): "Maresca joined Sevilla in 2005 and was at the club until 2009". Two of the kind
    there ("Gough joined Rangers from Tottenham ... captaining the side") leave it unread.
    ``kind_of(name, kind)`` gives a name's entity id when it is a thing of ``kind``."""
    said = list(dict.fromkeys(t.sentence for t in triples))
    out = []
    for t in triples:
        for end in ("subject", "object"):
            word = getattr(t, end)
            found = _CALLED.search(t.sentence)
            if word.lower() not in KINDS or found is None or found.group(1) != word.lower():
                continue
            k = said.index(t.sentence)
            window = (said[k - 1] + " " if k else "") + t.sentence[: found.start()]
            name = _one_of_kind(window, word.lower(), kind_of)
            if name is not None:
                t = replace(t, **{end: name, f"{end}_pronoun": word.lower()})
        out.append(t)
    return out


def _one_of_kind(text: str, kind: str, kind_of: Callable[[str, str], str | None]) -> str | None:
    named: dict[str, str] = {}
    for name in _NAME.finditer(text):
        eid = kind_of(name.group().strip(" .'’"), kind)
        if eid is not None:
            named.setdefault(eid, name.group().strip(" .'’"))
    return next(iter(named.values())) if len(named) == 1 else None
