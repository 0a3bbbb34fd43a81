"""A deadline for calls that block on a server: when one makes no progress in time, cut it off.

The neo4j driver has no client-side read timeout (only one a server may suggest), so a store
call that the server never answers waits for ever. One watchdog thread per store holds the
deadlines of the calls in flight; when one passes, it calls ``expire``, which closes the
driver's connections: the blocked read returns, the driver raises, and the store turns that
into a timeout error naming the query.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(slots=True)
class Armed:
    """One call under watch; ``progress()`` moves its deadline on (a stream that still delivers rows)."""

    timeout_s: float
    deadline: float
    expired: bool = False

    def progress(self) -> None:
        self.deadline = time.monotonic() + self.timeout_s


class Watchdog:
    """Calls ``expire`` once for every armed call that passes its deadline."""

    def __init__(self, timeout_s: float, expire: Callable[[], None], name: str = "kgtest-watchdog") -> None:
        self.timeout_s = timeout_s
        self._expire = expire
        self._name = name
        self._armed: dict[int, Armed] = {}
        self._ids = itertools.count()
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False

    @contextmanager
    def armed(self) -> Iterator[Armed]:
        """Watch the calls made inside the block; ``Armed.expired`` says whether they were cut off."""
        call = Armed(self.timeout_s, time.monotonic() + self.timeout_s)
        key = next(self._ids)
        with self._cond:
            self._armed[key] = call
            if self._thread is None:
                self._thread = threading.Thread(target=self._watch, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify()
        try:
            yield call
        finally:
            with self._cond:
                del self._armed[key]

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _watch(self) -> None:
        while True:
            with self._cond:
                if self._closed:
                    return
                now = time.monotonic()
                late = [call for call in self._armed.values() if call.deadline <= now and not call.expired]
                if not late:
                    pending = [c.deadline for c in self._armed.values() if not c.expired]
                    self._cond.wait(min(pending) - now if pending else None)
                    continue
                for call in late:
                    call.expired = True
            self._expire()  # outside the lock: closing connections may take a moment
