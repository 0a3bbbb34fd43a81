"""A temporal case's question, from its formula and the events it names, in either wording.

Plain questions (generator/mtl_text.py) are told what the events are beyond their clauses: an
award's years are the years it was given, and a stretch's first and last years may be asked "at
any time in". Lives known from their births alone, and bodies from their founding alone, asked
without other events, are asked as those births or foundings (``born_question``). Drowzee's
wording (generator/mtl_table3.py) takes each event's sentence as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from kgtest.generator.asked import AT_ANY_TIME
from kgtest.generator.mtl_table3 import table3_question
from kgtest.generator.mtl_text import DROWZEE, mtl2nl, year_text
from kgtest.generator.mtl_windows import birth_cutoff
from kgtest.generator.mtl_windows import simplified as mtl_simplified
from kgtest.generator.temporal_event import TemporalEvent, edges_of, start_only
from kgtest.prolog import mtl

AWARDS = frozenset({"P166", "P1411"})
"""Award received, nominated for: the KB's year is the year the award was given, which plain
questions say of an award for the year's best ("given in 1999"); blind readers took "in 1999"
for the year of the work too."""
_RANKED = re.compile(r"\b(?:Best|Worst|Most|Outstanding|of the Year)\b")
"""An award for the best (or worst) of a year or season: "Academy Award for Best Supporting
Actor", "NBA Most Valuable Player Award", "UEFA Club Footballer of the Year", "Primetime Emmy Award
for Outstanding Lead Actress" (a television season's). Other awards (an order, a medal, a prize for
a life's work) have no year but the one they were given in, and "the Order of Lenin given in 1980"
read stiff to five readers of five."""


SEASONS = frozenset({"P54"})
"""A sports team: "Did Javi Moreno play for Real Zaragoza in 1999?" read as the 1998-99 or the
1999-2000 season to the twelfth session's readers, where the KB's year is a calendar year; "in the
calendar year 1999" read formulaic to its second round's. A plain suite asks a team's year only
where reading it as the year before or after gives the same answer (generator/temporal_draw.py),
so "in 1999" says it; a ranked award's year likewise (``ceremony_year``)."""
CAREERS = frozenset({"P54", "P69", "P102", "P108", "P463", "P551"})
"""A team, a school, a party, an employer, a membership, a home: "Did Richard Gough play for
Rangers in 1998?" asks about any part of 1998 in the year he left, as English says it (the
eleventh session's readers rated "... at any time in 1998" a stiff template); a place's region in
the year it changed keeps "at any time in 2016" (all of 2016 or part of it?)."""


def question_of(formula: mtl.Formula, year: int, used: Sequence[TemporalEvent], wording: str) -> str:
    """The question whether ``formula`` holds in ``year``; ``used``: its events, worded."""
    if wording == DROWZEE:
        return table3_question(formula, year, {ev.id: ev.description for ev in used})
    given = [ev.id for ev in used if ranked_award(ev)]
    edges = {ev.id: edges_of(ev) for ev in used if ev.topic not in CAREERS}
    starts = {start_only(ev) for ev in used}
    lives = {ev.id: ev.clause.subject for ev in used if ev.clause is not None}
    began = starts.pop() if len(starts) == 1 else ""
    who = {ev.id: ev.who for ev in used if ev.who}
    bare = {ev.id: ev.evidence[0].subject_label for ev in used if ev.evidence}
    if began and len(lives) == len(used) and (born := born_question(formula, year, lives, began, who, bare)):
        return born
    any_time = [ev.id for ev in used if ev.topic in AT_ANY_TIME]
    describe = {ev.id: ev.clause or ev.description for ev in used}
    return mtl2nl(formula, year, describe, given, edges, any_time)


def born_question(
    formula: mtl.Formula,
    year: int,
    lives: Mapping[str, str],
    began: str = "born",
    who: Mapping[str, str] | None = None,
    bare: Mapping[str, str] | None = None,
) -> str | None:
    """Lives known only from their births (``lives``: their names), asked without other events, as
    the births they ask about (``began``: "founded" for bodies known only from their founding, the
    same way): "Was Jon Izagirre born before 1989?" for "... alive at some time between 1983 and
    1988?" (blind readers found a living cyclist's "alive" stiff, the eleventh session's "born in
    1988 or earlier"); a birth says who is born where ``who`` tells ("Was the cyclist Chris Horner
    born ...?"). Two: "Were A and B both born before 1991?", "Was at least one of A and B born before
    1991?" (the thirteenth session's start readers rated "Were both A and B" and "at least one of A
    and B" formulaic; side by side, bench/question_wording_trial, "A and B both" read clear to all,
    "at least one of" stiff to some but one way to all, and "either A or B" two ways 4 times of 6,
    "A or B" 6 of 6; the fourteenth session's trial, fourth/, read "at least one of the cyclists A
    and B" one way 8 of 8, "either of" and "either A or B" two ways 8 of 8 each, "exactly one"; a
    plain suite asks "or" only where the exclusive reading agrees, generator/temporal_draw.py). A
    pair is told apart alike (``_pair``): both by one line of work or neither, never "the cyclist A
    and B" nor "the footballer A and the cyclist B"; where the namer tells one only, that one comes
    second ("B and the cyclist A"). With no death known, a life may last any time after its birth,
    and the years that depends on are never asked: a Yes is asked only where the formula holds for
    sure and a No only where it fails for sure, which here is where it holds or fails taking each
    life from its birth on. Then "alive in year z" is "born in z or earlier", true from the birth
    on, so "in some year of a window" is the window's last year and "in every year" its first. None
    for any other formula."""
    body, last = birth_cutoff(mtl_simplified(formula), year)
    match body:
        case mtl.Atom(name=name):
            names, join = [name], ""
        case mtl.And(phi1=mtl.Atom(name=n1), phi2=mtl.Atom(name=n2)) if n1 != n2:
            names, join = [n1, n2], "and"
        case mtl.Or(phi1=mtl.Atom(name=n1), phi2=mtl.Atom(name=n2)) if n1 != n2:
            names, join = [n1, n2], "or"
        case _:
            return None
    if last is None or not all(n in lives for n in names):
        return None
    if len(names) == 2 and any(" and " in lives[n] or " or " in lives[n] for n in names):
        return None  # "Was Antigua and Barbuda FC or X ...?" reads as three
    said = [(who or {}).get(n) or lives[n] for n in names]  # "the cyclist Chris Horner" (``who``)
    plain = [(bare or {}).get(n, "") for n in names]
    if len(names) == 2 and (
        (said[0] == plain[0]) != (said[1] == plain[1]) or len(set(_tags(said, plain))) > 1
    ):
        # one told and the other not, or each by another line of work ("at least one of the
        # footballer A and the cyclist B", heavy to the thirteenth session's readers): as the namer must
        said = [lives[n] for n in names]
    if len(names) == 2 and said[0] != plain[0] and said[1] == plain[1]:
        said, plain = said[::-1], plain[::-1]  # "the cyclist A and B" reads as two cyclists
    before = f"{began} before {year_text(last + 1)}?"
    if len(names) == 1:
        return f"Was {said[0]} {before}"
    if join == "or":
        return f"Was at least one of {_pair(said, plain)} {before}"
    return f"Were {_pair(said, plain)} both {before}"


def _pair(said: list[str], bare: list[str]) -> str:
    """Two names joined by "and", a shared line of work said once: "the cyclists Ben Swift and
    Christine Majerus" (``bare``: their names without it, where known), not "the cyclist Ben Swift
    and the cyclist Christine Majerus", which reads as a list."""
    tags = set(_tags(said, bare))
    tag = tags.pop() if len(tags) == 1 else ""
    if not tag.startswith("the ") or tag == "the":
        return " and ".join(said)
    return f"{tag}{'es' if tag.endswith(('s', 'sh', 'ch', 'x')) else 's'} {bare[0]} and {bare[1]}"


def _tags(said: list[str], bare: list[str]) -> list[str]:
    """What each name says before its bare name ("the cyclist"), "" where nothing."""
    return [
        name.removesuffix(f" {plain}") if plain and name.endswith(f" {plain}") else ""
        for name, plain in zip(said, bare, strict=True)
    ]


def ranked_award(event: TemporalEvent) -> bool:
    """``event`` is an award for the best of a year or season (``_RANKED``)."""
    return event.ranked or any(f.property in AWARDS and ranked_label(f.object_label) for f in event.evidence)


def ranked_label(label: str) -> bool:
    """An award's label says it is for the best of a year or season (``_RANKED``)."""
    return bool(_RANKED.search(label))


def ceremony_year(event: TemporalEvent) -> bool:
    """A reader may take ``event``'s year, a ranked award's ceremony, for its film's, the year before
    ("Was Halle Berry awarded the Golden Raspberry Award for Worst Actress in 2004?" read both ways by
    the twelfth session's third-round readers), or a film's year for the ceremony's: a plain suite
    asks it only where its years moved by one either way give the same answer
    (generator/temporal_draw.py). An award's event from the KB knows it unworded (``ranked``)."""
    return event.topic in AWARDS and ranked_award(event)
