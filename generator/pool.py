"""A suite made on every core: worker processes draw the temporal candidates while this one keeps them.

Drawing a temporal candidate (its formula evaluated in mtl.pl) is nearly all of a suite's
work, and each candidate comes from a seed of its own (generator/temporal_draw.py), so the
workers draw blocks of them, each with an SWI-Prolog engine of its own holding mtl.pl and no
KB. This process makes the fact cases while the workers start, then keeps the candidates in
index order as they come back; the suite is the same byte for byte as one process's
(tests/generator/test_pool.py).
"""

from __future__ import annotations

from itertools import chain

from kgtest.core.pool import ordered_map
from kgtest.generator.kbview import KbView
from kgtest.generator.suite import (
    SuitePart,
    SuiteRequest,
    SuiteResult,
    assemble,
    suite_part,
    temporal_part,
    temporal_plan_of,
)
from kgtest.generator.temporal_draw import blocks, draw_block, drawn_here, ready
from kgtest.prolog.reasoner import Reasoner

MIN_TEMPORAL_CASES = 1_000
"""A pool starts only for this many temporal cases: a worker costs 1-2 s to start (spawn, imports,
SWI-Prolog with mtl.pl), which a few hundred cases do not take in all (docs/scale.md)."""


def generate_parallel(
    view: KbView,
    reasoner: Reasoner,
    request: SuiteRequest,
    workers: int,
    min_temporal: int = MIN_TEMPORAL_CASES,
) -> SuiteResult:
    """``generate_suite``'s suite, its temporal candidates drawn on ``workers`` processes (1: all here)."""
    request.validate()
    found = temporal_plan_of(view, reasoner, request)
    if found is None:
        return assemble(view, request, [suite_part(view, reasoner, request, "facts"), SuitePart("temporal")])
    plan, events = found
    pooled = None
    if workers > 1 and request.temporal_count >= min_temporal:
        pooled = ordered_map(ready, draw_block, plan.draws, blocks(plan.limit), workers)
    try:
        facts = suite_part(view, reasoner, request, "facts")  # while the workers start and draw
        candidates = chain.from_iterable(pooled) if pooled else drawn_here(plan.draws, plan.limit)
        temporal = temporal_part(plan, events, candidates)
    finally:
        if pooled is not None:
            pooled.close()
    return assemble(view, request, [facts, temporal])
