"""A year something began or ended in reads two ways: at any time that year, or all of it."""

from __future__ import annotations

import pytest

from kgtest.generator.clauses import Clause
from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases, temporal_plan
from kgtest.generator.temporal_event import edges_of
from kgtest.prolog import mtl
from kgtest.prolog.pointwise import holds_at

Spans = list[tuple[int, int]]
CLUB = "Q1"
SPELLS = {  # who played for the club, and when: every stretch shares an end year with another
    "Filippo Inzaghi": (1996, 1997),
    "Gianluigi Lentini": (1997, 2001),
    "Steve Nicol": (2001, 2004),
    "Enzo Maresca": (1994, 1996),
    "Mark Fish": (2004, 2008),
}


def _spell(player: str, years: tuple[int, int]) -> TemporalEvent:
    clause = Clause(player, "did", "play for Atalanta B.C.", "played for Atalanta B.C.")
    return TemporalEvent(
        f"{player} P54 {CLUB}",
        clause.statement(),
        (years,),
        "people",
        clause=clause,
        about=(player, CLUB),
        topic="P54",
    )


def _edges_out(events: dict[str, Spans], table: dict[str, TemporalEvent]) -> dict[str, Spans]:
    """Each event held only in the years it neither began nor ended in (the other reading)."""
    out: dict[str, Spans] = {}
    for name, spans in events.items():
        cut = edges_of(table[name])
        out[name] = [(y, y) for a, b in spans for y in range(a, b + 1) if y not in cut]
    return out


def _lone_at_any_time(f: mtl.Formula) -> bool:
    while isinstance(f, mtl.Next | mtl.Finally) or (isinstance(f, mtl.Globally) and f.a == f.b):
        f = f.phi
    return isinstance(f, mtl.Atom)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_question_is_asked_only_where_both_readings_of_a_year_of_change_agree(seed: int) -> None:
    """ "Did either of Filippo Inzaghi and Gianluigi Lentini play for Atalanta B.C. at any time in
    1997?" and "Did both ... at any time in 1997?" (at once, or each at some point?): blind readers
    read joins in a year a spell began or ended two ways. A plain question is drawn only in a year
    where taking each event to hold in its first and last years, and not to, give one answer; a lone
    event asked "at any time in 1997" says which it means, and keeps its edges."""
    events = [_spell(p, y) for p, y in SPELLS.items()]
    table = {ev.id: ev for ev in events}
    plan = temporal_plan(events, depth=1, count=30, seed=seed, universe=(1985, 2015), wording="plain")
    cases, _ = generate_temporal_cases(plan)
    assert len(cases) >= 20
    checked = 0
    for case in cases:
        assert case.temporal is not None
        formula = mtl.from_json(case.temporal.formula)
        year = case.temporal.query_year
        if _lone_at_any_time(formula):
            continue
        spans = {n: list(s) for n, s in case.temporal.events.items()}
        other = holds_at(formula, _edges_out(spans, table), (1985, 2015), year)
        assert other is (case.expected.value == "Yes"), case.question
        checked += 1
    assert checked >= 5
