"""Every reply ever received, keyed by what determines it, in one SQLite file per workspace.

A reply is committed the moment it arrives, so a killed run loses at most the questions in
flight, and no question is asked twice for the same system and sampling settings, even
across suites. SQLite rather than JSON Lines: a kill cannot leave half a record, and two
runs may share the file.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from types import TracebackType

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
)
"""


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
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, timeout=30.0)
        self._db.execute("PRAGMA journal_mode=WAL")  # readers never block the run that writes
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL keeps commits atomic across a kill
        self._db.execute(_SCHEMA)

    def get(self, keys: Iterable[str]) -> dict[str, Reply]:
        found: dict[str, Reply] = {}
        wanted = list(keys)
        for start in range(0, len(wanted), 500):  # SQLite caps bound parameters per statement
            chunk = wanted[start : start + 500]
            rows = self._db.execute(
                f"SELECT key, reply FROM replies WHERE key IN ({','.join('?' * len(chunk))})", chunk
            )
            found.update((key, Reply.from_dict(json.loads(reply))) for key, reply in rows)
        return found

    def put(self, key: str, conversation: Conversation, reply: Reply) -> None:
        """Store (or replace, when a failed reply is retried) and commit at once."""
        with self._db:
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
        self._db.close()

    def __enter__(self) -> ReplyCache:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
