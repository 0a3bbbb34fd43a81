"""The readings of a drawn temporal formula, and their years from mtl.pl, many to one query.

A candidate (generator/temporal_draw.py) is asked in years where its formula's own reading and,
for a plain question, every other way a reader may take it (``other_readings``) give the same
answer. Each reading is one or two formulas for mtl.pl (``reading``); a block's are sent in one
query (``evaluated``, ``mtl.evaluate_all``): one query per formula cost five times what mtl.pl
does with it, and was most of a suite's temporal draw.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from kgtest.generator.mtl_random import clip, complement, merged
from kgtest.generator.mtl_windows import ends_left_out, exclusive, simplified
from kgtest.prolog import mtl
from kgtest.prolog.mtl_bounds import bound_jobs

if TYPE_CHECKING:
    from kgtest.generator.temporal_draw import Draws

Spans = list[tuple[int, int]]
Reading = tuple[mtl.Job, ...]
"""One reading's evaluations: the exact years, or (where an event it names has an open end) the
years it surely holds in and those it may hold in (prolog/mtl_bounds.py)."""


def reading(
    formula: mtl.Formula,
    draws: Draws,
    used: list[str],
    known: Mapping[str, Spans] | None = None,
    possible: Mapping[str, Spans] | None = None,
) -> Reading:
    """``formula`` over the draws' events, or over the ``known`` and ``possible`` years given instead."""
    known = draws.known if known is None else known
    if draws.open_ended.intersection(used):
        return bound_jobs(formula, known, draws.possible if possible is None else possible)
    return ((formula, known),)


def evaluated(readings: Sequence[Reading], universe: tuple[int, int]) -> list[tuple[Spans, Spans]]:
    """The years each reading surely holds in, and may hold in (the same when no event is
    open-ended), all from one query."""
    answers = iter(mtl.evaluate_all([job for r in readings for job in r], universe))
    out = []
    for r in readings:
        sure = next(answers)
        out.append((sure, next(answers) if len(r) == 2 else sure))
    return out


def other_readings(formula: mtl.Formula, draws: Draws, used: list[str]) -> list[Reading]:
    """``formula`` as other readers read its plain question:

    * a window's ends left out ("between 2003 and 2015" without its ends: generator/mtl_windows.py);
    * each "or" exclusive ("Was A or B born before 1989?": one of them only, mtl_windows.py);
    * a team's year (``seasons``) read as the year before or after it: a Yes where the event held
      in both, a No where it held in neither;
    * a ranked award's years (``ceremonies``) all moved by one, back (the film's year for the
      ceremony's) or on: each a reading of its own;
    * each event held only in the years it neither began nor ended in: "Did both A and B play for X
      at any time in 2009?" (at once, or each at some point?), "Was Aude in Occitania in 2016?" (the
      year the region was made). A lone event asked "at any time" in a year, or "in any year" of a
      window (nothing but "some year" over it), says that it counts any part of a year, and keeps its
      edges; so does a career's "in 1998" (generator/temporal_question.py ``CAREERS``).
    """
    return list(_other_readings(formula, draws, used))


def _other_readings(formula: mtl.Formula, draws: Draws, used: list[str]) -> Iterator[Reading]:
    said = simplified(formula)
    if (strict := ends_left_out(said)) != said:
        yield reading(strict, draws, used)
    if (one := exclusive(said)) != said:
        yield reading(one, draws, used)
    if seasons := [name for name in used if name in draws.seasons]:
        # plain formulas are positive: the held years shrunk by one at each end give where every
        # season reading holds, grown by one where any may
        u0, u1 = draws.universe
        known, possible = _own(draws, used)
        for name in seasons:
            known[name] = [(a + 1, b - 1) for a, b in draws.known[name] if a < b - 1]
            possible[name] = merged([(max(u0, a - 1), min(u1, b + 1)) for a, b in draws.possible[name]])
        yield bound_jobs(formula, known, possible)
    if ceremonies := [name for name in used if name in draws.ceremonies]:
        u0, u1 = draws.universe
        for shift in (-1, 1):
            known, possible = _own(draws, used)
            for name in ceremonies:
                known[name] = clip([(a + shift, b + shift) for a, b in draws.known[name]], u0, u1)
                possible[name] = clip([(a + shift, b + shift) for a, b in draws.possible[name]], u0, u1)
            yield reading(formula, draws, used, known, possible)
    edged = {name: draws.edges[name] for name in used if name in draws.edges}
    if edged and not _at_any_time(said):
        known, possible = _own(draws, used)
        for name, edges in edged.items():
            cut = [(y, y) for y in edges]
            known[name] = [p for a, b in draws.known[name] for p in complement(cut, a, b)]
            possible[name] = [p for a, b in draws.possible[name] for p in complement(cut, a, b)]
        yield reading(formula, draws, used, known, possible)


def _own(draws: Draws, used: list[str]) -> tuple[dict[str, Spans], dict[str, Spans]]:
    """The known and possible years of the events a formula names, to change for a reading (a copy
    of all the draws' events cost more than evaluating the formula)."""
    return {x: draws.known[x] for x in used}, {x: draws.possible[x] for x in used}


def _at_any_time(f: mtl.Formula) -> bool:
    """One event in some year of a window or in one year, said "at any time" (generator/mtl_text.py)."""
    while isinstance(f, mtl.Next | mtl.Finally) or (isinstance(f, mtl.Globally) and f.a == f.b):
        f = f.phi
    return isinstance(f, mtl.Atom)
