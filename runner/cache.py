"""Every reply ever received, keyed by what determines it, in one SQLite file per workspace.

A reply is committed the moment it arrives, so a killed run loses at most the questions in
flight, and no question is asked twice for the same system and sampling settings, even
across suites. SQLite rather than JSON Lines: a kill cannot leave half a record, and two
runs may share the file.

Two runs at once share the work instead of doubling it: a run claims the keys it is about to
ask (``claims``), and another run that wants the same keys waits for their replies. A claim
goes with its reply, with the run that made it, or with a process that died holding it.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import time
import uuid
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from types import TracebackType

from kgtest.core.sqlite_wal import open_shared
from kgtest.runner.sut import Conversation, Reply, Sampling

_SCHEMA = """
CREATE TABLE IF NOT EXISTS replies (
    key TEXT PRIMARY KEY,
    system TEXT NOT NULL,
    sampling TEXT NOT NULL,
    conversation TEXT NOT NULL,
    reply TEXT NOT NULL,
    ok INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS claims (
    key TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    created REAL NOT NULL
)
"""
_FOREIGN_CLAIM_S = 3600.0
"""A claim made on another machine (a shared folder) counts as abandoned after this long."""


def reply_key(system: str, sampling: Sampling, conversation: Conversation) -> str:
    """The same system, settings and conversation give the same key; anything else a new one."""
    canonical = json.dumps(
        {"system": system, "sampling": asdict(sampling), "conversation": list(conversation)},
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ReplyCache:
    """The replies table; use as a context manager."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = open_shared(path)  # WAL: readers never block the run that writes
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL keeps commits atomic across a kill
        self._db.executescript(_SCHEMA)
        self._owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

    def get(self, keys: Iterable[str], since: float | None = None) -> dict[str, Reply]:
        """The stored replies of ``keys``; with ``since``, only those stored from that time on."""
        found: dict[str, Reply] = {}
        for chunk in _chunks(list(keys)):
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                f"SELECT key, reply FROM replies WHERE key IN ({marks}) AND created >= ?",
                [*chunk, since or 0.0],
            )
            found.update((key, Reply.from_dict(json.loads(reply))) for key, reply in rows)
        return found

    def sent(self, key: str) -> Conversation | None:
        """The conversation stored under ``key``: the exact messages its reply answers."""
        row = self._db.execute("SELECT conversation FROM replies WHERE key = ?", (key,)).fetchone()
        return None if row is None else tuple(json.loads(row[0]))

    def claim(self, keys: Iterable[str], since: float) -> set[str]:
        """Claim the keys no live run holds and none answered from ``since`` on; returns those claimed."""
        owned: set[str] = set()
        self._db.execute("BEGIN IMMEDIATE")  # check and claim as one step against other runs
        try:
            for chunk in _chunks(list(keys)):
                marks = ",".join("?" * len(chunk))
                held = self._db.execute(
                    f"SELECT key, owner, created FROM claims WHERE key IN ({marks})", chunk
                )
                taken = {
                    key for key, owner, created in held if owner != self._owner and _alive(owner, created)
                }
                answered = self._db.execute(
                    f"SELECT key FROM replies WHERE key IN ({marks}) AND created >= ?", [*chunk, since]
                )
                taken.update(key for (key,) in answered)
                free = [k for k in chunk if k not in taken]
                now = time.time()
                self._db.executemany(
                    "INSERT OR REPLACE INTO claims VALUES (?, ?, ?)", [(k, self._owner, now) for k in free]
                )
                owned.update(free)
            self._db.commit()
        except BaseException:
            self._db.rollback()
            raise
        return owned

    def release(self, keys: Iterable[str]) -> None:
        with self._db:
            for chunk in _chunks(list(keys)):
                self._db.execute(
                    f"DELETE FROM claims WHERE owner = ? AND key IN ({','.join('?' * len(chunk))})",
                    [self._owner, *chunk],
                )

    def put(self, key: str, conversation: Conversation, reply: Reply) -> None:
        """Store (or replace, when a failed reply is retried) and commit at once; the claim goes."""
        with self._db:
            self._db.execute("DELETE FROM claims WHERE key = ? AND owner = ?", (key, self._owner))
            self._db.execute(
                "INSERT OR REPLACE INTO replies VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    reply.system,
                    json.dumps(asdict(reply.sampling), sort_keys=True),
                    json.dumps(list(conversation), ensure_ascii=False),
                    json.dumps(reply.to_dict(), ensure_ascii=False),
                    int(reply.ok),
                    time.time(),
                ),
            )

    def close(self) -> None:
        with self._db:
            self._db.execute("DELETE FROM claims WHERE owner = ?", (self._owner,))
        self._db.close()

    def __enter__(self) -> ReplyCache:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _chunks(keys: list[str], size: int = 500) -> list[list[str]]:
    """SQLite caps the parameters bound to one statement."""
    return [keys[i : i + size] for i in range(0, len(keys), size)]


def _alive(owner: str, created: float) -> bool:
    """Whether the run that made a claim may still be asking."""
    host, pid, _ = owner.rsplit(":", 2)
    if host != socket.gethostname():
        return time.time() - created < _FOREIGN_CLAIM_S
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, ValueError):
        return True
    return True
