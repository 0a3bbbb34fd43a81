"""Random MTL formulas over related events, and the year arithmetic for picking query years.

Split from temporal.py so each piece can be read alone: this module draws and measures (all
randomness comes from the ``random.Random`` passed in, so a seed fixes everything); the
generator decides what to keep.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence

from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until

Spans = Sequence[tuple[int, int]]
"""Sorted, merged closed intervals."""

_OPERATORS = ("finally", "globally", "next", "until", "and", "or", "not")


def random_formula(rng: random.Random, depth: int, max_window: int) -> Formula:
    """A formula *shape* with operator nesting exactly ``depth`` on one path (other operands shallower).

    Its atoms are placeholders, to be named by ``assign_events`` once the shape's horizon
    says how close in time the events must be. Windows satisfy ``0 <= a <= b <= max_window``
    with ``b >= 1`` (a ``[0,0]`` window is the identity), and about one in six has
    ``a == b``. No negation directly under a negation.
    """

    def draw(level: int, negated: bool) -> Formula:
        if level == 0:
            return Atom("?")
        op = rng.choice(_OPERATORS[:-1] if negated else _OPERATORS)
        if op in ("next", "not"):
            sub = draw(level - 1, op == "not")
            return Next(sub) if op == "next" else Not(sub)
        a, b = _window(rng, max_window)
        if op == "finally":
            return Finally(a, b, draw(level - 1, False))
        if op == "globally":
            return Globally(a, b, draw(level - 1, False))
        deep, shallow = draw(level - 1, False), draw(rng.randint(0, level - 1), False)
        left, right = (deep, shallow) if rng.random() < 0.5 else (shallow, deep)
        if op == "until":
            return Until(a, b, left, right)
        return And(left, right) if op == "and" else Or(left, right)

    return draw(depth, False)


def assign_events(shape: Formula, pick: Callable[[], str]) -> Formula:
    """``shape`` with each atom, in pre-order, named by a fresh ``pick()``."""
    match shape:
        case Atom():
            return Atom(pick())
        case Finally(a=a, b=b, phi=phi):
            return Finally(a, b, assign_events(phi, pick))
        case Globally(a=a, b=b, phi=phi):
            return Globally(a, b, assign_events(phi, pick))
        case Next(phi=phi):
            return Next(assign_events(phi, pick))
        case Not(phi=phi):
            return Not(assign_events(phi, pick))
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            left = assign_events(p1, pick)
            return Until(a, b, left, assign_events(p2, pick))
        case And(phi1=p1, phi2=p2):
            left = assign_events(p1, pick)
            return And(left, assign_events(p2, pick))
        case Or(phi1=p1, phi2=p2):
            left = assign_events(p1, pick)
            return Or(left, assign_events(p2, pick))


def _window(rng: random.Random, max_window: int) -> tuple[int, int]:
    a = rng.randint(0, max_window // 3)
    if rng.random() < 1 / 6:
        return max(a, 1), max(a, 1)
    return a, rng.randint(max(a, 1), max_window)


class Neighbours:
    """Events whose years come within some reach of an anchor's, so formulas mix related events.

    Only the ``width`` events on either side of the anchor in start-year order are looked
    at: a formula needs a handful of partners, and a dense era (thousands of events in a few
    decades) must not cost a scan of all of them per formula.
    """

    def __init__(self, hulls: dict[str, tuple[int, int]], width: int = 64) -> None:
        self._hulls = hulls
        self._width = width
        self._by_start = sorted(hulls, key=lambda name: (hulls[name][0], name))
        self._index = {name: i for i, name in enumerate(self._by_start)}
        self._starts = [hulls[name][0] for name in self._by_start]  # read by position, not by name
        self._ends = [hulls[name][1] for name in self._by_start]

    def of(self, anchor: str, reach: int) -> list[str]:
        """Nearby events at most ``reach`` years from ``anchor`` (the anchor included), by start year."""
        first, last = self._hulls[anchor]
        i = self._index[anchor]
        # the starts are sorted: past the last one within reach (in a dense era most of the width) none is
        top = min(len(self._starts), i + self._width + 1)
        lo, hi = max(0, i - self._width), bisect_right(self._starts, last + reach, i, top)
        low = first - reach
        ends = zip(self._by_start[lo:hi], self._ends[lo:hi], strict=True)
        return [name for name, end in ends if end >= low]


def gap(a: Spans, b: Spans) -> int:
    """Years between the closest points of two interval sets (0 when they overlap)."""
    return min((max(0, s2 - e1, s1 - e2) for s1, e1 in a for s2, e2 in b), default=0)


def merged(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The years of ``spans`` (in any order, overlapping or touching) as sorted, disjoint stretches."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def clip(spans: Spans, lo: int, hi: int) -> list[tuple[int, int]]:
    return [(max(s, lo), min(e, hi)) for s, e in spans if s <= hi and e >= lo]


def within(spans: list[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int]]:
    """``clip`` of sorted, merged ``spans``: they themselves where all lie in ``[lo, hi]``, as an
    event's years most often lie in a universe made of the events' own (no copy made)."""
    return spans if not spans or (spans[0][0] >= lo and spans[-1][1] <= hi) else clip(spans, lo, hi)


def complement(spans: Spans, lo: int, hi: int) -> list[tuple[int, int]]:
    """The years of ``[lo, hi]`` outside ``spans`` (sorted, merged)."""
    out, start = [], lo
    for s, e in clip(spans, lo, hi):
        if start < s:
            out.append((start, s - 1))
        start = e + 1
    if start <= hi:
        out.append((start, hi))
    return out


def edge_years(spans: Spans, lo: int, hi: int, inside: bool) -> list[int]:
    """Years in ``[lo, hi]`` just inside (first/last year) or just outside an interval of ``spans``."""
    found: dict[int, None] = {}
    for s, e in spans:
        for year in (s, e) if inside else (s - 1, e + 1):
            if lo <= year <= hi:
                found.setdefault(year)
    return list(found)


def uniform_year(rng: random.Random, spans: Spans) -> int:
    """A year drawn uniformly from a non-empty interval set."""
    k = rng.randrange(sum(e - s + 1 for s, e in spans))
    for s, e in spans:
        if k <= e - s:
            return s + k
        k -= e - s + 1
    raise AssertionError("unreachable: k is below the total size")
