"""Temporal test cases (Drowzee section 3.4): random MTL formulas over dated events, asked at one year.

Each case is a formula, a query year and the exact set of years where the formula holds
(from mtl.pl), so the expected answer is "Yes" when the year is in that set. Query years
are balanced between Yes and No and favour the years at the edges of the set, where a
model that half-remembers a date goes wrong. Query years never let a window run past the
end of the universe (``t <= U1 - horizon``), so no answer depends on the end-of-time
convention (docs/temporal-semantics.md).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kgtest.core.errors import GenerationError
from kgtest.generator.case import Answer, EvidenceFact, Proof, TestCase, case_id
from kgtest.generator.mtl_random import (
    Neighbours,
    assign_events,
    clip,
    complement,
    edge_years,
    gap,
    random_formula,
    uniform_year,
)
from kgtest.generator.mtl_text import mtl2nl, temporal_prompt
from kgtest.prolog import mtl

BOUNDARY_SHARE = 0.5
"""Share of query years drawn from the edges of the satisfying set (others are uniform)."""

_CLOSED_WORLD = "closed world: each event held only in the years the knowledge base records for it"


@dataclass(frozen=True, slots=True)
class TemporalEvent:
    """A dated event the generator can ask about, with the KB facts that date it.

    A KB adapter is one constructor call per source of years, e.g. for a person::

        TemporalEvent(id=f"{e.id}:alive", description=f"{e.label} was alive",
                      intervals=((e.start_year, e.end_year),), domain=e.domain.value,
                      evidence=(birth_fact, death_fact))

    (``point_year`` gives ``((y, y),)``; a dated Fact gives its start/end years.)
    """

    id: str
    """Unique name, used as the atom in formulas (any text: it is quoted for Prolog)."""
    description: str
    """A past-tense clause true in the event's years: "Charles Dickens was alive"."""
    intervals: tuple[tuple[int, int], ...]
    """Closed year intervals (astronomical numbering, 44 BCE is -43); may overlap."""
    domain: str = "unknown"
    evidence: tuple[EvidenceFact, ...] = ()

    def __post_init__(self) -> None:
        if not self.intervals or any(s > e for s, e in self.intervals):
            raise GenerationError(
                f"event id={self.id!r} has intervals={self.intervals!r}; give at least one (start, end) "
                "with start <= end"
            )


@dataclass(frozen=True, slots=True)
class TemporalReport:
    """What a generation run did: kept cases, their answers, and why candidates were dropped."""

    requested: int
    generated: int
    attempts: int
    """Candidate formulas drawn; every one is generated, filtered or a duplicate."""
    yes: int
    no: int
    boundary: int
    """Cases whose query year is the first or last year of a satisfying interval, or just outside one."""
    filtered_disjoint: int
    """Two of the formula's events are further apart in time than the formula can look ahead."""
    filtered_trivial_true: int
    """True at every year that could be asked."""
    filtered_trivial_false: int
    filtered_too_wide: int
    """The formula looks further ahead than the universe leaves room for."""
    duplicates: int
    """A case already generated, or a formula with the same sub-formula on both sides of an operator."""

    @property
    def filtered(self) -> int:
        return (
            self.filtered_disjoint
            + self.filtered_trivial_true
            + self.filtered_trivial_false
            + self.filtered_too_wide
        )


def generate_temporal_cases(
    events: Sequence[TemporalEvent],
    *,
    depth: int,
    count: int,
    seed: int,
    universe: tuple[int, int],
    max_window: int = 30,
) -> tuple[list[TestCase], TemporalReport]:
    """Up to ``count`` temporal cases whose formulas nest ``depth`` operators deep.

    The same arguments give the same cases in the same order (byte-identical JSONL).
    Raises GenerationError when no case at all can be made, with the filter counts.
    """
    u0, u1 = universe
    if depth < 0 or count < 0 or max_window < 1 or u0 > u1:
        raise GenerationError(
            f"depth={depth}, count={count}, max_window={max_window}, universe={universe}: need depth >= 0, "
            "count >= 0, max_window >= 1 and universe=(first_year, last_year) with first <= last"
        )
    table = _usable(events, u0, u1)
    rng = random.Random(seed)
    spans = {name: clip(_merged(ev.intervals), u0, u1) for name, ev in table.items()}
    hulls = {name: (s[0][0], s[-1][1]) for name, s in spans.items()}
    near = Neighbours(hulls)
    names = list(table)
    tally: Counter[str] = Counter()
    seen: set[tuple[str, int]] = set()
    cases: list[TestCase] = []
    while len(cases) < count and tally["attempts"] < 50 * count + 100:
        tally["attempts"] += 1
        shape = random_formula(rng, depth, max_window)
        reach = mtl.horizon(shape)
        formula = assign_events(shape, _distinct(rng, near.of(rng.choice(names), reach)))
        if _echoes(formula):
            tally["duplicates"] += 1
            continue
        used = mtl.events_of(formula)
        if any(gap(spans[x], spans[y]) > reach for i, x in enumerate(used) for y in used[i + 1 :]):
            tally["disjoint"] += 1
            continue
        # Askable years: the era of the events (every edge of the satisfying set lies in it)
        # and never so late that a window runs past the universe.
        lo = max(u0, min(hulls[n][0] for n in used) - reach - max_window)
        hi = min(u1 - reach, max(hulls[n][1] for n in used) + max_window)
        if lo > hi:
            tally["too_wide"] += 1
            continue
        holds = mtl.evaluate(formula, spans, universe)
        yes_years, no_years = clip(holds, lo, hi), complement(holds, lo, hi)
        if not no_years or not yes_years:
            tally["trivial_true" if not no_years else "trivial_false"] += 1
            continue
        want_yes = tally["yes"] < tally["no"] or (tally["yes"] == tally["no"] and rng.random() < 0.5)
        year, boundary = _query_year(rng, holds, yes_years if want_yes else no_years, lo, hi, want_yes)
        key = (mtl.to_text(formula), year)
        if key in seen:
            tally["duplicates"] += 1
            continue
        seen.add(key)
        tally["yes" if want_yes else "no"] += 1
        tally["boundary"] += boundary
        cases.append(_case(formula, year, want_yes, boundary, holds, universe, table, spans))
    report = TemporalReport(
        requested=count,
        generated=len(cases),
        attempts=tally["attempts"],
        yes=tally["yes"],
        no=tally["no"],
        boundary=tally["boundary"],
        filtered_disjoint=tally["disjoint"],
        filtered_trivial_true=tally["trivial_true"],
        filtered_trivial_false=tally["trivial_false"],
        filtered_too_wide=tally["too_wide"],
        duplicates=tally["duplicates"],
    )
    if count and not cases:
        raise GenerationError(
            f"no temporal case could be made from {len(table)} events at depth={depth}: {report}. "
            "Give events that overlap in time, a lower depth or max_window, or a wider universe."
        )
    return cases, report


def _query_year(
    rng: random.Random,
    holds: list[tuple[int, int]],
    answer_years: list[tuple[int, int]],
    lo: int,
    hi: int,
    yes: bool,
) -> tuple[int, bool]:
    """A year in ``answer_years``: an edge of ``holds`` with probability BOUNDARY_SHARE, else uniform.

    Returns the year and whether it is an edge (just inside for "Yes", just outside for "No").
    """
    edges = edge_years(holds, lo, hi, inside=yes)
    year = rng.choice(edges) if edges and rng.random() < BOUNDARY_SHARE else uniform_year(rng, answer_years)
    return year, year in edges


def _usable(events: Sequence[TemporalEvent], u0: int, u1: int) -> dict[str, TemporalEvent]:
    """The events with at least one year inside the universe, by id (ids must be unique)."""
    ids: set[str] = set()
    table: dict[str, TemporalEvent] = {}
    for ev in events:
        if ev.id in ids:
            raise GenerationError(f"two events have id={ev.id!r}; event ids must be unique")
        ids.add(ev.id)
        if any(s <= u1 and e >= u0 for s, e in ev.intervals):
            table[ev.id] = ev
    if not table:
        raise GenerationError(
            f"none of the {len(events)} events has a year inside universe=({u0}, {u1}); widen the universe"
        )
    return table


def _echoes(formula: mtl.Formula) -> bool:
    """A binary operator with the same thing on both sides ("p or p") asks nothing new."""
    return any(
        isinstance(node, mtl.And | mtl.Or | mtl.Until) and node.phi1 == node.phi2
        for node in mtl.walk(formula)
    )


def _distinct(rng: random.Random, candidates: list[str]) -> Callable[[], str]:
    """Draw events without repeating one while others remain: "p or p" asks nothing."""
    drawn = itertools.cycle(rng.sample(candidates, len(candidates)))
    return lambda: next(drawn)


def _merged(intervals: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for s, e in sorted(intervals):
        if out and s <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def _case(
    formula: mtl.Formula,
    year: int,
    yes: bool,
    boundary: bool,
    holds: list[tuple[int, int]],
    universe: tuple[int, int],
    table: dict[str, TemporalEvent],
    spans: dict[str, list[tuple[int, int]]],
) -> TestCase:
    used = mtl.events_of(formula)
    text = mtl.to_text(formula)
    question = mtl2nl(formula, year, {n: table[n].description for n in used})
    evidence = tuple(dict.fromkeys(fact for n in used for fact in table[n].evidence))
    statement = f"holds({mtl.to_prolog(formula)}, {year})"
    return TestCase(
        id=case_id("temporal", text, year, *universe),
        kind="temporal",
        rule="mtl",
        domain=table[used[0]].domain,
        question=question,
        prompt=temporal_prompt(question),
        expected=Answer.YES if yes else Answer.NO,
        evidence=evidence,
        proof=Proof(
            rule="mtl",
            conclusion=statement if yes else f"not({statement})",
            premises=evidence,
            assumption="" if yes else _CLOSED_WORLD,
        ),
        temporal={
            "formula": mtl.to_json(formula),
            "text": text,
            "query_year": year,
            "universe": list(universe),
            "satisfying": [list(span) for span in holds],
            "events": {n: [list(span) for span in spans[n]] for n in used},
            "boundary": boundary,
        },
        meta={"depth": mtl.depth(formula), "horizon": mtl.horizon(formula)},
    )
