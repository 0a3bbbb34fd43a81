"""Unknown years: the sure and possible bounds enclose the truth in every way the unknown could go.

The referee draws a *world* for each event (its known years plus any part of its unknown
years), evaluates the formula in it year by year, and checks that the formula holds there
in every year mtl_bounds says it surely holds, and in no year outside where it may hold.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.prolog import mtl
from kgtest.prolog.mtl import Atom, Formula, Not, evaluate
from kgtest.prolog.mtl_bounds import evaluate_bounds
from kgtest.prolog.pointwise import evaluate_pointwise

from .test_mtl_semantics import NAMES, formulas, interval_sets, universes

Years = list[tuple[int, int]]


def _years(spans: Years) -> set[int]:
    return {y for s, e in spans for y in range(s, e + 1)}


@st.composite
def events_and_a_world(draw: st.DrawFn) -> tuple[dict[str, Years], dict[str, Years], dict[str, Years]]:
    """Known years, possible years (known plus unknown) and one world between them, per event."""
    known, possible, world = {}, {}, {}
    for name in NAMES:
        k = draw(interval_sets)
        unknown = draw(interval_sets)
        chosen = [y for y in sorted(_years(unknown)) if draw(st.booleans())]
        known[name], possible[name] = k, k + unknown
        world[name] = k + [(y, y) for y in chosen]
    return known, possible, world


@settings(max_examples=400, deadline=None)
@given(u=universes, ev=events_and_a_world(), f=formulas)
def test_every_world_lies_between_the_sure_and_the_possible_years(
    u: tuple[int, int], ev: tuple[dict[str, Years], dict[str, Years], dict[str, Years]], f: Formula
) -> None:
    known, possible, world = ev
    sure, maybe = evaluate_bounds(f, known, possible, u)
    truth = _years(evaluate_pointwise(f, world, u))
    assert _years(sure) <= truth <= _years(maybe), mtl.to_text(f)


@settings(max_examples=200, deadline=None)
@given(u=universes, ev=events_and_a_world(), f=formulas)
def test_with_nothing_unknown_both_bounds_are_the_exact_answer(
    u: tuple[int, int], ev: tuple[dict[str, Years], dict[str, Years], dict[str, Years]], f: Formula
) -> None:
    known = ev[0]
    exact = evaluate(f, known, u)
    assert evaluate_bounds(f, known, known, u) == (exact, exact)


def test_negation_swaps_the_bounds() -> None:
    known, possible = {"p": [(1990, 1990)]}, {"p": [(1990, 2000)]}
    sure, maybe = evaluate_bounds(Atom("p"), known, possible, (1980, 2000))
    assert (sure, maybe) == ([(1990, 1990)], [(1990, 2000)])
    sure, maybe = evaluate_bounds(Not(Atom("p")), known, possible, (1980, 2000))
    assert (sure, maybe) == ([(1980, 1989)], [(1980, 1989), (1991, 2000)])
