"""Signals held while the driver talks to the database, and delivered as soon as it is done.

Ctrl-C or SIGTERM raised inside the Neo4j driver's send or read leaves the Bolt connection
half-written: the driver's clean-up then fails (``BufferError``), or the server reads garbage
and the command ends with a database error instead of the signal. Every store call is bounded
by the watchdog (kg/watchdog.py), so holding a signal for its length delays an exit by at
most that bound, and the command stops between two calls, where ``finally`` blocks find the
connection whole.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_HELD = tuple(s for name in ("SIGINT", "SIGTERM", "SIGHUP") if (s := getattr(signal, name, None)))


@contextmanager
def held_signals() -> Iterator[None]:
    """Record SIGINT, SIGTERM and SIGHUP in the block; re-raise the first one after it."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread receives signals and may set handlers
        return
    received: list[int] = []

    def record(signum: int, frame: Any) -> None:
        received.append(signum)

    before = {sig: signal.signal(sig, record) for sig in _HELD}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        if received:
            signal.raise_signal(received[0])  # now, under the command's own handler
