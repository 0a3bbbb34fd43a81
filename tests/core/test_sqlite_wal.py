"""Opening a shared SQLite file while another process writes to it."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from kgtest.core.sqlite_wal import open_shared


def _writer_holding_the_file(path: Path) -> sqlite3.Connection:
    """A connection in the middle of a write: SQLite answers the WAL switch "locked" at once."""
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("CREATE TABLE t (x)")
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO t VALUES (1)")
    return writer


def test_the_busy_timeout_alone_does_not_wait_for_a_writer(tmp_path: Path) -> None:
    """Why open_shared exists: the plain switch fails at once, well inside its timeout."""
    path = tmp_path / "shared.sqlite"
    writer = _writer_holding_the_file(path)
    plain = sqlite3.connect(path, timeout=30.0)
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        plain.execute("PRAGMA journal_mode=WAL")
    assert time.monotonic() - started < 5.0
    plain.close()
    writer.execute("COMMIT")
    writer.close()


def test_open_shared_waits_for_the_writer_and_switches_to_wal(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"
    writer = _writer_holding_the_file(path)
    finish = threading.Timer(0.3, lambda: writer.execute("COMMIT"))
    finish.start()
    db = open_shared(path, timeout_s=10.0)
    finish.join()
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("SELECT x FROM t").fetchall() == [(1,)]
    db.close()
    writer.close()


def test_open_shared_gives_up_at_its_deadline(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"
    writer = _writer_holding_the_file(path)
    started = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        open_shared(path, timeout_s=0.2)
    assert 0.2 <= time.monotonic() - started < 5.0
    writer.execute("COMMIT")
    writer.close()


def test_open_shared_makes_the_folder(tmp_path: Path) -> None:
    db = open_shared(tmp_path / "new" / "folder" / "x.sqlite")
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()
