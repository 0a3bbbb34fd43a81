"""intervals.pl against sets of years computed in Python: examples first, then properties."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.prolog.engine import engine

Spans = list[tuple[int, int]]


def _pairs(spans: Spans) -> str:
    return "[" + ", ".join(f"'-'({s}, {e})" for s, e in spans) + "]"


def _lists(spans: Spans) -> str:
    return "[" + ", ".join(f"[{s}, {e}]" for s, e in spans) + "]"


def _run(goal: str) -> Spans:
    """Run ``goal``, which binds the set S, and return S as Python tuples."""
    eng = engine()
    eng.load_rules("intervals.pl")
    row = eng.once(f"{goal}, iset_to_lists(S, R)")
    assert row is not None and isinstance(row["R"], list), goal
    return [(int(s), int(e)) for s, e in row["R"]]


def normalise(u: tuple[int, int], raw: Spans) -> Spans:
    return _run(f"iset_normalise({u[0]}-({u[1]}), {_pairs(raw)}, S)")


def binary(op: str, u: tuple[int, int], a: Spans, b: Spans) -> Spans:
    univ = f"{u[0]}-({u[1]})"
    sets = f"iset_from_lists({univ}, {_lists(a)}, A), iset_from_lists({univ}, {_lists(b)}, B)"
    return _run(f"{sets}, {op}({univ}, A, B, S)")


def years(spans: Spans) -> set[int]:
    return {y for s, e in spans for y in range(s, e + 1)}


def assert_normalised(spans: Spans, u: tuple[int, int]) -> None:
    for s, e in spans:
        assert u[0] <= s <= e <= u[1]
    for (_, e1), (s2, _) in itertools.pairwise(spans):
        assert s2 >= e1 + 2, f"{spans} is not merged: adjacent years must join"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ([(1800, 1810), (1811, 1820)], [(1800, 1820)]),  # adjacent years merge
        ([(1811, 1820), (1800, 1810)], [(1800, 1820)]),  # any order
        ([(1800, 1850), (1810, 1820)], [(1800, 1850)]),  # contained
        ([(1800, 1810), (1812, 1820)], [(1800, 1810), (1812, 1820)]),  # a one-year gap stays
        ([(1850, 1849)], []),  # reversed is empty
        ([(1850, 1850)], [(1850, 1850)]),  # a single year
        ([(1700, 1790), (1990, 2100)], [(1990, 2024)]),  # clipped to the universe, first one dropped
        ([], []),
    ],
)
def test_normalise_examples(raw: Spans, expected: Spans) -> None:
    assert normalise((1800, 2024), raw) == expected


def test_operations_examples() -> None:
    u = (1, 2024)
    dickens, victorian = [(1812, 1870)], [(1837, 1901)]
    assert binary("iset_union", u, dickens, victorian) == [(1812, 1901)]
    assert binary("iset_intersection", u, dickens, victorian) == [(1837, 1870)]
    assert _run(f"iset_complement(1-2024, {_pairs(victorian)}, S)") == [(1, 1836), (1902, 2024)]
    assert _run(f"iset_shift(1-2024, {_pairs(victorian)}, -1, S)") == [(1836, 1900)]
    assert _run(f"iset_shift(1-2024, {_pairs([(2020, 2024)])}, 3, S)") == [(2023, 2024)]
    assert _run(f"iset_complement(1-2024, {_pairs([(1, 2024)])}, S)") == []
    assert _run("iset_complement(1-2024, [], S)") == [(1, 2024)]


def test_bce_years_and_single_year_universe() -> None:
    assert normalise((-50, 50), [(-43, -10), (-9, 5)]) == [(-43, 5)]
    assert _run("iset_complement(7-7, [], S)") == [(7, 7)]
    assert _run(f"iset_complement(7-7, {_pairs([(7, 7)])}, S)") == []


# -- properties ------------------------------------------------------------------------------

universes = st.tuples(st.integers(-20, 20), st.integers(0, 40)).map(lambda t: (t[0], t[0] + t[1]))
raw_spans = st.lists(
    st.tuples(st.integers(-30, 70), st.integers(-3, 12)).map(lambda t: (t[0], t[0] + t[1])), max_size=6
)


@settings(max_examples=150, deadline=None)
@given(u=universes, raw=raw_spans)
def test_normalise_keeps_the_years_in_the_universe(u: tuple[int, int], raw: Spans) -> None:
    out = normalise(u, raw)
    assert_normalised(out, u)
    assert years(out) == {y for y in years(raw) if u[0] <= y <= u[1]}


@settings(max_examples=150, deadline=None)
@given(u=universes, a=raw_spans, b=raw_spans, k=st.integers(-15, 15))
def test_operations_match_set_algebra(u: tuple[int, int], a: Spans, b: Spans, k: int) -> None:
    inside = set(range(u[0], u[1] + 1))
    ya, yb = years(a) & inside, years(b) & inside
    results = {
        "union": binary("iset_union", u, a, b),
        "intersection": binary("iset_intersection", u, a, b),
        "complement": _run(f"iset_complement({u[0]}-({u[1]}), {_pairs(a)}, S)"),
        "shift": _run(f"iset_shift({u[0]}-({u[1]}), {_pairs(a)}, {k}, S)"),
    }
    expected = {
        "union": ya | yb,
        "intersection": ya & yb,
        "complement": inside - ya,
        "shift": {y + k for y in years(a)} & inside,
    }
    for name, out in results.items():
        assert_normalised(out, u)
        assert years(out) == expected[name], name
