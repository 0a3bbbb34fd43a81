"""Lifetimes in the checks: who has one is a person, and the years a reply states replace the KB's.

The lifetime rules of negation.pl (no one marries someone born after their death, nor is the
parent of a child born after it) ask that both are people (Q5); the case's evidence gives
their years of birth and death but not always their class, so a year of birth or death makes
a person here. A reply's own years of birth and death, and "alive in" years, replace the KB's
in the inference world and in a temporal case's events, and a flat denial of a dated fact ("never
played for Doncaster Rovers") takes its years out of them.
"""

from __future__ import annotations

from dataclasses import replace

from kgtest.oracle.claims import ALIVE, Claim
from kgtest.oracle.dated import bounded, date_kind, denial_unplaced
from kgtest.oracle.ground import GroundGraph
from kgtest.prolog.claims import World

YEAR_EVENT = {"P569": "born", "P570": "died"}


def lived(world: World) -> World:
    """Whoever has a year of birth or death is a person (Q5), as the lifetime rules ask."""
    people = tuple(sorted({(eid, "Q5") for _, eid, _ in world.years} - set(world.types)))
    return replace(world, types=world.types + people) if people else world


def stated_years(ground: GroundGraph, claims: list[Claim]) -> tuple[tuple[str, str, int], ...]:
    """The evidence's birth and death years, with the reply's where it states others."""
    said = {
        (YEAR_EVENT[c.statement[1]], c.statement[0]): c.year
        for c in claims
        if c.statement and c.statement[1] in YEAR_EVENT and c.year is not None
        if not c.negated and not bounded(c)  # "born before 1987" is no birth year
    }
    kept = [(e, x, y) for e, x, y in ground.years if (e, x) not in said]
    return tuple(kept + [(e, x, y) for (e, x), y in sorted(said.items())])


def events(ground: GroundGraph, claims: list[Claim]) -> dict[str, list[tuple[int, int]]]:
    """The temporal case's events with the lifetimes the reply states in place of the KB's."""
    assert ground.temporal is not None
    events = dict(ground.temporal.events)
    for event, eid, year in stated_years(ground, claims):
        span = f"{eid}:span"
        if events.get(span):
            start, end = events[span][0][0], events[span][-1][1]
            # a birth after the KB's known span (its birth year alone) starts a span of that year
            events[span] = [(year, max(year, end))] if event == "born" else [(start, year)]
    for c in claims:  # "was founded in 2018", "took place in 2018": a thing's span or point
        if not c.statement or c.negated or c.year is None or c.statement[1] in YEAR_EVENT or bounded(c):
            continue
        kind, eid = date_kind(c.statement[1]), c.statement[0]
        if kind in ("start", "end") and events.get(f"{eid}:span"):
            start, end = events[f"{eid}:span"][0][0], events[f"{eid}:span"][-1][1]
            events[f"{eid}:span"] = [(c.year, end)] if kind == "start" else [(start, c.year)]
        elif kind == "point" and f"{eid}:point" in events:
            events[f"{eid}:point"] = [(c.year, c.year)]
    for c in claims:  # "held the office from 1953 to 1961": a dated fact's years
        if c.statement and c.when is not None and not c.negated:
            s, p, o = c.statement
            for key in (f"{s} {p} {o}", f"{o} {p} {s}"):
                if events.get(key):
                    first, last = c.when
                    start, end = events[key][0][0], events[key][-1][1]
                    if first is not None and first == last:  # "married in 1839": it held then, at least
                        events[key] = [(min(start, first), max(end, first))]
                    else:
                        events[key] = [(start if first is None else first, end if last is None else last)]
    for c in claims:  # "never played for Doncaster Rovers": a dated fact denied in every year
        if c.statement and c.negated:
            s, p, o = c.statement
            for key in (f"{s} {p} {o}", f"{o} {p} {s}"):
                if events.get(key) and not denial_unplaced(c, events[key]):
                    events[key] = []
    for c in claims:  # "alive in 1902": the lifetime stretches to hold that year
        span = f"{c.statement[0]}:span" if c.statement else ""
        if (
            c.statement
            and c.statement[1] == ALIVE
            and c.year is not None
            and not c.negated
            and events.get(span)
        ):
            start, end = events[span][0][0], events[span][-1][1]
            events[span] = [(min(start, c.year), max(end, c.year))]
    return events
