"""The MTL point semantics restated year by year, in plain Python: the referee for mtl.pl.

Each clause below is Definition 1 of the Drowzee paper as kgtest reads it
(docs/temporal-semantics.md), written so it can be checked by eye, not to be fast: one truth
table per sub-formula over the universe, and ``at`` says no formula holds outside it.
Tests compare mtl.pl with this module; the benchmark uses it as the baseline.
"""

from __future__ import annotations

from collections.abc import Mapping

from kgtest.core.errors import UnknownNameError
from kgtest.prolog.mtl import (
    And,
    Atom,
    Finally,
    Formula,
    Globally,
    IntervalSet,
    Next,
    Not,
    Or,
    Until,
)


def evaluate_pointwise(
    formula: Formula, events: Mapping[str, IntervalSet], universe: tuple[int, int]
) -> list[tuple[int, int]]:
    """The years of ``universe`` where ``formula`` holds, as intervals (same contract as ``evaluate``)."""
    return to_intervals(truth_table(formula, events, universe), universe[0])


def holds_at(
    formula: Formula, events: Mapping[str, IntervalSet], universe: tuple[int, int], year: int
) -> bool:
    """Whether ``formula`` holds in ``year``; false outside the universe."""
    u0, u1 = universe
    return u0 <= year <= u1 and truth_table(formula, events, universe)[year - u0]


def truth_table(formula: Formula, events: Mapping[str, IntervalSet], universe: tuple[int, int]) -> list[bool]:
    """``table[i]`` is the truth of ``formula`` in year ``universe[0] + i``."""
    u0, u1 = universe
    years = range(u0, u1 + 1)

    def at(table: list[bool], t: int) -> bool:
        return u0 <= t <= u1 and table[t - u0]

    def table_of(f: Formula) -> list[bool]:
        match f:
            case Atom(name=name):
                if name not in events:
                    raise UnknownNameError("event", name, events)
                return [any(s <= t <= e for s, e in events[name]) for t in years]
            case Not(phi=phi):
                v = table_of(phi)
                return [not at(v, t) for t in years]
            case And(phi1=p1, phi2=p2):
                v1, v2 = table_of(p1), table_of(p2)
                return [at(v1, t) and at(v2, t) for t in years]
            case Or(phi1=p1, phi2=p2):
                v1, v2 = table_of(p1), table_of(p2)
                return [at(v1, t) or at(v2, t) for t in years]
            case Next(phi=phi):
                v = table_of(phi)
                return [at(v, t + 1) for t in years]
            case Finally(a=a, b=b, phi=phi):
                v = table_of(phi)
                return [any(at(v, t + d) for d in range(a, b + 1)) for t in years]
            case Globally(a=a, b=b, phi=phi):
                v = table_of(phi)
                return [all(at(v, t + d) for d in range(a, b + 1)) for t in years]
            case Until(a=a, b=b, phi1=p1, phi2=p2):
                v1, v2 = table_of(p1), table_of(p2)
                return [
                    any(at(v2, t + d) and all(at(v1, k) for k in range(t, t + d)) for d in range(a, b + 1))
                    for t in years
                ]

    return table_of(formula)


def to_intervals(table: list[bool], first_year: int) -> list[tuple[int, int]]:
    """Runs of true years as closed intervals, in order."""
    out: list[tuple[int, int]] = []
    for i, value in enumerate(table):
        year = first_year + i
        if value and out and out[-1][1] == year - 1:
            out[-1] = (out[-1][0], year)
        elif value:
            out.append((year, year))
    return out
