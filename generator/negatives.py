"""Candidate false statements, for the reasoner to refute or reject.

Only the reasoner decides what is false (negation.pl); this module proposes statements
that one of its rules may refute, chosen to be *plausible*: another place of the same
kind as the one the KB knows, a person born a few years after the other died, a
containment turned around. Three sources take turns, so no rule crowds out the others:

* functional: S has one value O2 of a functional P; propose O, another value of the
  same class, preferably one that P takes elsewhere in the KB;
* lifetime: a human S with known years and a human O whose years would clash with S's
  under one of negation.pl's lifetime rules (born a few years after S died, say);
* containment: the reverse of a transitive, non-symmetric fact or derivation.

About half the statements are asked through an inverse or symmetric reading ("Is Y the
father of X?"), which the reasoner refutes through one R-Inverse/R-Sym hop. Every candidate
first passes the plausibility checks of distractors.py (a father is not a woman, a place of
birth does not contain the true one, ...).
"""

from __future__ import annotations

import bisect
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from kgtest.generator.distractors import checks
from kgtest.generator.kbview import KbView
from kgtest.kg.model import Fact
from kgtest.prolog.reasoner import Statement

_NEAR_YEARS = 40
"""How far from S's lifetime the lifetime source looks for O: close in time is harder."""
_TRIES_PER_SUBJECT = 3


def candidates(
    view: KbView,
    derived: Sequence[Statement],
    lifetime_rules: Mapping[str, str],
    rng: random.Random,
    keep: Callable[[Statement], bool],
) -> Iterator[Statement]:
    """Distinct candidate statements, in a deterministic order, until every source runs dry."""
    sources = [
        _functional(view, rng),
        _lifetime(view, lifetime_rules, rng),
        _containment(view, derived, rng),
    ]
    plausible = checks(view)
    seen: set[Statement] = set()
    while sources:
        for source in list(sources):
            st = next(source, None)
            if st is None:
                sources.remove(source)
                continue
            if not all(check(st) for check in plausible):
                continue
            st = _reading(st, view, rng)
            if st not in seen and keep(st):
                seen.add(st)
                yield st


def _functional(view: KbView, rng: random.Random) -> Iterator[Statement]:
    functional = sorted(p for p in view.catalog if view.catalog[p].functional and view.catalog[p].curated)
    by_class: dict[str, list[str]] = defaultdict(list)
    for e in sorted(view.entities.values(), key=lambda e: e.id):
        for t in e.types:
            by_class[t].append(e.id)
    values: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for f in view.facts:
        if f.property in functional:
            values[(f.subject, f.property)].append(f)
    keys = sorted(k for k, fs in values.items() if len({f.object for f in fs}) == 1)
    rng.shuffle(keys)
    taken = _objects(view, functional)

    def picks(s: str, p: str) -> list[Statement]:
        known = view.entities.get(values[(s, p)][0].object)
        if known is None:
            return []
        options = _pick([by_class[t] for t in known.types], {known.id, s}, taken[p], rng)
        return [(s, p, o) for o in options]

    yield from _rounds(picks(s, p) for s, p in keys)


def _lifetime(view: KbView, rules: Mapping[str, str], rng: random.Random) -> Iterator[Statement]:
    humans = [
        e
        for e in view.entities.values()
        if "Q5" in e.types and e.start_year is not None and e.end_year is not None
    ]
    by_birth = _Years(sorted((e.start_year or 0, e.id) for e in humans))
    by_death = _Years(sorted((e.end_year or 0, e.id) for e in humans))
    subjects = sorted(e.id for e in humans) if rules else []
    rng.shuffle(subjects)
    properties = sorted(rules)
    taken = _objects(view, properties)
    near = _NEAR_YEARS

    def picks(i: int, s: str) -> list[Statement]:
        e = view.entities[s]
        born, died = e.start_year or 0, e.end_year or 0
        p = properties[i % len(properties)]
        match rules[p]:  # the years that clash in negation.pl, a few decades either side
            case "together":
                pools = [by_birth.between(died + 1, died + near), by_death.between(born - near, born - 1)]
            case "parent_child":
                pools = [by_birth.between(born - near, born), by_birth.between(died + 2, died + near)]
            case _:
                pools = [by_birth.between(born, born + near), by_death.between(born - near, born - 2)]
        return [(s, p, o) for o in _pick(pools, {s}, taken[p], rng)]

    yield from _rounds(picks(i, s) for i, s in enumerate(subjects))


class _Years:
    """Entity ids sorted by a year, for range lookups."""

    def __init__(self, pairs: Sequence[tuple[int, str]]) -> None:
        self._years = [y for y, _ in pairs]
        self._ids = [i for _, i in pairs]

    def between(self, first: int, last: int) -> Sequence[str]:
        lo, hi = bisect.bisect_left(self._years, first), bisect.bisect_right(self._years, last)
        return _Slice(self._ids, lo, hi)


class _Slice(Sequence[str]):
    """A window of a list, without copying it (windows of a big KB hold thousands of ids)."""

    def __init__(self, items: list[str], lo: int, hi: int) -> None:
        self._items, self._lo, self._len = items, lo, max(0, hi - lo)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: int) -> str:  # type: ignore[override]
        return self._items[self._lo + i]


def _objects(view: KbView, properties: Sequence[str]) -> dict[str, set[str]]:
    """What each property takes as object somewhere in the KB (a father is someone's father)."""
    found: dict[str, set[str]] = defaultdict(set)
    for f in view.facts:
        if f.property in properties:
            found[f.property].add(f.object)
    return found


def _pick(
    pools: Sequence[Sequence[str]], exclude: set[str], plausible: set[str], rng: random.Random
) -> list[str]:
    """Up to ``_TRIES_PER_SUBJECT`` ids drawn from ``pools``, those the property takes elsewhere first.

    Draws at random positions instead of scanning the pools, so a subject costs the same
    however many people or cities the KB holds.
    """
    total = sum(len(pool) for pool in pools)
    drawn: list[str] = []
    for _ in range(4 * _TRIES_PER_SUBJECT if total else 0):
        i = rng.randrange(total)
        for pool in pools:
            if i < len(pool):
                x = pool[i]
                break
            i -= len(pool)
        if x not in exclude and x not in drawn:
            drawn.append(x)
    return sorted(drawn, key=lambda x: x not in plausible)[:_TRIES_PER_SUBJECT]


def _rounds(per_subject: Iterable[list[Statement]]) -> Iterator[Statement]:
    """First choice of every subject, then second choices, ...: no subject crowds the suite.

    The first round pulls subjects lazily, so a suite that needs few candidates computes few.
    """
    seen = []
    for picks in per_subject:
        seen.append(picks)
        yield from picks[:1]
    for i in range(1, _TRIES_PER_SUBJECT):
        yield from (picks[i] for picks in seen if i < len(picks))


def _containment(view: KbView, derived: Sequence[Statement], rng: random.Random) -> Iterator[Statement]:
    orders = {p for p in view.catalog if view.catalog[p].transitive and not view.catalog[p].symmetric}
    stated = [(f.subject, f.property, f.object) for f in view.facts if f.property in orders]
    inferred = [st for st in derived if st[1] in orders]
    reversed_ = sorted({(o, p, s) for s, p, o in stated + inferred if s != o})
    rng.shuffle(reversed_)
    yield from reversed_


def _reading(st: Statement, view: KbView, rng: random.Random) -> Statement:
    """Half the time, the same statement read backwards through an inverse or symmetry."""
    s, p, o = st
    rel = view.catalog.resolve(p)
    if rng.random() < 0.5:
        return st
    if rel.curated and rel.inverse and rel.inverse in view.catalog and view.catalog[rel.inverse].curated:
        return (o, rel.inverse, s)
    if rel.curated and rel.inverse_phrase:
        return (o, f"^{p}", s)
    if rel.curated and rel.symmetric:
        return (o, p, s)
    return st
