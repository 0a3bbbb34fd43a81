"""A suite's parts made on two worker processes: the same suite, byte for byte, as in one process."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from kgtest.generator.kbview import KbView
from kgtest.generator.pool import generate_parallel
from kgtest.generator.suite import SuiteRequest, generate_suite
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Reasoner

from .conftest import Kb


def _rules(cache: Path, view: KbView) -> Reasoner:
    """How a worker loads the rules: module-level, so a spawned worker receives it by pickle."""
    return load_kb(kb_program(view.entities.values(), view.facts, view.catalog), cache)


def test_two_workers_make_the_suite_one_process_makes(family: Kb, tmp_path: Path) -> None:
    view, reasoner = family
    request = SuiteRequest(count=12, seed=3, mtl_depth=2, temporal_count=6)
    whole = generate_suite(view, reasoner, request)
    assert view.key and {c.kind for c in whole.cases} == {"fact", "temporal"}
    load = partial(_rules, tmp_path / "prolog")
    parallel = generate_parallel(view, request, load, tmp_path / "cache" / "kb-view.json", 2, min_part=0)
    assert [c.to_json() for c in parallel.cases] == [c.to_json() for c in whole.cases]
    assert (parallel.facts, parallel.temporal, parallel.notes) == (whole.facts, whole.temporal, whole.notes)
