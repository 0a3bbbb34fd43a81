"""Which rounds each injected test takes: its information line first, its question(s) later.

Every round holds at most one line of one test. A seeded search fills the rounds in order, trying
the tests that may start in each in random order (so distances vary between runs), and backtracks
when a later round finds nothing that fits. When the rounds cannot hold every test, the last ones
are dropped (I13 first asks fewer times, down to two) and the script says which, once per test.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, pairwise

from kgtest.generator.conversation.script_records import TestCode

_SAMPLES = 400
"""Placements tried for a test asked several times from one round (all of them could be too many)."""
_STEPS = 20_000
"""Rounds tried before the last test is given up (the search is exponential in the worst case)."""


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
class TestPlacement:
    code: TestCode
    info_turn: int | None
    ask_turns: tuple[int, ...]


def place(turns: int, requests: list[Request], rng: random.Random) -> tuple[list[TestPlacement], list[str]]:
    """Placements of as many requests as fit in ``turns`` rounds, and why the others were dropped:
    one line per test not asked as asked for, said once (I13 asking fewer times is not said when
    it is then dropped)."""
    dropped: list[str] = []
    fewer = ""
    todo = list(requests)
    while todo:
        found = _search(turns, todo, rng)
        if found is not None:
            return found, [fewer, *dropped] if fewer else dropped
        last = todo[-1]
        if last.code is TestCode.I13 and last.asks > 2:
            todo[-1] = Request(last.code, last.asks - 1, last.distances)
            asked = requests[len(todo) - 1].asks
            fewer = f"I13 asks {last.asks - 1} times instead of {asked}: the rounds are full"
            continue
        todo.pop()
        if last.code is TestCode.I13:
            fewer = ""
        need = last.asks + last.needs_info
        dropped.append(
            f"{last.code.value}: not asked, no room left in {turns} rounds (it needs {need} rounds of its "
            f"own beside the tests before it)"
        )
    return [], dropped


def _search(turns: int, given: list[Request], rng: random.Random) -> list[TestPlacement] | None:
    """A placement of every request, found round by round: the earliest free round holds a test's
    information, I13's first question, or small talk while rounds are to spare. Every placement
    has that shape, so the search misses none (it once placed whole tests at random and gave up
    on 20 rounds that hold all ten tests); it stops after ``_STEPS`` rounds tried."""
    spare = turns - sum(r.asks + r.needs_info for r in given)
    if spare < 0:
        return None
    todo = list(given)
    used = [False] * (turns + 2)
    chosen: list[TestPlacement] = []
    steps = 0

    def fill(first: int, spare: int) -> bool:
        nonlocal steps
        r = next((k for k in range(first, turns + 1) if not used[k]), turns + 1)
        if not todo:
            return True
        steps += 1
        if r > turns or steps > _STEPS:
            return False
        options: list[tuple[int, TestPlacement] | None] = [None] if spare else []
        seen: set[tuple[TestCode, int, tuple[int, ...]]] = set()
        for k, request in enumerate(todo):
            if (request.code, request.asks, request.distances) not in seen:  # the same test twice: once
                seen.add((request.code, request.asks, request.distances))
                options += [(k, p) for p in _starting(r, turns, request, used, rng)]
        rng.shuffle(options)
        for option in options:
            if option is None:  # small talk in round r
                used[r] = True
                if fill(r + 1, spare - 1):
                    return True
                used[r] = False
                continue
            k, placement = option
            rounds = (*placement.ask_turns, *((placement.info_turn,) if placement.info_turn else ()))
            for x in rounds:
                used[x] = True
            request = todo.pop(k)
            chosen.append(placement)
            if fill(r + 1, spare):
                return True
            chosen.pop()
            todo.insert(k, request)
            for x in rounds:
                used[x] = False
        return False

    return chosen if fill(1, spare) else None


def _starting(
    r: int, turns: int, request: Request, used: list[bool], rng: random.Random
) -> list[TestPlacement]:
    """The request's placements whose first round is ``r``, on rounds still free."""
    if request.needs_info:
        return [
            TestPlacement(request.code, r, (r + d,))
            for d in request.distances
            if r + d <= turns and not used[r + d]
        ]
    # I13: asks at least a round apart where the conversation is long enough, else any rounds.
    gap = 2 if turns >= 2 * request.asks else 1
    free = [k for k in range(r + gap, turns + 1) if not used[k]]
    later = [c for c in combinations(free, request.asks - 1) if all(b - a >= gap for a, b in pairwise(c))]
    rng.shuffle(later)
    return [TestPlacement(request.code, None, (r, *c)) for c in later[:_SAMPLES]]
