"""Shards on a Dask cluster: submitted as futures through ``distributed.Client``, gathered in order.

The same shape as core/pool.py's ``ordered_map`` (``start(recipe)`` once per worker process,
``work(tools, item)`` per item), so the judge and the runner choose between the two and
nothing else differs. The recipe is scattered to every worker once; each worker process
keeps the tools of the latest map only, so a long-lived cluster does not pile up models.
Workers must see the workspace at the same path (a shared file system): they read the suite
and the KB's caches and write to the reply cache as the client would (docs/scale.md).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from kgtest.core.errors import ConfigError

R = TypeVar("R")
I = TypeVar("I")  # noqa: E741
T = TypeVar("T")
S = TypeVar("S")

INSTALL = "pip install 'kgtest[dask]'"

_TOOLS: dict[tuple[str, int], Any] = {}
"""The tools of this worker process's latest map, by the map's key and the worker thread: a
judge or a model is not shared between threads (start workers with ``--nthreads 1``)."""


def dask_map(
    address: str, start: Callable[[S], T], work: Callable[[T, I], R], recipe: S, items: Iterable[I]
) -> Iterator[R]:
    """``work(start(recipe), item)`` for each item on the cluster at ``address``, in the items' order."""
    with _client(address) as client:
        shared = client.scatter(recipe, broadcast=True)
        key = uuid.uuid4().hex
        futures = [client.submit(_run, start, work, shared, key, item, pure=False) for item in items]
        for future in futures:
            yield future.result()


def cluster_size(address: str) -> int:
    """Worker threads on the cluster: how many shards keep every one of them busy."""
    with _client(address) as client:
        return max(1, sum(int(n) for n in client.nthreads().values()))


def _client(address: str) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address`` (not made the default one)."""
    try:
        import distributed
    except ImportError as exc:
        raise ConfigError(f"--dask needs Dask's distributed scheduler: {INSTALL}") from exc
    make: Any = distributed.Client
    try:
        return make(address, timeout=30, set_as_default=False)
    except OSError as exc:
        raise ConfigError(f"no Dask scheduler answers at {address!r}: {exc}") from exc


def _run(start: Callable[[S], T], work: Callable[[T, I], R], recipe: S, key: str, item: I) -> R:
    """On a worker: the map's tools, made on its thread's first item, then the work."""
    mine = (key, threading.get_ident())
    tools = _TOOLS.get(mine)
    if tools is None:
        for old in [k for k in list(_TOOLS) if k[0] != key]:
            _TOOLS.pop(old, None)
        tools = _TOOLS[mine] = start(recipe)
    return work(tools, item)
