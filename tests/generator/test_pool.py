"""A suite's parts made on two worker processes: the same suite, byte for byte, as in one process."""

from __future__ import annotations

import pytest

from kgtest.generator.suite import SuiteRequest, generate_suite
from kgtest.generator.temporal_draw import BLOCK

from .conftest import Kb


@pytest.mark.parametrize("temporal", [6, 300])
def test_two_workers_make_the_suite_one_process_makes(family: Kb, temporal: int) -> None:
    """300 temporal cases take several blocks per worker, more than are drawn ahead: the parent keeps
    them in index order as they come back, and stops drawing once it has its cases."""
    view, reasoner = family
    request = SuiteRequest(count=12, seed=3, mtl_depth=2, temporal_count=temporal)
    whole = generate_suite(view, reasoner, request)
    assert view.key and {c.kind for c in whole.cases} == {"fact", "temporal"}
    assert whole.temporal is not None and whole.temporal.attempts > 2 * BLOCK * (temporal > BLOCK)
    parallel = generate_suite(view, reasoner, request, workers=2, min_temporal=0)
    assert [c.to_json() for c in parallel.cases] == [c.to_json() for c in whole.cases]
    assert (parallel.facts, parallel.temporal, parallel.notes) == (whole.facts, whole.temporal, whole.notes)
