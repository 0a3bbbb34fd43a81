"""Work on every core: items mapped over worker processes, results in the items' order.

Each worker process makes its own tools once (``start(recipe)``: a SWI-Prolog engine with
the KB, a sentence model), since neither an engine nor a model can be shared between
processes, then applies ``work(tools, item)`` to the items it is handed. Workers are
spawned, not forked: the parent may hold a JVM and torch's threads, which a fork copies
half-way. Results come back in the items' order whatever finished first, so the output is
the same byte for byte as one process's (docs/scale.md).

Workers die with their parent, however it ends (issue 42: a ``judge --workers 2`` killed with
``kill -9`` left two workers of 650 MB each running for good): each asks the kernel for SIGKILL
when its parent dies (``PR_SET_PDEATHSIG``, Linux, when the pool was made by the main thread: the
signal follows the thread that spawned), checks at start that its parent is still the process
that made it, and watches the parent's id once a second on any system. A pool never has more
workers than the cores this process may use.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
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
    workers = min(workers, default_workers())
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
        main = threading.current_thread() is threading.main_thread()
        setup = (start, recipe, max(1, default_workers() // workers), os.getpid(), main)
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


def _start(start: Callable[[S], T], recipe: S, threads: int, parent: int, signalled: bool) -> None:
    """A worker's tools; its numeric libraries (torch, BLAS) share the cores with the other workers."""
    die_with(parent, signalled)
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ.setdefault(name, str(threads))
    _TOOLS["tools"] = start(recipe)


def _work(work: Callable[[Any, I], R], item: I) -> R:
    return work(_TOOLS["tools"], item)


_PR_SET_PDEATHSIG = 1
WATCH_S = 1.0
"""How often a worker looks whether its parent still runs."""


def die_with(parent: int, signalled: bool = True) -> None:
    """End this process when process ``parent`` ends: at once through the kernel (Linux, ``signalled``),
    and within ``WATCH_S`` through a thread that watches the parent's id."""
    if signalled and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):  # no prctl: the watch below still holds
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)  # the parent died before it could be watched
    threading.Thread(target=_watch, args=(parent,), name="kgtest-parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_S)
    os._exit(1)


@dataclass(frozen=True, slots=True)
class Spread:
    """Where a command's work goes: ``workers`` processes here, or the Dask scheduler at ``dask``."""

    workers: int = 1
    dask: str | None = None
