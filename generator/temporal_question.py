"""A temporal case's question, from its formula and the events it names, in either wording.

Plain questions (generator/mtl_text.py) are told what the events are beyond their clauses: an
award's years are the years it was given, a stretch's first and last years may be asked "at any
time in", and a life known from its birth alone is asked as that birth. Drowzee's wording
(generator/mtl_table3.py) takes each event's sentence as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kgtest.generator.mtl_random import merged
from kgtest.generator.mtl_table3 import table3_question
from kgtest.generator.mtl_text import DROWZEE, mtl2nl
from kgtest.prolog import mtl

if TYPE_CHECKING:
    from kgtest.generator.temporal import TemporalEvent

AWARDS = frozenset({"P166", "P1411"})
"""Award received, nominated for: the KB's year is the year the award was given, which plain
questions say ("given in 1999"); blind readers took "in 1999" for the year of the work too."""


def question_of(formula: mtl.Formula, year: int, used: Sequence[TemporalEvent], wording: str) -> str:
    """The question whether ``formula`` holds in ``year``; ``used``: its events, worded."""
    if wording == DROWZEE:
        return table3_question(formula, year, {ev.id: ev.description for ev in used})
    given = [ev.id for ev in used if ev.topic in AWARDS]
    edges = {ev.id: {y for a, b in merged(ev.intervals) if a < b for y in (a, b)} for ev in used}
    births = [ev.id for ev in used if _birth_only(ev)]
    return mtl2nl(formula, year, {ev.id: ev.clause or ev.description for ev in used}, given, edges, births)


def _birth_only(ev: TemporalEvent) -> bool:
    """A life the KB knows from its birth alone: known in that one year, unknown from the next on."""
    return (
        ev.topic == "was alive"
        and len(ev.intervals) == 1
        and ev.intervals[0][0] == ev.intervals[0][1]
        and len(ev.unknown) == 1
        and ev.unknown[0][0] == ev.intervals[0][1] + 1
    )
