"""Judging on worker processes gives the verdicts one process gives, byte for byte, in suite order."""

from __future__ import annotations

from pathlib import Path

from kgtest.core.pool import Spread
from kgtest.core.settings import load_settings
from kgtest.generator.kbview import read_view
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.store import open_store
from kgtest.oracle.judge import Judge, JudgeSettings
from kgtest.oracle.pool import BATCHES_PER_WORKER, JudgeRecipe, make_judge, pool_size
from kgtest.runner.runs import find_run
from tests.kinds import judge_with

from ..cli.test_cli import run


def test_a_worker_is_started_only_for_enough_batches() -> None:
    two = Spread(workers=2)
    assert pool_size(two, 2 * BATCHES_PER_WORKER - 1) == 1
    assert pool_size(two, 2 * BATCHES_PER_WORKER) == 2
    assert pool_size(Spread(workers=1), 100) == 1


def test_verdicts_on_two_workers_are_those_of_one(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert run("--workspace", str(ws), "build-kb", "example", "--quiet")[0] == 0
    suite = ws / "suites" / "suite.jsonl"
    code, _, err = run("--workspace", str(ws), "gen", "--count", "20", "--seed", "4", "--no-graph", "--quiet")
    assert code == 0, err
    spec = f"plugin:tests.cli.scale_bots:MixedWitness?suite={suite}"
    assert run("--workspace", str(ws), "run", str(suite), "--sut", spec, "--quiet")[0] == 0
    settings = load_settings(ws, env={})
    with open_store(settings) as store:
        view = read_view(KnowledgeBase(store), settings.paths.kb_view_cache)
    recipe = JudgeRecipe(JudgeSettings(), view)
    files = find_run(settings.paths, "latest")
    verdicts = []
    for workers in (1, 2):
        spread = Spread(workers=workers)
        assert pool_size(spread, 10) == workers  # 20 replies in batches of 2: a pool of two
        judge_with(files, lambda: make_judge(recipe), settings, spread, lambda: recipe, batch_size=2)
        verdicts.append(files.verdicts.read_bytes())
    assert verdicts[0] == verdicts[1]
    assert verdicts[0].count(b"\n") == 20 and b"erroneous_inference" in verdicts[0]


def test_a_judge_made_from_the_recipe_loads_nothing_before_a_reply_needs_it() -> None:
    """A worker with no fact reply to judge (a pool fed only screened replies) starts no model."""
    judge = make_judge(JudgeRecipe(JudgeSettings(extractor="spacy"), None))
    assert isinstance(judge, Judge) and judge.loaded == () and judge.settings.extractor == "spacy"
