"""A birth or a founding is asked before a year near it: "Was the cyclist Thomas De Gendt (born
1986) born before 1960?" asks nothing, and the thirteenth session's readers called "Was the cyclist
Lorena Wiebes born before 2007?" absurd (issue 37, fourteenth session)."""

from __future__ import annotations

import re

from kgtest.generator.kbview import KbView
from kgtest.generator.temporal import generate_temporal_cases, temporal_plan
from kgtest.generator.temporal_draw import NEAR
from kgtest.generator.temporal_kb import kb_events, universe
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity
from kgtest.prolog import mtl

BORN = {"Ada Lovelace": 1950, "Alan Turing": 1958, "Grace Hopper": 1966, "Kurt Gödel": 1990}


def test_every_cutoff_lies_near_a_birth_it_asks_about() -> None:
    entities = {
        f"Q{i}": Entity(f"Q{i}", name, types=("Q5",), domain=Domain.PEOPLE, start_year=year)
        for i, (name, year) in enumerate(BORN.items(), start=11)
    }
    events = kb_events(KbView(entities, (), builtin_catalog()))
    asked = 0
    for seed in range(3):
        for depth in (0, 1, 2):
            plan = temporal_plan(events, depth=depth, count=30, seed=seed, universe=universe(events))
            for case in generate_temporal_cases(plan)[0]:
                found = re.search(r" born before (\d+)\?$", case.question)
                if found is None:
                    continue
                asked += 1
                cutoff = int(found[1])
                births = [year for name, year in BORN.items() if name in case.question]
                assert births, case.question
                # a Yes no later than NEAR years after the last birth, a No no earlier than NEAR before
                assert cutoff - 1 - max(births) <= NEAR and min(births) - cutoff <= NEAR, case.question
    assert asked > 20


def test_a_wide_window_over_births_alone_is_asked_by_its_cutoff() -> None:
    """A birth's question says its cutoff, never its window ("alive at some time from 1970 through
    1985" is "born before 1986"): a window wider than the births' nearness is drawn where its cutoff
    lies near them, not dropped (LitWD1K had drawn three times as many candidates for it)."""
    entities = {
        f"Q{i}": Entity(f"Q{i}", name, types=("Q5",), domain=Domain.PEOPLE, start_year=year)
        for i, (name, year) in enumerate(BORN.items(), start=11)
    }
    events = kb_events(KbView(entities, (), builtin_catalog()))
    widths = []
    for seed in range(3):
        plan = temporal_plan(events, depth=1, count=30, seed=seed, universe=universe(events))
        for case in generate_temporal_cases(plan)[0]:
            if " born before " in case.question and case.temporal is not None:
                widths.append(mtl.horizon(mtl.from_json(case.temporal.formula)))
    assert widths and max(widths) > 2 * NEAR, widths
