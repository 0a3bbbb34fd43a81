"""Which rounds each injected test takes: its information line first, its question(s) later.

Every round holds at most one line of one test. Tests are placed in the order asked for; a
seeded search tries each test's placements in random order (so distances vary between runs)
and backtracks when a later test finds no room. When the rounds cannot hold every test, the
last ones are dropped (I13 first asks fewer times, down to two) and the script says which.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise

from kgtest.generator.battery.model import TestCode

_SAMPLES = 400
"""Random placements tried for a test asked several times (all of them would be too many)."""
_STEPS = 20_000
"""Search steps before the last test is given up (the search is exponential in the worst case)."""


@dataclass(frozen=True, slots=True)
class Request:
    code: TestCode
    asks: int = 1
    """Questions (I13 asks several times)."""
    distances: tuple[int, ...] = (1,)
    """Rounds allowed between the information and the question, in the order to try."""

    @property
    def needs_info(self) -> bool:
        return self.code is not TestCode.I13


@dataclass(frozen=True, slots=True)
class Placement:
    code: TestCode
    info_turn: int | None
    ask_turns: tuple[int, ...]


def place(turns: int, requests: list[Request], rng: random.Random) -> tuple[list[Placement], list[str]]:
    """Placements of as many requests as fit in ``turns`` rounds, and why the others were dropped."""
    dropped: list[str] = []
    todo = list(requests)
    while todo:
        found = _search(turns, todo, rng)
        if found is not None:
            return found, dropped
        last = todo[-1]
        if last.code is TestCode.I13 and last.asks > 2:
            todo[-1] = Request(last.code, last.asks - 1, last.distances)
            dropped.append(f"I13 asks {last.asks - 1} times instead of {last.asks}: the rounds are full")
            continue
        todo.pop()
        dropped.append(f"{last.code.value}: no room left in {turns} rounds")
    return [], dropped


def _search(turns: int, given: list[Request], rng: random.Random) -> list[Placement] | None:
    # Tests asked several times without information (I13) go first: they have the fewest options.
    requests = sorted(given, key=lambda r: r.needs_info)
    options = [_options(turns, r, rng) for r in requests]
    used: set[int] = set()
    chosen: list[Placement] = []
    steps = 0

    def fill(k: int) -> bool:
        nonlocal steps
        if k == len(requests):
            return True
        for placement in options[k]:
            steps += 1
            if steps > _STEPS:
                return False
            rounds = placement.ask_turns + ((placement.info_turn,) if placement.info_turn else ())
            if used.intersection(rounds):
                continue
            used.update(rounds)
            chosen.append(placement)
            if fill(k + 1):
                return True
            chosen.pop()
            used.difference_update(rounds)
        return False

    return chosen if fill(0) else None


def _options(turns: int, request: Request, rng: random.Random) -> list[Placement]:
    """Every placement of one request, in a seeded random order."""
    found: list[Placement] = []
    if not request.needs_info:
        # Asks at least a round apart where the conversation is long enough, else any rounds.
        gap = 2 if turns >= 2 * request.asks else 1
        for _ in range(_SAMPLES):
            asks = tuple(sorted(rng.sample(range(1, turns + 1), min(request.asks, turns))))
            if all(b - a >= gap for a, b in pairwise(asks)):
                found.append(Placement(request.code, None, asks))
        return list(dict.fromkeys(found))
    for distance in request.distances:
        infos = list(range(1, turns - distance + 1))
        rng.shuffle(infos)
        found += [Placement(request.code, i, (i + distance,)) for i in infos]
    return found
