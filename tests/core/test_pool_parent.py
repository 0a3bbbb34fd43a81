"""Pool workers die with their parent, kill -9 included, and a pool has no more workers than cores.

Issue 42: ``kill -9`` of ``judge --workers 2`` left its two workers (650 MB each) running for good,
and ``gen --workers 1000`` started a thousand processes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kgtest.core import pool
from kgtest.core.processes import alive

ROOT = Path(__file__).resolve().parents[2]
PARENT = """
import multiprocessing, time
from kgtest.core.pool import ordered_map
from tests.core.test_pool_parent import busy, nothing

results = ordered_map(nothing, busy, None, range(4), 2)
deadline = time.monotonic() + 60
while len(multiprocessing.active_children()) < 2 and time.monotonic() < deadline:
    time.sleep(0.1)
print(*(p.pid for p in multiprocessing.active_children()), flush=True)
next(results)  # the workers are busy for ten minutes
"""


def nothing(recipe: None) -> None:
    return None


def busy(tools: None, item: int) -> int:
    time.sleep(600)
    return item


def at_once(tools: None, item: int) -> int:
    return item


@pytest.mark.skipif(pool.default_workers() < 2, reason="a pool needs two cores")
def test_busy_workers_end_within_seconds_of_a_kill_9_of_their_parent() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    try:
        assert parent.stdout is not None
        workers = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(alive(pid) for pid in workers)
        time.sleep(1)  # both are inside their ten-minute item
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        deadline = time.monotonic() + 15
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(pid) for pid in workers), "a worker outlived its killed parent"
    finally:
        parent.kill()
        parent.wait()


def test_a_pool_has_no_more_workers_than_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []

    class Counted(pool._Pooled[int]):
        def __init__(self, *args: object) -> None:
            made.append(int(args[-1]))  # type: ignore[call-overload]
            super().__init__(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pool, "_Pooled", Counted)
    assert list(pool.ordered_map(nothing, at_once, None, range(6), 1000)) == list(range(6))
    cores = pool.default_workers()
    assert made == ([] if cores == 1 else [cores])
