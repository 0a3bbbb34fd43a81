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
  class, preferably one that P takes elsewhere in the KB;
* lifetime: a human S with known years and a human O whose years would clash with S's
  under one of negation.pl's lifetime rules (born a few years after S died, say).

These take turns, so no rule crowds out the others. Only once they all run dry come reversed
containments ("Is Liguria located in Lavagna?"): true to the rules but trivially false to a
reader, so the generator keeps them to at most a quarter of its negations (facts.py).

About half the statements are asked through an inverse or symmetric reading ("Is Y the
father of X?"), which the reasoner refutes through one R-Inverse/R-Sym hop. Every candidate
first passes the plausibility checks of distractors.py (a father is not a woman, a place of
birth does not contain the true one, ...).
"""

from __future__ import annotations

import bisect
import functools
import random
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice

from kgtest.generator.distractors import checks
from kgtest.generator.kbview import KbView
from kgtest.kg.model import Fact
from kgtest.prolog.reasoner import Derivation, FactPremise, Statement, Years, known_years

_NEAR_YEARS = 40
"""How far from S's lifetime the lifetime source looks for O: close in time is harder."""
_TRIES_PER_SUBJECT = 3


_NEIGHBOURS = frozenset({"P17"})
"""Properties whose near misses include the values of places near S (sharing a value with it)."""
IN_USE = frozenset({"P17"})
"""Properties whose object is asked about only in years some subject has it (the KB's sign that a
country existed then: "Was Göttingen in West Germany in 1750?" is no near miss)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """What the reasoner refutes, by property (prolog.reasoner.Reasoner supplies them)."""

    lifetime: Mapping[str, str]
    one_at_a_time: frozenset[str] = frozenset()
    partitioned: frozenset[str] = frozenset()
    in_use: Mapping[tuple[str, str], Years] = field(default_factory=dict)
    """``in_use(view)``, made once for the candidates and for the years they are asked about."""


def candidates(
    view: KbView,
    derived: Sequence[Statement],
    rules: Rules,
    rng: random.Random,
    keep: Callable[[Statement], bool],
) -> Iterator[tuple[bool, Statement]]:
    """Distinct candidates in a deterministic order, each with whether it reverses a containment:
    the plausible sources in turn until all run dry, then the reversed containments."""
    plausible = checks(view)
    seen: set[Statement] = set()
    near = _Near(view)
    functional = sorted(p for p in view.catalog if view.catalog[p].functional and view.catalog[p].curated)
    taken = _objects(view, [*functional, *rules.lifetime])
    sources = [
        _one_at_a_time(view, rules.one_at_a_time, rules.in_use, rng),
        _partition(view, rules.partitioned, rng),
        _functional(view, near, taken, rng),
        _lifetime(view, rules.lifetime, near, taken, rng),
    ]
    for reversed_, turns in ((False, sources), (True, [_containment(view, derived, rng)])):
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


def confusable(view: KbView, d: Derivation) -> bool:
    """A near miss a reader may take for the truth: the asked value shares a name with the value
    the refutation rests on ("West Germany" for "Germany", "the United Kingdom of Great Britain
    and Ireland" for "the United Kingdom": one state to many readers)."""
    while d.rule in ("inverse", "symmetric") and d.premises and isinstance(d.premises[0], Derivation):
        d = d.premises[0]
    if d.rule != "one_at_a_time":
        return False
    fact = next((view.facts_by_id[p.fact_id] for p in d.premises if isinstance(p, FactPremise)), None)
    if fact is None:
        return False
    true = fact.object if fact.subject == d.subject else fact.subject
    return _alike(view.label(true), view.label(d.object))


def _alike(a: str, b: str) -> bool:
    """One name within the other, or a word in common that is not one many names share."""
    a, b = a.casefold(), b.casefold()
    return a in b or b in a or bool(_stems(a) & _stems(b))


@functools.lru_cache(maxsize=4096)
def _stems(label: str) -> frozenset[str]:
    return frozenset(w[:5] for w in re.findall(r"[\w']+", label) if w not in _GENERIC and len(w) > 2)


_GENERIC = frozenset(
    [
        "and",
        "the",
        "kingdom",
        "republic",
        "empire",
        "state",
        "states",
        "federal",
        "federative",
        "socialist",
        "soviet",
        "people's",
        "united",
        "democratic",
        "union",
        "free",
        "grand",
        "duchy",
        "principality",
        "confederation",
        "federation",
        "province",
        "region",
        "county",
        "city",
        "metropolitan",
    ]
)
"""Words many states' and units' names share, which tell no one apart."""


def in_use(view: KbView) -> dict[tuple[str, str], Years]:
    """(P, O) -> the years some subject is known to have O as its P, for the IN_USE properties."""
    found: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for f in view.facts:
        if f.property in IN_USE:
            found[(f.property, f.object)].extend(known_years(f.start_year, f.end_year) or ())
    return {k: _merged(v) for k, v in found.items()}


def _merged(spans: list[tuple[int, int]]) -> Years:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return tuple(out)


def _one_at_a_time(
    view: KbView, properties: frozenset[str], used: Mapping[tuple[str, str], Years], rng: random.Random
) -> Iterator[Statement]:
    """Another value of S, or of a place near S, for a property with one value at a time."""
    values: dict[tuple[str, str], set[str]] = defaultdict(set)
    holders: dict[tuple[str, str], set[str]] = defaultdict(set)
    dated: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for f in view.facts:
        if f.property not in properties:
            continue
        pairs = [(f.subject, f.object)]
        if view.relation(f.property).symmetric:
            pairs.append((f.object, f.subject))
        for s, o in pairs:
            values[(s, f.property)].add(o)
            holders[(f.property, o)].add(s)
            dated[(s, f.property)].extend(known_years(f.start_year, f.end_year) or ())
    keys = sorted(k for k, spans in dated.items() if spans)
    rng.shuffle(keys)

    def fits(s: str, p: str, o: str, own: list[str]) -> bool:
        """In use in a year S had a value, and named unlike every value S had (see ``confusable``)."""
        if any(_alike(view.label(o), view.label(v)) for v in own):
            return False
        spans = used.get((p, o), ())
        return p not in IN_USE or any(a <= d and c <= b for a, b in dated[(s, p)] for c, d in spans)

    def picks(s: str, p: str) -> list[Statement]:
        own = sorted(values[(s, p)])
        options = own if len(own) > 1 else []
        if p in _NEIGHBOURS:
            near = {v for o in own for x in sorted(holders[(p, o)]) if x != s for v in values[(x, p)]}
            others = sorted(near - set(own))
            rng.shuffle(others)
            options = options + list(islice((o for o in others if fits(s, p, o, own)), _TRIES_PER_SUBJECT))
        return [(s, p, o) for o in options]

    yield from _rounds(picks(s, p) for s, p in keys)


def _partition(view: KbView, properties: frozenset[str], rng: random.Random) -> Iterator[Statement]:
    """For S within A within R: S within B, another unit directly within R."""
    parents: dict[tuple[str, str], set[str]] = defaultdict(set)
    children: dict[tuple[str, str], set[str]] = defaultdict(set)
    backwards = {q: p for p in properties if (q := view.relation(p).inverse)}
    for f in view.facts:
        if f.property in properties:
            child, parent, p = f.subject, f.object, f.property
        elif f.property in backwards:
            child, parent, p = f.object, f.subject, backwards[f.property]
        else:
            continue
        parents[(child, p)].add(parent)
        children[(parent, p)].add(child)
    keys = sorted(parents)
    rng.shuffle(keys)

    def picks(x: str, p: str) -> list[Statement]:
        above = {r for a in parents[(x, p)] for r in parents.get((a, p), ())}
        siblings = {b for r in sorted(above) for b in children[(r, p)]}
        return [(x, p, b) for b in _sample(sorted(siblings - parents[(x, p)] - {x}), rng)]

    yield from _rounds(picks(x, p) for x, p in keys)


def _sample(options: Sequence[str], rng: random.Random) -> list[str]:
    return rng.sample(options, min(_TRIES_PER_SUBJECT, len(options))) if options else []


def _functional(
    view: KbView, near: _Near, taken: Mapping[str, set[str]], rng: random.Random
) -> Iterator[Statement]:
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

    def picks(s: str, p: str) -> list[Statement]:
        known = view.entities.get(values[(s, p)][0].object)
        if known is None:
            return []
        classes = set(known.types)
        related = [
            x for x in near.of(s) if x not in (known.id, s) and classes.intersection(view.entities[x].types)
        ]
        drawn = _pick([by_class[t] for t in known.types], {known.id, s}, taken[p], rng)
        return [(s, p, o) for o in _first(_sample(related, rng), drawn)]

    yield from _rounds(picks(s, p) for s, p in keys)


def _lifetime(
    view: KbView, rules: Mapping[str, str], close: _Near, taken: Mapping[str, set[str]], rng: random.Random
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
        return [(s, p, o) for o in _first(_sample(related, rng), _pick(pools, {s}, taken[p], rng))]

    yield from _rounds(picks(i, s) for i, s in enumerate(subjects))


def _within(years: tuple[int, int], windows: Sequence[tuple[str, int, int]]) -> bool:
    """A person born or died (``which``) in one of the windows."""
    return any(lo <= years[0 if which == "born" else 1] <= hi for which, lo, hi in windows)


def _first(preferred: list[str], rest: list[str]) -> list[str]:
    """Up to ``_TRIES_PER_SUBJECT`` choices, the preferred ones first."""
    return list(dict.fromkeys([*preferred, *rest]))[:_TRIES_PER_SUBJECT]


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
