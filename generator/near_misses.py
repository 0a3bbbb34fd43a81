"""Near misses: the candidate falsehoods a person would be tempted by (issue 37).

The sources for negatives.py, each proposing what one of near_miss.pl's rules may refute:

* one at a time: another value S had of a property with one value at a time (another spouse,
  country, head of government, capital), or for a country one a place near S had; a country only
  where it was in use in a year S had a value, and never one named like a value S had;
* partition: another unit directly within the parent of the unit S lies in ("another province of
  the same region");
* one club at a time: another club a player had, asked in a year of another (``clubs``);
* one league a season: for a club in a league's season, the season of the same years of another
  league of its country, a division above or below first ("Did Onisilos Sotira play in the
  2007–08 Cypriot First Division?" of a club of that year's Second Division).

And the checks facts.py makes once the reasoner has refuted one: the years a country was in use
(``in_use``) and names a reader takes for the same thing (``confusable``).
"""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import islice

from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_random import merged
from kgtest.prolog.reasoner import Derivation, FactPremise, Statement, Years, known_years

TRIES_PER_SUBJECT = 3
"""Candidates drawn per subject at most: no subject crowds the suite."""
_NEIGHBOURS = frozenset({"P17"})
"""Properties whose near misses include the values of places near S (sharing a value with it)."""
ONE_AT_A_TIME = frozenset({"one_at_a_time", "one_club_at_a_time"})
"""near_miss.pl's rules of one value at a time: a near miss of either may be half true at a change."""
IN_USE = frozenset({"P17"})
"""Properties whose object is asked about only in years some subject has it (the KB's sign that a
country existed then: "Was Göttingen in West Germany in 1750?" is no near miss)."""


def confusable(view: KbView, d: Derivation) -> bool:
    """A near miss a reader may take for the truth: the asked value shares a name with the value
    the refutation rests on ("West Germany" for "Germany", "the United Kingdom of Great Britain
    and Ireland" for "the United Kingdom": one state to many readers)."""
    while d.rule in ("inverse", "symmetric") and d.premises and isinstance(d.premises[0], Derivation):
        d = d.premises[0]
    if d.rule not in ONE_AT_A_TIME:
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
    for f in view.facts_of(IN_USE):
        found[(f.property, f.object)].extend(known_years(f.start_year, f.end_year) or ())
    return {k: tuple(merged(v)) for k, v in found.items()}


def one_at_a_time(
    view: KbView, properties: frozenset[str], used: Mapping[tuple[str, str], Years], rng: random.Random
) -> Iterator[Statement]:
    """Another value of S, or of a place near S, for a property with one value at a time."""
    values: dict[tuple[str, str], set[str]] = defaultdict(set)
    holders: dict[tuple[str, str], set[str]] = defaultdict(set)
    dated: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for f in view.facts_of(properties):
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

    near: dict[tuple[str, str], set[str]] = {}

    def neighbours(p: str, o: str) -> set[str]:
        """Every value of P had by anything that had O: a country's thousands of places, once."""
        found = near.get((p, o))
        if found is None:
            found = near[(p, o)] = {v for x in holders[(p, o)] for v in values[(x, p)]}
        return found

    def picks(s: str, p: str) -> list[Statement]:
        if p in IN_USE and (p, s) in holders:
            return []  # a country of its own ("Was the Russian SFSR in Latvia?" reads backwards)
        own = sorted(values[(s, p)])
        options = own if len(own) > 1 else []
        if p in _NEIGHBOURS:  # S's own values, S's among them, are left out
            others = sorted(set().union(*(neighbours(p, o) for o in own)) - set(own))
            rng.shuffle(others)
            options = options + list(islice((o for o in others if fits(s, p, o, own)), TRIES_PER_SUBJECT))
        return [(s, p, o) for o in options]

    yield from rounds(picks(s, p) for s, p in keys)


_NATIONAL_CLASSES = frozenset({"Q6979593", "Q1194951", "Q23847779"})
_NATIONAL_WORDS = frozenset({"national", "olympic"})


def national_team(view: KbView, team: str) -> bool:
    """A national team, as near_miss.pl tells one: of a national team's class, or named one."""
    e = view.entities.get(team)
    if e is None:
        return False
    words = {w.strip("()'.,") for w in re.split(r"[ \-]", e.label.casefold())}
    return not _NATIONAL_CLASSES.isdisjoint(e.types) or not _NATIONAL_WORDS.isdisjoint(words)


def clubs(view: KbView, properties: frozenset[str], rng: random.Random) -> Iterator[Statement]:
    """For a player S of two clubs or more: another club of S, for near_miss.pl to refute in the years
    S was at one of the others (a national team is neither asked nor a reason)."""
    own: dict[tuple[str, str], set[str]] = defaultdict(set)
    national = functools.cache(functools.partial(national_team, view))
    for f in view.facts_of(properties):
        if f.start_year is not None and not national(f.object):
            own[(f.subject, f.property)].add(f.object)
    keys = sorted(k for k, teams in own.items() if len(teams) > 1)
    rng.shuffle(keys)
    yield from rounds([(s, p, o) for o in sample(sorted(own[(s, p)]), rng)] for s, p in keys)


def partition(view: KbView, properties: frozenset[str], rng: random.Random) -> Iterator[Statement]:
    """For S within A within R: S within B, another unit directly within R."""
    parents: dict[tuple[str, str], set[str]] = defaultdict(set)
    children: dict[tuple[str, str], set[str]] = defaultdict(set)
    backwards = {q: p for p in properties if (q := view.relation(p).inverse)}
    for f in view.facts_of(properties | backwards.keys()):
        if f.property in properties:
            child, parent, p = f.subject, f.object, f.property
        else:
            child, parent, p = f.object, f.subject, backwards[f.property]
        parents[(child, p)].add(parent)
        children[(parent, p)].add(child)
    keys = sorted(parents)
    rng.shuffle(keys)

    def picks(x: str, p: str) -> list[Statement]:
        above = {r for a in parents[(x, p)] for r in parents.get((a, p), ())}
        siblings = {b for r in sorted(above) for b in children[(r, p)]}
        return [(x, p, b) for b in sample(sorted(siblings - parents[(x, p)] - {x}), rng)]

    yield from rounds(picks(x, p) for x, p in keys)


_LEVEL_BELOW = "P2500"
"""league level below (between seasons): which leagues are next to each other, for the most
plausible near miss ("Did a Second Division club play in that year's First Division?")."""


def seasons(view: KbView, seasonal: Mapping[str, str], rng: random.Random) -> Iterator[Statement]:
    """For a club S in season A of league La: S in B, the season of A's years of another league of
    La's country, a neighbouring division first (near_miss.pl's one league a season)."""
    if not seasonal:
        return
    league: dict[str, str] = {f.subject: f.object for f in view.facts_of(frozenset(seasonal.values()))}
    country: dict[str, set[str]] = defaultdict(set)
    for f in view.facts_of(("P17",)):
        if f.subject in league.values():
            country[f.subject].add(f.object)
    next_to = {  # leagues next to each other, as some season of one is the level below one of the other
        frozenset((league[f.subject], league[f.object]))
        for f in view.facts_of((_LEVEL_BELOW,))
        if f.subject in league and f.object in league
    }
    same: dict[tuple[int | None, int | None], list[str]] = defaultdict(list)
    for b in sorted(league):
        e = view.entities.get(b)
        if e is not None and e.start_year is not None and e.end_year is not None:
            same[(e.start_year, e.end_year)].append(b)
    played: dict[tuple[str, str], set[str]] = defaultdict(set)
    for f in view.facts_of(frozenset(seasonal)):
        club = view.entities.get(f.subject)
        if club is not None and "Q5" not in club.types and f.object in league:
            played[(f.subject, f.property)].add(f.object)
    keys = sorted(played)
    rng.shuffle(keys)

    def picks(s: str, p: str) -> list[Statement]:
        options: list[tuple[bool, str]] = []
        for a in sorted(played[(s, p)]):
            e = view.entities[a]
            for b in same[(e.start_year, e.end_year)]:
                la, lb = league[a], league[b]
                if la != lb and b not in played[(s, p)] and country[la] & country[lb]:
                    options.append((frozenset((la, lb)) not in next_to, b))
        rng.shuffle(options)
        options.sort(key=lambda x: x[0])  # neighbouring divisions first, stable otherwise
        return [(s, p, b) for _, b in options[:TRIES_PER_SUBJECT]]

    yield from rounds(picks(s, p) for s, p in keys)


def sample(options: Sequence[str], rng: random.Random) -> list[str]:
    return rng.sample(options, min(TRIES_PER_SUBJECT, len(options))) if options else []


def rounds(per_subject: Iterable[list[Statement]]) -> Iterator[Statement]:
    """First choice of every subject, then second choices, ...: no subject crowds the suite.

    The first round pulls subjects lazily, so a suite that needs few candidates computes few.
    """
    seen = []
    for picks in per_subject:
        seen.append(picks)
        yield from picks[:1]
    for i in range(1, TRIES_PER_SUBJECT):
        yield from (picks[i] for picks in seen if i < len(picks))
