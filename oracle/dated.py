"""Years said with a fact ("won the Nobel Prize in Physics in 1921", "was married to Reagan from 1940
to 1949"), and the dates of things ("was founded in 2018"): read, checked against the KB's.

The parser reads a year in a fact's clause as a triple of its own ("Einstein won in 1921"),
which names no property. Here it dates the clause's fact instead: the claim with the same
subject, the same sentence and the same verb gets ``when``, and the year's triple is marked
``dated`` (read, so no unread sentence). A year before an award's name dates it too ("the 1921
Nobel Prize in Physics"). "in", "on", "during" give the one year; "from", "since" and
"between" the first; "until", "to", "through" the last; "became ... in" the first too.

A dated claim is wrong knowledge when the KB dates the same fact otherwise: another first or
last year, or a single year outside the KB's span. Dates of things (birth, death, inception,
dissolution, start, end, point in time) are compared with the case's dates, else the KB
entity's (``start_year``, ``end_year``, ``point_year``). A fact or thing the KB does not date
is open, as any claim the KB does not decide.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from kgtest.oracle.claims import ENDED, Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.light_verbs import EDGE
from kgtest.oracle.relations import words
from kgtest.oracle.similarity import year_of, year_text

_POINT = {"in", "on", "during", "around", "circa", "by", "at"}
_START = {"from", "since", "between"}
_END = {"until", "till", "to", "through"}
DATED = "dated"
"""The status of a year's triple read as the date of its clause's fact."""
MISDATED = "misdated"
"""The status of a claim whose fact the KB holds with other years: wrong knowledge, yet no wrong
statement of the question ("was in Metropolitan France until 2019", KB: until 2016)."""
STARTS = ("P569", "P571", "P580")
"""Birth, inception, start time: a thing's first year (``Entity.start_year``)."""
ENDS = ("P570", "P576", "P582")
"""Death, dissolution, end time: its last (``Entity.end_year``)."""
POINTS = ("P585", "P577")
"""Point in time, publication: the one year it happened (``Entity.point_year``)."""

Span = tuple[int | None, int | None]
_A_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2})\b")


def attach(claims: Sequence[Claim]) -> list[Claim]:
    """The claims with the years of their clauses attached, and those years' triples marked ``dated``."""
    out = list(claims)
    said: dict[int, list[tuple[str, int]]] = {}
    for k, y in enumerate(out):
        if y.object.how != "year" or y.object.year is None or not _free(y, out):
            continue
        if y.negated:  # "were not yet married in 1952" dates nothing: read, not checked
            if _owner(out, y, words(y.triple.relation).split()[:-1]) is not None:
                out[k] = replace(y, status=DATED)
            continue
        *verb, prep = words(y.triple.relation).split()
        if not verb and _copular(y):  # "were husband and wife from 1995": the clause's "be" fact
            verb = [_BE]
        elif not verb and _became(y):  # "became twin cities in 2001": the fact holds from then on
            verb, prep = [_BECOME], "since" if prep in _POINT else prep
        if prep not in _POINT | _START | _END or not verb:
            continue
        owner = _owner(out, y, verb)
        if owner is not None:
            said.setdefault(owner, []).append((prep, y.object.year))
            out[k] = replace(y, status=DATED, statement=None, relation=None)
    for k, c in enumerate(out):
        if c.relation is not None and c.relation.how == ENDED:  # "left Alavés in 2002": its last year
            ended = max((y for _, y in said.get(k, ())), default=None)
            out[k] = replace(c, when=(None, ended)) if ended else replace(c, relation=None, statement=None)
        elif k in said:
            out[k] = replace(c, when=_span(said[k]))
        elif c.relation is not None and c.relation.how == EDGE and _undated_year(c):
            out[k] = replace(c, relation=None, statement=None, alternatives=())  # its years unread: unread
        elif c.statement is not None and c.when is None and c.object.known:
            first = c.object.name.split()[0] if c.object.name.split() else ""
            year = year_of(first) if first[:1].isdigit() else None
            if year is not None:  # "the 1921 Nobel Prize in Physics"
                out[k] = replace(c, when=(year, year))
    return [_until_dated(c, out) for c in out]


def _undated_year(claim: Claim) -> bool:
    """A year in the sentence of a fact read from the evidence by its light verb (light_verbs.py) that
    no year of the clause dated: "was with Milan, having joined in 1987" may date it otherwise."""
    rest = claim.triple.sentence
    for name in (claim.triple.subject, claim.triple.object):
        rest = rest.replace(name, " ")
    return bool(_A_YEAR.search(rest))


def _until_dated(claim: Claim, claims: list[Claim]) -> Claim:
    """A fact "until" a dated clause of its subject ends that year: "Alsace was a region of Metropolitan
    France until it was folded into Grand Est in 2019" is in Metropolitan France until 2019."""
    if claim.statement is None or claim.when is not None or claim.object.how == "year":
        return claim
    sentence = claim.triple.sentence
    until = re.search(re.escape(claim.triple.object) + r"\W*\s+until\s+(?:it|he|she|they)\b", sentence)
    if until is None:
        return claim
    for d in claims:
        if (
            d is not claim
            and d.triple.sentence == sentence
            and d.triple.subject == claim.triple.subject
            and d.when is not None
            and d.when[0] == d.when[1]
            and sentence.find(d.triple.object, until.end()) >= 0
        ):
            return replace(claim, when=(None, d.when[1]))
    return claim


def _free(year: Claim, claims: list[Claim]) -> bool:
    """A year no date property was read for, or one read as a date of the subject where the clause
    states another fact: "established diplomatic relations with Liberia in 1864" dates the relations,
    not the United States (but "born in Ulm in 1879" is a birth year: the place's own date)."""
    if year.statement is None:
        return year.relation is None
    if year.statement[1] not in _DATES:
        return False
    verb = words(year.triple.relation).split()[:-1]
    owner = _owner(claims, year, verb) if verb else None
    fact = claims[owner].statement if owner is not None else None
    return fact is not None and _PLACE_OF.get(fact[1]) != year.statement[1]


_DATES = {*STARTS, *ENDS, *POINTS}
_PLACE_OF = {"P19": "P569", "P20": "P570"}


def _owner(claims: list[Claim], year: Claim, verb: list[str]) -> int | None:
    """The fact the year's clause states: same sentence, same subject, the same verb words."""
    found = [
        k
        for k, c in enumerate(claims)
        if c.statement is not None
        and c.object.how != "year"
        and c.triple.sentence == year.triple.sentence
        and year.triple.subject in (c.triple.subject, c.triple.object)  # "Pierre and Marie married in 1895"
        and (
            _copular(c)
            if verb == [_BE]
            else _became(c)
            if verb == [_BECOME]
            else words(c.triple.relation).split()[: len(verb)] == verb
        )
    ]
    found = found if len(found) < 2 else [k for k in found if claims[k].triple.subject == year.triple.subject]
    sentence, at = year.triple.sentence, year.triple.sentence.find(year.triple.object)
    if at >= 0:  # "won X in 1911; she had won Y in 1903": the fact named last before the year, in its clause
        before = [(_last(sentence, claims[k].triple.object, at), k) for k in found]
        before = [  # searched from the name's end: "A.C. Milan from 1990" has no clause break in it
            (where, k)
            for where, k in before
            if where >= 0 and not _CLAUSE.search(sentence, where + len(claims[k].triple.object), at)
        ]
        after = [(sentence.find(claims[k].triple.object, at), k) for k in found]  # "In 1968 he was ..."
        after = [(where, k) for where, k in after if where > at and not _CLAUSE.search(sentence, at, where)]
        found = (
            [max(before)[1]]
            if before
            else [min(after)[1]]
            if after
            else [k for k in found if claims[k].triple.object not in sentence]
        )
    return found[0] if len(found) == 1 else None


def _last(sentence: str, name: str, end: int) -> int:
    """Where ``name`` last starts before ``end`` as a name of its own: not the tail of a longer one
    ("Rhône-Alpes region" inside "Auvergne-Rhône-Alpes region"); -1 when nowhere."""
    at = sentence.rfind(name, 0, end)
    while at > 0 and (sentence[at - 1].isalnum() or sentence[at - 1] in "-‐–"):
        at = sentence.rfind(name, 0, at)
    return at


_BECOME = "become"
"""The verb of a year said with "became" ("became twin cities in 2001"): the start of the fact it dates."""
_BE = "be"
"""The verb of a year said with "be" alone ("were ... from 1995"): it dates a fact said with "be" too."""


def _became(claim: Claim) -> bool:
    return claim.triple.relation.split()[:1] in (["became"], ["become"], ["becomes"])


def _copular(claim: Claim) -> bool:
    return claim.triple.relation.split()[:1] in (["is"], ["was"], ["are"], ["were"])


_CLAUSE = re.compile(r"[;:—–]|\.\s")
"""What ends a clause between a fact's object and a year: the year is not that fact's."""


def _span(said: list[tuple[str, int]]) -> Span:
    points = sorted(y for p, y in said if p in _POINT)
    ranged = sorted(y for p, y in said if p == "between")
    starts = [y for p, y in said if p in ("from", "since")] + ranged[:1]
    ends = [y for p, y in said if p in _END] + ranged[1:]
    if points and not starts and not ends:
        return points[0], points[-1]
    return (min(starts) if starts else None), (max(ends) if ends else None)


def wrong_dates(claim: Claim, spans: Sequence[Span]) -> str:
    """Why the claim's years are not the KB's for its fact, or "" (no years, no KB dates, or agreeing)."""
    if claim.when is None or claim.negated:
        return ""
    spans = [s for s in spans if s != (None, None)]
    if not spans:
        return ""
    if any(_agrees(claim.when, s) for s in spans):
        return ""
    return f"the KB dates it {' and '.join(_text(s) for s in spans)}"


def denial_unplaced(claim: Claim, spans: Sequence[Span]) -> bool:
    """Whether a denial of a fact the KB dates may be of other years than the KB's: its years do not
    meet the KB's, or the sentence names a year not read as the claim's ("from 2006 it was never in
    Nuoro", KB: until 2005). A flat "was never in Nuoro" denies every year: it is not."""
    spans = [s for s in spans if s != (None, None)]
    if not spans:
        return False
    if claim.when is not None:
        return not any(_meets(claim.when, s) for s in spans)
    return _A_YEAR.search(claim.triple.sentence) is not None


def another_time(claim: Claim, ground: GroundGraph) -> bool:
    """Whether the claim's years miss every span of the proof's facts of its subject and property: "He
    married Marian Seldes in 1990" gives Kanin no other spouse than Ruth Gordon's, 1942 to 1985, and
    says nothing of those years."""
    if claim.when is None or claim.statement is None:
        return False
    s, p, _ = claim.statement
    spans = [
        (e.start, e.end)
        for e in ground.edges
        if e.property == p.lstrip("^") and s in (e.subject, e.object) and (e.start, e.end) != (None, None)
    ]
    return bool(spans) and not any(_meets(claim.when, x) for x in spans)


def _meets(said: Span, kb: Span) -> bool:
    first, last = said
    start, end = kb
    return (first is None or end is None or first <= end) and (last is None or start is None or start <= last)


def _agrees(said: Span, kb: Span) -> bool:
    first, last = said
    start, end = kb
    if first is not None and first == last:  # one year: within the KB's span
        return (start is None or start <= first) and (end is None or first <= end)
    return (first is None or start is None or first == start) and (last is None or end is None or last == end)


def _text(span: Span) -> str:
    start, end = span
    if start is not None and start == end:
        return year_text(start)
    if start is not None and end is not None:
        return f"{year_text(start)} to {year_text(end)}"
    return f"from {year_text(start)}" if start is not None else f"until {year_text(end or 0)}"


def date_kind(pid: str) -> str:
    """``start``, ``end`` or ``point`` for a property dating a thing; "" for any other."""
    return "start" if pid in STARTS else "end" if pid in ENDS else "point" if pid in POINTS else ""


_BOUNDED = re.compile(r"\b(?P<year>\d{3,4})\s+or\s+(?P<way>earlier|before|sooner|later|after)\b", re.I)
_BEFORE = re.compile(r"\b(?P<way>before|after)\s+(?P<year>\d{3,4})\b", re.I)
"""A bound said of the date itself: "he was born before 1987", "OHADA was not founded before 1998"."""
_YEAR_COMPARED = re.compile(r"\b\d{3,4}\s+(?:is|was|comes|came|falls|fell)(?:\s+\w+)?\s*$", re.I)
"""A year said to be before or after another ("Since 1991 is after 1990, she was not born before 1990"):
a comparison of years, not the bound of the date."""


def bounded(claim: Claim) -> bool:
    """A year claim said as a bound ("born before 1987", "born in 1995 or earlier"): checked as one, and
    no year of the reply's world (the year itself is not the date it says)."""
    said = claim.year
    if said is None:
        return False
    if any(int(b["year"]) == said for b in _BOUNDED.finditer(claim.triple.sentence)):
        return True
    last = claim.triple.relation.split()[-1:]
    return last in (["before"], ["after"]) and any(
        int(b["year"]) == said for b in _BEFORE.finditer(claim.triple.sentence)
    )


def year_holds(claim: Claim, known: int) -> bool:
    """Whether a year claim is right for the KB's year: "born in 1993" is, "was not born in 1992" is
    too; a bound is checked as one, said ("born before 1987", "born in 1995 or earlier") or denied
    ("he wasn't born in 1820 or earlier" is wrong for a birth in 1812: styled_blind11 W3-026, W3-032;
    "not founded before 1998" is right for 1998)."""
    said = claim.year
    if said is None:
        return False
    sentence = claim.triple.sentence
    for bound in _BOUNDED.finditer(sentence):
        if int(bound["year"]) == said:
            earlier = bound["way"].lower() in ("earlier", "before", "sooner")
            holds = known <= said if earlier else known >= said
            return holds != claim.negated
    if claim.triple.relation.split()[-1:] in (["before"], ["after"]):
        for bound in _BEFORE.finditer(sentence):
            if int(bound["year"]) == said and not _YEAR_COMPARED.search(sentence, 0, bound.start()):
                holds = known < said if bound["way"].lower() == "before" else known > said
                return holds != claim.negated
    if not claim.negated:
        return known == said
    return known != said
