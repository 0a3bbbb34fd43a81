"""The reply's text made plain before it is read: years said relative to another written out,
abbreviations a reply introduces read as the names they stand for, a place on a start list as
starting the race, and "until her death in 1985" as until 1985.

* "a decade later", "two years later", "the following year", "a year earlier": the year said
  last before it, moved by the amount ("In 1905 ...; a decade later he ..." reads "in 1915 he");
  not an aside between commas ("born in 1819, two years later, so ..." measures a gap).
* "the Missile Technology Control Regime (MTCR) ... the MTCR": an upper-case word in brackets
  after a name whose capitalised words it abbreviates stands for that name wherever it is used.

The reasons quote the rewritten sentence.
"""

from __future__ import annotations

import re

from kgtest.oracle.arithmetic import _COUNTS, _NUMBERS
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.reported import set_aside

_RELATIVE = re.compile(
    rf"\b(?:(?P<count>{_COUNTS})\s+(?P<unit>years?|decades?)\s+"
    r"(?P<way>later|afterwards?|after\s+that|on|earlier|before\s+that|previously)"
    r"|the\s+(?P<next>following|next|previous)\s+year|a\s+year\s+(?P<ago>later|earlier))\b",
    re.I,
)
_YEAR = re.compile(r"\b(?P<y>1\d{3}|20\d{2})\b")


_ABBREVIATED = re.compile(
    r"(?P<name>\b[A-Z][\w’'\-]*(?:\s+(?:[A-Z][\w’'\-]*|of|the|for|and|de|du))*)\s*\((?P<abbr>[A-Z]{2,8})\)"
)
_SMALL = {"of", "the", "for", "and", "de", "du"}


def readable(
    text: str, only: str | None = None, pair: tuple[str, str] | None = None, asked: tuple[str, str] = ("", "")
) -> str:
    """``only``: the case's one entity, whom a field line with no name speaks of ("- Born: 1991");
    ``pair``: its two, whom "both of them were born in 1991" speaks of; ``asked``: the question's
    subject and property, whom "Birthplace is Santa Monica" speaks of where the question asks it."""
    if asked[0]:
        text = _NOUN_FIELD.sub(lambda m: _noun_field(m, *asked), text)
    if only:
        text = _FIELD.sub(lambda m: f"{m['lead']}{only} {_FIELDS[_field(m)]} ", text)
    if pair:
        text = _BOTH.sub(f"{pair[0]} and {pair[1]} ", text)
    text = _SOURCE.sub("", _QUOTED_VERDICT.sub(_judged, set_aside(text)))
    text = _UNTIL_DEATH.sub(r"\g<until> \g<year>", _START_LIST.sub(_started, text))
    text = _LISTED_AS.sub(_given, _MISSION.sub(_relations, text))
    text = _MEMBERS.sub(_member, _NEITHER.sub(_neither, _BETWEEN.sub(_had_between, text)))
    text = _ON_BOOKS.sub(_played, _CLUB_ROLE.sub(_played, text))
    text = _WHERE.sub(lambda m: _where(m, text), text)
    text = _FOUNDED.sub(lambda m: f"{m['subject'] or m['first']} was founded in", _EVENT_IN.sub(_event, text))
    return absolute(expand_abbreviations(text))


_BOTH = re.compile(
    r"\b[Bb]oth(?:\s+of\s+them|\s+(?:riders|players|men|women|cyclists|athletes|people))?\s+"
    r"(?=(?:were|was)\s+(?:born|died)\b)"
)
"""The case's two people said together: "Both riders were born in 1991" (styled_blind12 W3-024)."""
_FIELD = re.compile(
    r"^(?P<lead>[^\S\n]*(?:[-*•][^\S\n]*)?)\**(?:(?P<field>born|died|year\s+of\s+birth|year\s+of\s+death)\**[^\S\n]*:\**[^\S\n]*"
    r"|(?P<dated>founded|established)\**[^\S\n]*:\**[^\S\n]*(?=\d{4}\b)|(?P<bare>born|died)\s+in\s+(?=\d{4}\b))",
    re.I | re.M,
)
"""A field line of the case's one entity: "- Born: 1991"; "Founded: 1904, in Freiburg" only with its year;
a line opening "Born in 1988, so no." with no one named."""


def _field(match: re.Match[str]) -> str:
    return " ".join((match["field"] or match["dated"] or match["bare"]).lower().split())


_FIELDS = {
    "born": "was born in",
    "died": "died in",
    "year of birth": "was born in",
    "year of death": "died in",
    "founded": "was founded in",
    "established": "was founded in",
}
"""A profile's field lines, "- Born: 1991", "**Died:** Paris": said of the case's one entity."""
_NOUN_FIELD = re.compile(
    r"(?P<lead>^[^\S\n]*(?:[-*•][^\S\n]*)?|[.!?:][^\S\n]+)\**(?P<field>birthplace|place\s+of\s+birth"
    r"|place\s+of\s+death|employer)(?:\**[^\S\n]*:\**|\**[^\S\n]+(?:is|was))[^\S\n]*\**(?=[A-Z])",
    re.I | re.M,
)
"""The asked relation's noun as a field line's name or a sentence's whole subject, a name after it:
"- **Birthplace:** Santa Monica, California" (styled_blind13 W3-005), "- **Employer:** University of
Chicago" (styled_blind9 W2-025), "Employer is ...": said of the question's subject, as "- Born: 1991"
is of the case's one entity; only the asked property's nouns, so the subject is the question's."""
_NOUN_FIELDS = {"birthplace": "P19", "place of birth": "P19", "place of death": "P20", "employer": "P108"}
_NOUN_VERBS = {"P19": "was born in", "P20": "died in", "P108": "was employed by"}


def asked_subject(ground: GroundGraph) -> tuple[str, str]:
    """The subject of the question's fact and its property, for ``readable``'s ``asked``."""
    if ground.statement is None:
        return "", ""
    s, p, o = ground.statement
    return (ground.label(o), p[1:]) if p.startswith("^") else (ground.label(s), p)


def _noun_field(match: re.Match[str], subject: str, asked: str) -> str:
    prop = _NOUN_FIELDS[" ".join(match["field"].lower().split())]
    return f"{match['lead']}{subject} {_NOUN_VERBS[prop]} " if prop == asked else match.group(0)


_UNTIL_DEATH = re.compile(
    r"\b(?P<until>until|till|up\s+to)\s+(?:his|her|their)\s+death\s+in\s+(?P<year>1\d{3}|20\d{2})\b", re.I
)
"""The year of a death that ends a span is the span's last: "married to Ruth Gordon from 1942 until her
death in 1985" is until 1985 (the parser hangs the year on "death")."""


_MISSION = re.compile(
    r"\b(?P<verb>opened|opens|has|have|had|keeps|kept|maintains|maintained|set\s+up|established)\s+"
    r"(?:an?\s+|its\s+|their\s+)?(?:resident\s+)?embass(?:y|ies)\s+(?:accredited\s+)?to\s+(?:the\s+)?"
    r"|\b(?P<accr>accredits|accredited)\s+(?:an?\s+|its\s+)?ambassadors?\s+to\s+(?:the\s+)?",
    re.I,
)
"""A mission said outright is a diplomatic relation: "Pakistan accredits an ambassador to the Holy See",
"Palestine opened an embassy to the Holy See". Only said, never denied: "has no embassy in" or "never
accredited an ambassador to" denies no relation (contacts may go through a third country), so a
clause with "not", "no" or "never" before it is left as written."""
_DENIED_BEFORE = re.compile(r"\b(?:not|no|never|n't|nor|neither)\b[^.;:!?\n]*$", re.I)


def _relations(match: re.Match[str]) -> str:
    before = match.string[max(0, match.start() - 80) : match.start()]
    if _DENIED_BEFORE.search(before) or match.group().lower().startswith(("has no", "have no")):
        return match.group()
    return "has diplomatic relations with "


_LISTED_AS = re.compile(
    r"(?:(?<=^)|(?<=[.!?:]\s)|(?<=\n))[^.!?:\n]{0,160}?\b(?:both\s+|all\s+)?"
    r"(?:lists?|listed|gives?|gave|records?|recorded|names?|named|shows?|showed|states?|stated|puts?|"
    r"registers?|registered|reports?|reported)\s+(?P<whose>his|her|its|their|[A-Z][\w.\-]*(?:\s+[A-Z][\w.\-]*){0,3}['’]s)\s+"
    r"(?P<noun>[a-z]+(?:\s+(?:of\s+)?[a-z]+)?)\s+as\s+",
    re.I,
)
"""A source that gives a fact: "His ProCyclingStats profile and his team's bio both list his birthplace
as Ipiales" is "his birthplace is Ipiales" (the source states nothing itself; read with it, the parser
finds no name for the subject "both")."""

_NAMED = r"[A-Z\u00C0-\u024F][\w'’.\-]*(?:\s+(?:of\s+)?[A-Z\u00C0-\u024F][\w'’.\-]*)*"
_NEITHER = re.compile(
    rf"(?P<a>{_NAMED})\s+and\s+(?P<b>{_NAMED})\s+(?P<mid>[^.;:\n]{{0,80}}?)[;,]\s*(?:and\s+|so\s+)?"
    r"(?:neither|one\s+(?:doesn't|does\s+not))\s+(?:lies?|sits?|is|falls?)\s+(?:within|inside|in|part\s+of)\s+"
    r"the\s+other\b"
)
"""Two places neither of which lies in the other: "Belgium and Spain are separate countries; neither lies
within the other", "Brooklyn and Manhattan are different boroughs; one doesn't lie within the other"
say each is not in the other (the parser finds no name in "neither" and "the other")."""

_BETWEEN = re.compile(
    r"\b[Tt]here\s+(?P<be>is|are|was|were|has\s+been|have\s+been)\s+\**(?P<no>no|not\s+any|never\s+been\s+any)?\**\s*"
    r"(?P<what>(?:(?:an?|any|formal|full|official)\s+)*[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+between\s+(?:the\s+)?"
    rf"(?P<a>{_NAMED})\s+and\s+(?:the\s+)?(?P<b>{_NAMED})"
)
"""A relation said to be between two things is each's with the other: "there are no diplomatic relations
between Mali and North Korea" reads "Mali has no diplomatic relations with North Korea" (the parser
reads nothing between a "there is" and two names). Not in a question restated ("whether there is no
...", "if there were ...")."""
_ASKING = re.compile(r"\b(?:whether|if)\b[^.;:!?\n]*$", re.I)
_HAD = {"is": "has", "are": "has", "was": "had", "were": "had"}


def _had_between(match: re.Match[str]) -> str:
    if _ASKING.search(match.string[max(0, match.start() - 80) : match.start()]):
        return match.group()
    had = _HAD.get(match["be"].lower(), "has had")
    no = "no " if match["no"] else ""
    return f"{match['a']} {had} {no}{match['what']} with {match['b']}"


_MEMBERS = re.compile(
    rf"(?P<a>{_NAMED})\s+(?P<be>is|was|are|were)\s+(?:one\s+of|among)\s+(?:the\s+)?(?P<b>{_NAMED})['’]s?\s+"
    r"(?:\w+\s+)?(?:member(?:\s+(?:states?|countries|nations))?s?)\b"
)
"""Membership said by the member list: "Hungary is one of the Zangger Committee's member states" is
"Hungary is a member of the Zangger Committee" (the parser hangs the committee on "states")."""
_ON_BOOKS = re.compile(
    rf"\b(?P<be>was|were|is|are)(?P<not>n't|\s+not|\s+never)?\s+on\s+(?P<club>{_NAMED})['’]s?\s+books\b"
)
"""A club's player is "on its books": "Dean Kiely was on Charlton Athletic's books from 1999 until 2006"."""
_CLUB_ROLE = re.compile(
    rf"\b(?P<be>was|were)(?P<not>n't|\s+not|\s+never)?\s+(?P<club>{_NAMED})['’]s?\s+(?:\w+\s+)?"
    r"(?:goalkeeper|keeper|striker|defender|midfielder|forward|winger|full-back|centre-back|captain)\b"
)
"""A club's player by position: "Dean Kiely was Charlton's regular goalkeeper" played for Charlton."""
_WHERE = re.compile(
    rf"(?P<place>{_NAMED})\s+(?:is|was)\s+(?:also\s+)?(?:the\s+(?:place|city|town)\s+)?where\s+"
    r"(?P<who>he|she)\s+(?P<did>died|was\s+born|(?:is|was|lies)\s+buried|lived)\b"
)
"""A place said by a cleft: "Hamburg is where he died" is "he died in Hamburg"."""
_EVENT_IN = re.compile(
    r"\b(?P<whose>his|her|the)\s+(?P<event>death|birth)(?:\s+itself)?\s+(?:was|took\s+place|happened|occurred)\s+"
    r"(?P<where>in|at)\b",
    re.I,
)
"""A life's event placed: "the death itself was in Manhattan", "her birth took place in Ulm"."""
_FOUNDED = re.compile(
    r"(?P<subject>\b\w+)\s+(?:traces?|traced|dates?|dated)\s+(?:its|their)\s+(?:founding|foundation|origins?|roots)"
    r"\s+(?:back\s+)?to(?=\s+(?:1\d{3}|20\d{2})\b)"
    r"|(?P<first>\b\w+)\s+was\s+first\s+(?:awarded|held|staged|contested|presented)\s+in(?=\s+(?:1\d{3}|20\d{2})\b)",
    re.I,
)
"""A beginning said by its first time: "SC Freiburg traces its founding to 1904", "The Erasmus Prize was
first awarded in 1958": founded in that year."""


def _where(match: re.Match[str], text: str) -> str:
    opens = not text[: match.start()].rstrip()[-1:] or text[: match.start()].rstrip()[-1:] in ".!?:\n"
    who = match["who"].capitalize() if opens else match["who"]
    return f"{who} {match['did']} in {match['place']}"


def _event(match: re.Match[str]) -> str:
    who = "she" if match["whose"].lower() == "her" else "he"
    return f"{who} {'died' if match['event'].lower() == 'death' else 'was born'} {match['where']}"


def _played(match: re.Match[str]) -> str:
    done = "did not play" if match["not"] and "never" not in match["not"] else "played"
    done = "never played" if match["not"] and "never" in match["not"] else done
    return f"{done} for {match['club']}"


def _member(match: re.Match[str]) -> str:
    return f"{match['a']} {match['be']} a member of {match['b']}"


def _neither(match: re.Match[str]) -> str:
    a, b = match["a"], match["b"]
    return f"{a} and {b} {match['mid']}; {a} is not located in {b}, and {b} is not located in {a}"


def _given(match: re.Match[str]) -> str:
    whose = match["whose"]
    return f"{whose.capitalize() if whose.islower() else whose} {match['noun']} is "


_START_LIST = re.compile(
    r"\b(?P<be>was|were|is|are)(?P<not>\s+not|n't)?\s+(?:on|among)\s+the\s+"
    r"(?:start(?:ing)?[\s-]?(?:list|line|sheet)|startlist|line-?up|entry\s+list)\s+(?:of|for|at|in)\b",
    re.I,
)
"""Being on a race's start list is starting it: "Colbrelli was on the start list of the 2019 Paris-Nice"
(the parser makes "start list of the 2019 Paris-Nice" one object, no race)."""


def _started(match: re.Match[str]) -> str:
    if match["not"]:
        return "did not start" if match["be"].lower() in ("was", "were") else "does not start"
    return "started" if match["be"].lower() in ("was", "were") else "starts"


_SOURCE = re.compile(
    r"(?:(?<=^)|(?<=[.!?:]\s)|(?<=\n))\s*(?:according\s+to|per|as\s+(?:reported|listed|stated)\s+(?:by|in))"
    r"\s+[^,.;\n]{1,80},\s*"
    r"|\s*\((?:see|cf\.|source)[^()]*\)",
    re.I,
)
"""Where a fact comes from, opening its sentence ("According to Britannica, ...") or in brackets: the
parser reads a sentence without it better, and it states nothing itself."""


_QUOTED_VERDICT = re.compile(
    r"[\"“](?P<said>[^\"”\n]{3,200})[\"”]\s+is\s+(?P<verdict>false|wrong|untrue|incorrect|not\s+true|true|correct|right)\b",
    re.I,
)
"""A statement quoted and judged: '"Wassenaar is part of Estonia" is false'."""


def _judged(match: re.Match[str]) -> str:
    verdict = " ".join(match["verdict"].lower().split())
    frame = "it is true that" if verdict in ("true", "correct", "right") else "it is false that"
    return f"{frame} {match['said'].rstrip('.')}"


def expand_abbreviations(text: str) -> str:
    """Each abbreviation the text introduces, "Name (ABBR)", replaced by the name where it is used."""
    found = {}
    for match in _ABBREVIATED.finditer(text):
        words = match["name"].split()
        for start in range(len(words)):  # "... by the Missile Technology Control Regime (MTCR)"
            initials = "".join(w[0] for w in words[start:] if w.lower() not in _SMALL)
            if initials == match["abbr"] and words[start].lower() not in _SMALL:
                found[match["abbr"]] = " ".join(words[start:])
                break
    for abbr, name in found.items():
        text = re.sub(rf"\s*\({abbr}\)", "", text)
        text = re.sub(rf"\b{abbr}\b", name, text)
    return text


def absolute(text: str) -> str:
    """``text`` with each relative year ("a decade later") written as the year it means ("in 1915"),
    counted from the last year written before it; left as it is when none was."""
    out, last, pos = [], None, 0
    for match in _RELATIVE.finditer(text):
        if text[: match.start()].rstrip().endswith(","):  # an aside: "born in 1819, two years later, ..."
            continue
        before = text[pos : match.start()]
        years = [int(y.group()) for y in _YEAR.finditer(text, 0, match.start())]
        last = years[-1] if years else None
        out.append(before)
        if last is None:
            out.append(match.group())
        else:
            out.append(f"in {last + _shift(match)}")
        pos = match.end()
    out.append(text[pos:])
    return "".join(out)


def _shift(match: re.Match[str]) -> int:
    if match["next"]:
        return -1 if match["next"].lower() == "previous" else 1
    if match["ago"]:
        return -1 if match["ago"].lower() == "earlier" else 1
    count = match["count"].lower()
    n = int(count) if count.isdigit() else int(_NUMBERS.get(" ".join(count.split()), 1))
    n *= 10 if match["unit"].lower().startswith("decade") else 1
    way = " ".join(match["way"].lower().split())
    return -n if way in ("earlier", "before that", "previously") else n
