"""The years a formula without negation holds in, in Python, for the draw's early test.

Most candidates a plain temporal draw evaluates hold in every askable year or in none, and are
dropped (generator/temporal_draw.py ``_trivial``). Their formulas are windows, steps, "and", "or"
and "until" over events: monotone, and cheap to evaluate here on stretches of years, so the draw
drops them without sending them to mtl.pl. The answer is exact at every year whose horizon lies in the
universe (the draw's askable years), which is all the test reads; mtl.pl still evaluates every
candidate kept, and tests/generator/test_temporal_years.py checks these years against it.
"""

from __future__ import annotations

from collections.abc import Mapping

from kgtest.generator.mtl_random import merged
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Or, Until

Spans = list[tuple[int, int]]


def years(f: Formula, events: Mapping[str, Spans]) -> Spans | None:
    """The years ``f`` holds in, given each event's years; None for a negation."""
    match f:
        case Atom(name=name):
            return merged(events[name])
        case Next(phi=phi):
            inner = years(phi, events)
            return None if inner is None else [(s - 1, e - 1) for s, e in inner]
        case Finally(a=a, b=b, phi=phi):
            inner = years(phi, events)
            return None if inner is None else merged([(s - b, e - a) for s, e in inner])
        case Globally(a=a, b=b, phi=phi):
            inner = years(phi, events)
            return None if inner is None else [(s - a, e - b) for s, e in inner if e - s >= b - a]
        case And(phi1=p1, phi2=p2):
            left, right = years(p1, events), years(p2, events)
            return None if left is None or right is None else _both(left, right)
        case Or(phi1=p1, phi2=p2):
            left, right = years(p1, events), years(p2, events)
            return None if left is None or right is None else merged([*left, *right])
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            left, right = years(p1, events), years(p2, events)
            return None if left is None or right is None else _until(a, b, left, right)
    return None


def _until(a: int, b: int, left: Spans, right: Spans) -> Spans:
    """The years some ``d`` in ``[a, b]`` has ``right`` in year ``t+d`` and ``left`` in ``t .. t+d-1``."""
    out: Spans = []
    for d in range(a, b + 1):
        moved = [(s - d, e - d) for s, e in right]
        out += moved if d == 0 else _both([(s, e - d + 1) for s, e in left if e - s >= d - 1], moved)
    return merged(out)


def _both(left: Spans, right: Spans) -> Spans:
    """The years in both (each sorted and disjoint)."""
    out, i, j = [], 0, 0
    while i < len(left) and j < len(right):
        s, e = max(left[i][0], right[j][0]), min(left[i][1], right[j][1])
        if s <= e:
            out.append((s, e))
        if left[i][1] < right[j][1]:
            i += 1
        else:
            j += 1
    return out
