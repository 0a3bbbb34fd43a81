"""Candidate false statements, for the reasoner to refute or reject.

Only the reasoner decides what is false (negation.pl, near_miss.pl); this module proposes
statements that one of its rules may refute, chosen to be *plausible*, a near miss of the
same type as the truth:

* one at a time: another value S had (or a place near S had) of a property with one value at
  a time, asked in a year S had a different one: "Was Patricia Arquette married to Nicolas
  Cage in 2008?", "Was Hanau in France in 1940?" (near_miss.pl's one_at_a_time);
* partition: another unit of the same parent as the one S lies in, "another province of the
  same region": "Was Lavagna located in the Province of Savona?" (near_miss.pl's partition);
* functional: S has one value O2 of a functional P; propose O, another value of the same
  class, preferably one that P takes elsewhere in the KB; a person only of a lifetime that fits
  (a father born a generation before the child), of S's family name or country first (people.py);
* lifetime: a human S with known years and a human O whose years would clash with S's
  under one of negation.pl's lifetime rules (born a few years after S died, say), of S's name,
  country or circle first, strangers only once those are spent.

* one league a season: another division's season of the same years, for a club (near_miss.pl);
* one club at a time: another club a player had, asked in a year of another club: "Did X play for
  Chelsea F.C. in 2003?" of a player at Arsenal then and at Chelsea from 2006 (near_miss.pl).

The first two and the last two live in near_misses.py. The six take turns, so no rule crowds out the others.
Only once they all run dry come reversed containments ("Is Liguria located in Lavagna?"): true
to the rules but trivially false to a reader, who takes them for a relation worded backwards;
so plain questions never ask them, and Drowzee's wording keeps them to at most a quarter of its
negations (facts.py).

About half the statements are asked through an inverse or symmetric reading ("Is Y the
father of X?"), which the reasoner refutes through one R-Inverse/R-Sym hop. Every candidate
first passes the plausibility checks of distractors.py (a father is not a woman, a place of
birth does not contain the true one, ...).
"""

from __future__ import annotations

import bisect
import functools
import random
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from kgtest.generator.distractors import checks
from kgtest.generator.kbview import KbView
from kgtest.generator.near_misses import (
    TRIES_PER_SUBJECT,
    clubs,
    one_at_a_time,
    partition,
    rounds,
    sample,
    seasons,
)
from kgtest.generator.people import People, surname
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.reasoner import Statement, Years

_CITIZENSHIP = "P27"
_LIFE_PLACES = ("P19", "P20")
"""Place of birth, place of death: where the true one is a country, another is drawn from those some
person of the KB is a citizen of ("Was the cyclist Mads Pedersen born in Norway?", not "... in
Nauru?"), where there are enough of them."""
_NEAR_YEARS = 40
"""How far from S's lifetime the lifetime source looks for O: close in time is harder."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What the reasoner refutes, by property (prolog.reasoner.Reasoner supplies them)."""

    lifetime: Mapping[str, str]
    one_at_a_time: frozenset[str] = frozenset()
    partitioned: frozenset[str] = frozenset()
    in_use: Mapping[tuple[str, str], Years] = field(default_factory=dict)
    """``in_use(view)``, made once for the candidates and for the years they are asked about."""
    seasonal: Mapping[str, str] = field(default_factory=dict)
    """Property -> what links its season to a league (near_miss.pl's one league a season)."""
    one_club: frozenset[str] = frozenset()
    """A player's teams, one club at a time (near_miss.pl's one club at a time)."""


def candidates(
    view: KbView,
    derived: Sequence[Statement],
    rules: Rules,
    rng: random.Random,
    keep: Callable[[Statement], bool],
    reverse: bool = True,
) -> Iterator[tuple[bool, Statement]]:
    """Distinct candidates in a deterministic order, each with whether it reverses a containment:
    the plausible sources in turn until all run dry, then (``reverse``) the reversed containments."""
    plausible = checks(view)
    seen: set[Statement] = set()
    near = _Near(view)
    functional = sorted(p for p in view.catalog if view.catalog[p].functional and view.catalog[p].curated)
    taken = _objects(view, [*functional, *rules.lifetime, _CITIZENSHIP])
    people = People(view, rules.lifetime)
    sources = [
        one_at_a_time(view, rules.one_at_a_time, rules.in_use, rng),
        partition(view, rules.partitioned, rng),
        seasons(view, rules.seasonal, rng),
        _functional(view, near, people, taken, rng),
        _lifetime(view, rules.lifetime, near, people, taken, rng),
        clubs(view, rules.one_club, rng),
    ]
    stages = [(False, sources), (True, [_containment(view, derived, rng)])] if reverse else [(False, sources)]
    for reversed_, turns in stages:
        while turns:
            for source in list(turns):
                st = next(source, None)
                if st is None:
                    turns.remove(source)
                    continue
                if not all(check(st) for check in plausible):
                    continue
                st = _reading(st, view, rng)
                if st not in seen and keep(st):
                    seen.add(st)
                    yield reversed_, st


def _functional(
    view: KbView, near: _Near, people: People, taken: Mapping[str, set[str]], rng: random.Random
) -> Iterator[Statement]:
    functional = sorted(p for p in view.catalog if view.catalog[p].functional and view.catalog[p].curated)
    by_class: dict[str, list[str]] = defaultdict(list)
    for e in sorted(view.entities.values(), key=lambda e: e.id):
        for t in e.types:
            by_class[t].append(e.id)
    values: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for f in view.facts_of(functional):
        values[(f.subject, f.property)].append(f)
    keys = sorted(k for k, fs in values.items() if len({f.object for f in fs}) == 1)
    rng.shuffle(keys)
    births = _Years(sorted((e.start_year or 0, e.id) for e in view.entities.values() if _born(e)))
    citizenships = sorted(taken[_CITIZENSHIP])

    def picks(s: str, p: str) -> list[Statement]:
        known = view.entities.get(values[(s, p)][0].object)
        if known is None:
            return []
        classes = set(known.types)
        related = [
            x for x in near.of(s) if x not in (known.id, s) and classes.intersection(view.entities[x].types)
        ]
        window = people.window(s, p) if "Q5" in known.types else None
        if window is None:
            homes = [x for x in citizenships if _of(view, x, classes)] if p in _LIFE_PLACES else []
            pools = [homes] if len(homes) > TRIES_PER_SUBJECT else [by_class[t] for t in known.types]
            drawn = _pick(pools, {known.id, s}, taken[p], rng)
            return [(s, p, o) for o in _first(sample(related, rng), drawn)]
        # a person: born in the years S's P would be, of S's family name or country first
        kin = [x for x in people.by_surname.get(surname(view.label(s)), ()) if x not in (known.id, s)]
        drawn = _pick([births.between(*window)], {known.id, s}, taken[p], rng)
        fitting = people.ranked(s, p, dict.fromkeys([*sample(related, rng), *kin, *drawn]))
        return [(s, p, o) for o in fitting[:TRIES_PER_SUBJECT]]

    yield from rounds(picks(s, p) for s, p in keys)


def _lifetime(
    view: KbView,
    rules: Mapping[str, str],
    close: _Near,
    people: People,
    taken: Mapping[str, set[str]],
    rng: random.Random,
) -> Iterator[Statement]:
    humans = [
        e
        for e in view.entities.values()
        if "Q5" in e.types and e.start_year is not None and e.end_year is not None
    ]
    alive = {e.id: (e.start_year or 0, e.end_year or 0) for e in humans}
    by_birth = _Years(sorted((e.start_year or 0, e.id) for e in humans))
    by_death = _Years(sorted((e.end_year or 0, e.id) for e in humans))
    subjects = sorted(e.id for e in humans) if rules else []
    rng.shuffle(subjects)
    properties = sorted(rules)
    near = _NEAR_YEARS

    def picks(i: int, s: str) -> list[Statement]:
        e = view.entities[s]
        born, died = e.start_year or 0, e.end_year or 0
        p = properties[i % len(properties)]
        match rules[p]:  # the years that clash in negation.pl, a few decades either side
            case "together":
                windows = [("born", died + 1, died + near), ("died", born - near, born - 1)]
            case "parent_child":
                windows = [("born", born - near, born), ("born", died + 2, died + near)]
            case _:
                windows = [("born", born, born + near), ("died", born - near, born - 2)]
        pools = [(by_birth if which == "born" else by_death).between(lo, hi) for which, lo, hi in windows]
        kin = close.family(s) if rules[p] == "together" else set()  # no spouse from one's own family
        related = [x for x in close.of(s) if x in alive and x not in kin and _within(alive[x], windows)]
        named = [
            x
            for x in people.by_surname.get(surname(e.label), ())
            if x in alive and x not in kin and x != s and _within(alive[x], windows)
        ]
        # a clash with a stranger of another land and era reads as a guess: S's circle, name and
        # country first, strangers only once every subject's plausible ones are spent
        drawn = _pick(pools, {s}, taken[p], rng)
        options = dict.fromkeys([*sample(related, rng), *sample(named, rng), *drawn])
        ranked = people.ranked(s, p, options, fitting=False)
        close_by = [o for o in ranked if o in related or people.alike(s, o)][:TRIES_PER_SUBJECT]
        strangers.append([(s, p, o) for o in ranked if o not in close_by][:TRIES_PER_SUBJECT])
        return [(s, p, o) for o in close_by]

    strangers: list[list[Statement]] = []
    yield from rounds(picks(i, s) for i, s in enumerate(subjects))
    yield from rounds(strangers)


def _of(view: KbView, eid: str, classes: set[str]) -> bool:
    entity = view.entities.get(eid)
    return entity is not None and not classes.isdisjoint(entity.types)


def _born(e: Entity) -> bool:
    return "Q5" in e.types and e.start_year is not None


def _within(years: tuple[int, int], windows: Sequence[tuple[str, int, int]]) -> bool:
    """A person born or died (``which``) in one of the windows."""
    return any(lo <= years[0 if which == "born" else 1] <= hi for which, lo, hi in windows)


def _first(preferred: list[str], rest: list[str]) -> list[str]:
    """Up to ``TRIES_PER_SUBJECT`` choices, the preferred ones first."""
    return list(dict.fromkeys([*preferred, *rest]))[:TRIES_PER_SUBJECT]


class _Near:
    """What a person would think of next to S: what a fact links S to, and what a fact links that
    to, unless it is a hub (a country, "human") that links everything to everything."""

    _HUB = 60
    _SKIP = frozenset({"P21", "P31"})
    _FAMILY = frozenset({"P22", "P25", "P40", "P3373"})

    def __init__(self, view: KbView) -> None:
        self._view = view  # the links are made on first use: a KB that never asks pays nothing

    @functools.cached_property
    def _graph(self) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
        links: dict[str, set[str]] = defaultdict(set)
        kin: dict[str, set[str]] = defaultdict(set)
        for f in self._view.facts:
            if f.property not in self._SKIP:
                links[f.subject].add(f.object)
                links[f.object].add(f.subject)
            if f.property in self._FAMILY:
                kin[f.subject].add(f.object)
                kin[f.object].add(f.subject)
        return links, kin

    def family(self, x: str) -> set[str]:
        """Relatives of ``x`` up to two steps (parents, children, siblings, grandparents, ...)."""
        kin = self._graph[1]
        one = kin.get(x, set())
        return one | {z for y in one for z in kin.get(y, ())}

    def of(self, x: str) -> list[str]:
        """Entities near ``x``, sorted (those the KB knows)."""
        links = self._graph[0]
        one = links.get(x, set())
        two = {z for y in one if len(links[y]) <= self._HUB for z in links[y]}
        return sorted(e for e in (one | two) - {x} if e in self._view.entities)


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
    for f in view.facts_of(properties):
        found[f.property].add(f.object)
    return found


def _pick(
    pools: Sequence[Sequence[str]], exclude: set[str], plausible: set[str], rng: random.Random
) -> list[str]:
    """Up to ``TRIES_PER_SUBJECT`` ids drawn from ``pools``, those the property takes elsewhere first.

    Draws at random positions instead of scanning the pools, so a subject costs the same
    however many people or cities the KB holds.
    """
    total = sum(len(pool) for pool in pools)
    drawn: list[str] = []
    for _ in range(4 * TRIES_PER_SUBJECT if total else 0):
        i = rng.randrange(total)
        for pool in pools:
            if i < len(pool):
                x = pool[i]
                break
            i -= len(pool)
        if x not in exclude and x not in drawn:
            drawn.append(x)
    return sorted(drawn, key=lambda x: x not in plausible)[:TRIES_PER_SUBJECT]


def _containment(view: KbView, derived: Sequence[Statement], rng: random.Random) -> Iterator[Statement]:
    orders = {p for p in view.catalog if view.catalog[p].transitive and not view.catalog[p].symmetric}
    stated = [(f.subject, f.property, f.object) for f in view.facts_of(orders)]
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
