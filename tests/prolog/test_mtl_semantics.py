"""mtl.pl equals the year-by-year referee on random formulas, and each documented choice holds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import ReasoningError, UnknownNameError
from kgtest.prolog import mtl
from kgtest.prolog.engine import engine
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until, evaluate
from kgtest.prolog.pointwise import evaluate_pointwise, holds_at

NAMES = ("p", "q", "d'Anthès \\ x")  # a quote and a backslash must survive the trip to Prolog

# Windows: mostly narrow, sometimes a == b, sometimes wider than the whole universe.
windows = st.one_of(
    st.tuples(st.integers(0, 6), st.integers(0, 6)).map(lambda t: (t[0], t[0] + t[1])),
    st.integers(0, 8).map(lambda a: (a, a)),
    st.tuples(st.integers(0, 20), st.integers(20, 60)),
)


def _deeper(sub: st.SearchStrategy[Formula], *, or_same: bool = True) -> st.SearchStrategy[Formula]:
    """One more operator on top of ``sub``, or (``or_same``) ``sub`` itself."""
    operators = [
        st.builds(lambda w, f, g: Until(w[0], w[1], f, g), windows, sub, sub),
        st.builds(lambda w, f: Finally(w[0], w[1], f), windows, sub),
        st.builds(lambda w, f: Globally(w[0], w[1], f), windows, sub),
        st.builds(Next, sub),
        st.builds(Not, sub),
        st.builds(And, sub, sub),
        st.builds(Or, sub, sub),
    ]
    return st.one_of(*operators, sub) if or_same else st.one_of(*operators)


atoms: st.SearchStrategy[Formula] = st.sampled_from(NAMES).map(Atom)
formulas = _deeper(_deeper(_deeper(atoms)))  # depth <= 3
depth_3 = _deeper(_deeper(_deeper(atoms, or_same=False), or_same=False), or_same=False)
universes = st.tuples(st.integers(-5, 5), st.integers(0, 35)).map(lambda t: (t[0], t[0] + t[1]))
# Interval sets reaching past both ends of the universe; end < start makes an empty interval,
# end == start a single year.
interval_sets = st.lists(
    st.tuples(st.integers(-12, 45), st.integers(-2, 9)).map(lambda t: (t[0], t[0] + t[1])), max_size=4
)
environments = st.fixed_dictionaries({name: interval_sets for name in NAMES})


@settings(max_examples=600, deadline=None)
@given(u=universes, events=environments, fs=st.lists(formulas, min_size=2, max_size=10))
def test_prolog_equals_pointwise(
    u: tuple[int, int], events: dict[str, list[tuple[int, int]]], fs: list[Formula]
) -> None:
    for f in fs:
        assert evaluate(f, events, u) == evaluate_pointwise(f, events, u), mtl.to_text(f)


@settings(max_examples=200, deadline=None)
@given(u=universes, jobs=st.lists(st.tuples(formulas, environments), min_size=1, max_size=8))
def test_one_query_for_many_formulas_answers_each_over_its_own_events(
    u: tuple[int, int], jobs: list[tuple[Formula, dict[str, list[tuple[int, int]]]]]
) -> None:
    """``evaluate_all`` (a temporal draw's block in one query) is each formula's own evaluation."""
    assert mtl.evaluate_all(jobs, u) == [evaluate_pointwise(f, events, u) for f, events in jobs]


@settings(max_examples=300, deadline=None)
@given(u=universes, events=environments, fs=st.lists(depth_3, min_size=1, max_size=4))
def test_prolog_equals_pointwise_at_depth_3(
    u: tuple[int, int], events: dict[str, list[tuple[int, int]]], fs: list[Formula]
) -> None:
    for f in fs:
        assert mtl.depth(f) == 3
        assert evaluate(f, events, u) == evaluate_pointwise(f, events, u), mtl.to_text(f)


@settings(max_examples=100, deadline=None)
@given(f=formulas)
def test_json_round_trip(f: Formula) -> None:
    assert mtl.from_json(mtl.to_json(f)) == f


# -- the documented choices, one by one (universe 1800..1850, p holds 1840..1850) -------------------

U = (1800, 1850)
EV = {"p": [(1840, 1850)], "q": [(1845, 1845)], "gap": [(1800, 1802), (1810, 1812)], "end": [(1813, 1813)]}
P, Q = Atom("p"), Atom("q")


def years(f: Formula) -> list[tuple[int, int]]:
    return evaluate(f, EV, U)


def test_globally_is_strong_at_the_end_of_the_universe() -> None:
    # p holds up to U1 = 1850, but G[0,5] p at 1848 needs 1851..1853, which are not in the universe.
    assert years(Globally(0, 5, P)) == [(1840, 1845)]
    # Its weak dual, not F not p, is vacuously true there: the two differ only near the end.
    assert years(Not(Finally(0, 5, Not(P)))) == [(1840, 1850)]


def test_finally_and_next_need_their_witness_inside_the_universe() -> None:
    assert years(Next(P)) == [(1839, 1849)]  # false at U1
    assert years(Finally(2, 4, P)) == [(1836, 1848)]
    assert years(Next(Not(P))) == [(1800, 1838)]  # nothing holds after U1, not even "not p"


def test_until_needs_left_from_t_and_not_at_the_right_year() -> None:
    # q in 1845; p from 1840: every t in 1840..1844 reaches 1845 with p held up to the year before.
    assert years(Until(1, 10, P, Q)) == [(1840, 1844)]
    # The left side need not hold in the q year itself: not q fails in 1845, yet 1835..1844 qualify.
    assert years(Until(1, 10, Not(Q), Q)) == [(1835, 1844)]
    # With d = 0 allowed, q at t is enough and the left side is not asked at all ([R-Until-0]).
    assert years(Until(0, 10, Not(Q), Q)) == [(1835, 1845)]
    assert years(Until(0, 0, Atom("end"), Q)) == [(1845, 1845)]


def test_until_matches_each_witness_to_its_own_block() -> None:
    # "gap" holds 1800..1802 and 1810..1812; "end" in 1813. From 1800 the left side breaks in 1803,
    # so only the second block reaches 1813 (a per-interval encoding would also answer 1800..1802).
    assert years(Until(1, 13, Atom("gap"), Atom("end"))) == [(1810, 1812)]


def test_single_year_windows_are_shifts() -> None:
    assert years(Finally(3, 3, Q)) == years(Globally(3, 3, Q)) == [(1842, 1842)]
    assert years(Finally(1, 1, P)) == years(Next(P))


def test_single_year_universe_and_empty_events() -> None:
    assert evaluate(Not(P), {"p": []}, (7, 7)) == [(7, 7)]
    assert evaluate(Next(Not(P)), {"p": []}, (7, 7)) == []
    assert evaluate(Globally(0, 0, P), {"p": [(7, 7)]}, (7, 7)) == [(7, 7)]


def test_holds_at_is_false_outside_the_universe() -> None:
    assert holds_at(Not(P), EV, U, 1845) is False
    assert holds_at(Not(P), EV, U, 1799) is False
    assert holds_at(Not(P), EV, U, 1800) is True


@pytest.mark.parametrize(("a", "b"), [(3, 1), (-1, 2)])
def test_bad_windows_are_refused(a: int, b: int) -> None:
    with pytest.raises(ValueError, match=f"a={a}, b={b}"):
        Finally(a, b, P)


def test_unknown_event_lists_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match="Did you mean 'p'"):
        evaluate(Atom("pp"), EV, U)


def test_empty_universe_is_refused() -> None:
    with pytest.raises(ValueError, match="universe"):
        evaluate(P, EV, (1850, 1800))


def test_prolog_refuses_malformed_formulas() -> None:
    engine().load_rules("mtl.pl")
    for goal in (
        "mtl_eval_lists(foo(atom(p)), [], 1, 2, R)",
        "mtl_eval_lists(finally(3, 1, atom(p)), [ev(p, [])], 1, 2, R)",
    ):
        with pytest.raises(ReasoningError, match="domain_error"):
            engine().query(goal)


def test_from_json_names_an_unknown_operator() -> None:
    with pytest.raises(ValueError, match="op='eventually'"):
        mtl.from_json({"op": "eventually", "arg": {"op": "atom", "event": "p"}})


def test_horizon_and_depth() -> None:
    f = Until(2, 7, Finally(0, 3, P), Next(Q))
    assert mtl.depth(f) == 2
    assert mtl.horizon(f) == 7 + 3
    assert mtl.events_of(And(Q, Or(P, Q))) == ["q", "p"]
