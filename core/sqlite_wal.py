"""One way to open a SQLite file that several processes share: WAL, with a wait for the others.

Switching a file to WAL needs a moment alone with it. When two processes open a new file at
the same instant, SQLite may answer "database is locked" at once instead of waiting (it would
deadlock otherwise), so the busy timeout alone is not enough: the switch is tried again until
the same deadline.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

_PAUSE_S = 0.01


def open_shared(path: Path, timeout_s: float = 30.0) -> sqlite3.Connection:
    """A connection to ``path`` in WAL mode, made with its folder; waits up to ``timeout_s`` for others."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=timeout_s)
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return db
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                db.close()
                raise
            time.sleep(_PAUSE_S)
