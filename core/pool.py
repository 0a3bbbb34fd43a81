"""Work on every core: items mapped over worker processes, results in the items' order.

Each worker process makes its own tools once (``start(recipe)``: a SWI-Prolog engine with
the KB, a sentence model), since neither an engine nor a model can be shared between
processes, then applies ``work(tools, item)`` to the items it is handed. Workers are
spawned, not forked: the parent may hold a JVM and torch's threads, which a fork copies
half-way. Results come back in the items' order whatever finished first, so the output is
the same byte for byte as one process's (docs/scale.md).
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

R = TypeVar("R")
I = TypeVar("I")  # noqa: E741
T = TypeVar("T")
S = TypeVar("S")

_TOOLS: dict[str, Any] = {}
"""The worker process's tools, made by its initializer."""


def default_workers() -> int:
    """The cores this process may use (its CPU affinity, so a container's or a Slurm task's share)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def ordered_map(
    start: Callable[[S], T], work: Callable[[T, I], R], recipe: S, items: Iterable[I], workers: int
) -> Iterator[R]:
    """``work(start(recipe), item)`` for each item, on ``workers`` processes (1: in this one).

    ``start`` and ``work`` must be module-level functions and ``recipe`` picklable: a spawned
    worker receives them by pickle.
    """
    if workers <= 1:
        tools = start(recipe)
        yield from (work(tools, item) for item in items)
        return
    context = multiprocessing.get_context("spawn")
    setup = (start, recipe, max(1, default_workers() // workers))
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_start, initargs=setup) as pool:
        yield from pool.map(partial(_work, work), items)


def _start(start: Callable[[S], T], recipe: S, threads: int) -> None:
    """A worker's tools; its numeric libraries (torch, BLAS) share the cores with the other workers."""
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ.setdefault(name, str(threads))
    _TOOLS["tools"] = start(recipe)


def _work(work: Callable[[Any, I], R], item: I) -> R:
    return work(_TOOLS["tools"], item)


@dataclass(frozen=True, slots=True)
class Spread:
    """Where a command's work goes: ``workers`` processes here, or the Dask scheduler at ``dask``."""

    workers: int = 1
    dask: str | None = None
