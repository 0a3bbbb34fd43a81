"""The kind registry's parts as the stages' own tests hand them to a stage (api/kinds.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kgtest.api.kinds import KINDS
from kgtest.core.pool import Spread
from kgtest.core.settings import Settings
from kgtest.core.workspace import RunFiles
from kgtest.oracle.judge import Judge
from kgtest.oracle.kind_judge import OracleKit
from kgtest.oracle.pool import JudgeRecipe
from kgtest.oracle.verdicts import JudgeSummary, judge_run
from kgtest.runner.run import RunSummary, run_suite


def ask_suite(*args: Any, **kwargs: Any) -> RunSummary:
    """``run_suite`` with every registered kind's driver, as ``kgtest run`` calls it."""
    return run_suite(*args, drivers=KINDS.drivers(), **kwargs)


def judge_with(
    run: RunFiles,
    judge: Callable[[], Judge],
    settings: Settings,
    spread: Spread | None = None,
    recipe: Callable[[], JudgeRecipe] | None = None,
    batch_size: int = 256,
) -> JudgeSummary:
    """``judge_run`` over every registered kind with the fact oracle ``judge`` makes; an oracle the
    run's single questions do not need stops the test."""

    def refuse() -> Any:
        raise AssertionError("this test gives only the fact oracle")

    kit = OracleKit(
        settings, fact_judge=judge, embedder=refuse, view=refuse, spread=spread or Spread(), recipe=recipe
    )
    return judge_run(run, KINDS.judges(), kit, batch_size=batch_size)
