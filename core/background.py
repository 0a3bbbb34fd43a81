"""Work on a daemon thread, its outcome a ``Future``.

Not an executor's thread: a command that fails or is interrupted must not wait at exit for work
nobody needs any more (a dump's parse, a view made ahead).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

T = TypeVar("T")


def in_background(work: Callable[[], T], name: str) -> Future[T]:
    """Start ``work`` now; the future holds what it returns or raises."""
    future: Future[T] = Future()

    def run() -> None:
        future.set_running_or_notify_cancel()
        try:
            future.set_result(work())
        except BaseException as exc:
            future.set_exception(exc)

    threading.Thread(target=run, name=name, daemon=True).start()
    return future
