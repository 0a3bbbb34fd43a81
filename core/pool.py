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
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from itertools import islice
from typing import Any, Protocol, TypeVar

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
I = TypeVar("I")  # noqa: E741
T = TypeVar("T")
S = TypeVar("S")

_TOOLS: dict[str, Any] = {}
"""The worker process's tools, made by its initializer."""


def default_workers() -> int:
    """The cores this process may use (its CPU affinity, so a container's or a Slurm task's share)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


AHEAD = 2
"""Items in flight per worker: one being worked on, one waiting, so no worker idles between items and a
consumer that stops early (``gen`` once it has its cases) leaves little drawn for nothing."""


class Results(Iterator[R_co], Protocol):
    """Results in the items' order; ``close()`` stops the work when not all of them are wanted."""

    def close(self) -> None: ...


def ordered_map(
    start: Callable[[S], T], work: Callable[[T, I], R], recipe: S, items: Iterable[I], workers: int
) -> Results[R]:
    """``work(start(recipe), item)`` for each item, on ``workers`` processes (1: in this one).

    The workers start at once, so the caller can do other work while they do; items are read
    as results are taken (``AHEAD`` per worker in flight), so ``items`` may be endless. Close
    the iterator (``contextlib.closing``) when stopping before the end. ``start`` and ``work``
    must be module-level functions and ``recipe`` picklable: a spawned worker receives them by
    pickle.
    """
    if workers <= 1:
        tools = start(recipe)
        return (work(tools, item) for item in items)
    return _Pooled(start, work, recipe, items, workers)


class _Pooled(Iterator[R]):
    """Results from a process pool in the items' order, with at most ``AHEAD`` items per worker in flight."""

    def __init__(
        self, start: Callable[[S], T], work: Callable[[T, I], R], recipe: S, items: Iterable[I], workers: int
    ) -> None:
        context = multiprocessing.get_context("spawn")
        setup = (start, recipe, max(1, default_workers() // workers))
        self._pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start, initargs=setup)
        self._work = partial(_work, work)
        self._items = iter(items)
        self._pending: deque[Future[R]] = deque()
        for item in islice(self._items, workers * AHEAD):
            self._pending.append(self._pool.submit(self._work, item))

    def __next__(self) -> R:
        if not self._pending:
            self.close()
            raise StopIteration
        try:
            result = self._pending.popleft().result()
        except BaseException:
            self.close()
            raise
        for item in islice(self._items, 1):
            self._pending.append(self._pool.submit(self._work, item))
        return result

    def close(self) -> None:
        """Drop what is not started yet and wait for the workers to end."""
        self._pending.clear()
        self._pool.shutdown(wait=True, cancel_futures=True)


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
