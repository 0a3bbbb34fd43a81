"""Fact and temporal replies judged on every core, or on a Dask cluster, as one process judges them.

The replies are cut into the same batches one process judges (``batch_size`` in a row), each
batch goes to a worker whose judge was made once from a ``JudgeRecipe`` (the sentence model,
spaCy, SWI-Prolog and the KB view, all per process), and the verdicts come back in the
batches' order. A batch is judged whole by one judge either way, and similarities are
rounded (oracle/embeddings.py), so verdicts.jsonl is the same byte for byte whatever the
number of workers (tests/oracle/test_pool.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from kgtest.core.errors import OracleUnavailableError
from kgtest.core.pool import Spread, ordered_map
from kgtest.generator.case import TestCase
from kgtest.generator.kbview import KbView
from kgtest.generator.view_ref import ViewRef, load_view
from kgtest.oracle.judge import Judge, JudgeSettings, Verdict
from kgtest.oracle.kb_lookup import LazyKb, ViewKb
from kgtest.runner.dask_backend import dask_map

Batch = Sequence[tuple[TestCase, str]]


@dataclass(frozen=True, slots=True)
class JudgeRecipe:
    """What a worker needs to make the same judge as the parent: its settings and the KB's view."""

    settings: JudgeSettings
    view: KbView | ViewRef | None
    """Where names beyond a case's evidence are looked up (read on first lookup); None: no KB."""


def make_judge(recipe: JudgeRecipe) -> Judge:
    """A worker's judge: models load on its first batch that needs them, the KB's index on first lookup."""
    view = recipe.view
    return Judge(recipe.settings, kb=LazyKb(lambda: ViewKb(load_view(view))) if view is not None else None)


BATCHES_PER_WORKER = 4
"""A worker takes about 6 s to start (imports, spaCy, the sentence model: bench/bench_pool.py), the
time it judges some 450 replies in; so each worker is given at least 4 batches of 256, and a
run of fewer than 8 batches is judged in the parent."""


def pool_size(spread: Spread, batches: int) -> int:
    """Workers worth starting for ``batches`` batches: at most ``spread.workers``, each with enough work."""
    return max(1, min(spread.workers, batches // BATCHES_PER_WORKER))


def verdict_batches(
    recipe: JudgeRecipe, batches: Sequence[Batch], spread: Spread
) -> Iterator[list[Verdict | str]]:
    """Each batch's verdicts (or a reply's failure), in the batches' order."""
    if spread.dask is not None:
        return dask_map(spread.dask, make_judge, judge_batch, recipe, batches)
    return ordered_map(make_judge, judge_batch, recipe, batches, pool_size(spread, len(batches)))


def judge_batch(judge: Judge, batch: Batch) -> list[Verdict | str]:
    """Verdicts for a batch; a reply the oracle fails on gets the reason instead, the others their verdict.

    An oracle that cannot run at all (a model or server missing) still stops the run.
    """
    try:
        return list(judge.judge_many(batch))
    except OracleUnavailableError:
        raise
    except Exception:  # one reply broke the batch: judge each alone to find it
        pass
    out: list[Verdict | str] = []
    for pair in batch:
        try:
            out.append(judge.judge_many([pair])[0])
        except OracleUnavailableError:
            raise
        except Exception as exc:
            out.append(f"{type(exc).__name__}: {exc}"[:500])
    return out
