"""Every reply ever received, keyed by what determines it, in one SQLite file per workspace.

A reply is committed the moment it arrives, so a killed run loses at most the questions in
flight, and no question is asked twice for the same system and sampling settings, even
across suites. SQLite rather than JSON Lines: a kill cannot leave half a record, and two
runs may share the file.

Two runs at once share the work instead of doubling it: a run claims the keys it is about to
ask (``claims``), and another run that wants the same keys waits for their replies. A claim
goes with its reply, with the run that made it, or with a process that died holding it.

A conversation is stored once, however many turns of it were asked (issue 42: a 10,000-turn
conversation left a 5.9 GB cache, each reply's row holding the whole conversation before it).
Each message is a row of ``messages`` keyed by a hash of its parent's key and itself, so a turn
adds the two messages it adds; a reply's row names its conversation by the key of its last
message, and its own key hashes that key with the system and the sampling. A driver that knows
a conversation extends an earlier one says so (``Prefix``), and only the new messages are
hashed: keying the turns of a conversation costs as much as its text, not its text times its
turns. A cache written before (schema 1: the conversation's JSON in every row) is converted the
first time it is opened, so no question is asked again (``_convert``).
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sqlite3
import time
import uuid
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from types import TracebackType

from kgtest.core.sqlite_wal import open_shared
from kgtest.runner.sut import Conversation, Message, Reply, Sampling

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
);
CREATE TABLE IF NOT EXISTS messages (
    key TEXT PRIMARY KEY,
    parent TEXT NOT NULL,
    message TEXT NOT NULL
)
"""
VERSION = 2
"""The schema: 2 stores each message once (``messages``); 1 stored the conversation in every reply."""
_FOREIGN_CLAIM_S = 3600.0
"""A claim made on another machine (a shared folder) counts as abandoned after this long."""


@dataclass(frozen=True, slots=True)
class Prefix:
    """The key of a conversation's first ``length`` messages: what a conversation that extends them is
    keyed from."""

    key: str = ""
    length: int = 0


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def message_key(parent: str, message: Message) -> str:
    """A message's key: its parent's key and itself, so equal keys mean equal conversations up to here."""
    return hashlib.sha256(f"{parent}\n{_canonical(message)}".encode()).hexdigest()


def prefix_of(conversation: Conversation, base: Prefix = Prefix()) -> Prefix:
    """The key of ``conversation``, hashing only the messages after ``base`` (a prefix of it)."""
    key = base.key
    for message in conversation[base.length :]:
        key = message_key(key, message)
    return Prefix(key, len(conversation))


def key_of(system: str, sampling: Sampling, conversation: str) -> str:
    """A reply's key from its conversation's key (``prefix_of``)."""
    canonical = _canonical({"system": system, "sampling": asdict(sampling), "conversation": conversation})
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def reply_key(system: str, sampling: Sampling, conversation: Conversation) -> str:
    """The same system, settings and conversation give the same key; anything else a new one."""
    return key_of(system, sampling, prefix_of(conversation).key)


class ReplyCache:
    """The replies table; use as a context manager."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = open_shared(path)  # WAL: readers never block the run that writes
        self._db.execute("PRAGMA synchronous=NORMAL")  # WAL keeps commits atomic across a kill
        self._db.executescript(_SCHEMA)
        _convert(self._db)
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

    def put(self, key: str, conversation: Conversation, reply: Reply, base: Prefix = Prefix()) -> None:
        """Store (or replace, when a failed reply is retried) and commit at once; the claim goes.

        The messages after ``base`` (a stored prefix of ``conversation``) are stored; all of them
        when ``base`` is not stored."""
        with self._db:
            self._db.execute("DELETE FROM claims WHERE key = ? AND owner = ?", (key, self._owner))
            if (
                base.key
                and self._db.execute("SELECT 1 FROM messages WHERE key = ?", (base.key,)).fetchone() is None
            ):
                base = Prefix()
            conversation_key = _store_messages(self._db, conversation, base)
            self._db.execute(
                "INSERT OR REPLACE INTO replies VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    key,
                    reply.system,
                    json.dumps(asdict(reply.sampling), sort_keys=True),
                    conversation_key,
                    json.dumps(reply.to_dict(), ensure_ascii=False),
                    int(reply.ok),
                    time.time(),
                ),
            )

    def conversation(self, key: str) -> list[Message]:
        """The conversation of the reply stored under ``key`` (empty when there is none), oldest first."""
        row = self._db.execute("SELECT conversation FROM replies WHERE key = ?", (key,)).fetchone()
        found: list[Message] = []
        node = row[0] if row else ""
        while node:
            parent, message = self._db.execute(
                "SELECT parent, message FROM messages WHERE key = ?", (node,)
            ).fetchone()
            found.append(json.loads(message))
            node = parent
        return found[::-1]

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


def _store_messages(db: sqlite3.Connection, conversation: Conversation, base: Prefix) -> str:
    """The messages of ``conversation`` after ``base``, each under its key; the conversation's key."""
    key = base.key
    rows = []
    for message in conversation[base.length :]:
        parent, key = key, message_key(key, message)
        rows.append((key, parent, _canonical(message)))
    db.executemany("INSERT OR IGNORE INTO messages VALUES (?, ?, ?)", rows)
    return key


def _convert(db: sqlite3.Connection) -> None:
    """A cache of schema 1 (each row's conversation as JSON, keyed by it) as schema 2, once.

    Each row's key is made again from its conversation, which goes to ``messages``; so a reply
    cached by an earlier kgtest is found by this one. Claims of schema 1 go (their processes use
    the old keys). One transaction: a second process opening the file waits, then finds it done."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] < VERSION:
            old = db.execute("SELECT key, system, sampling, conversation FROM replies").fetchall()
            for key, system, sampling, conversation in old:
                try:
                    settings = Sampling(**json.loads(sampling))
                    messages = tuple(json.loads(conversation))
                except (ValueError, TypeError):  # a row no kgtest can ask for again
                    db.execute("DELETE FROM replies WHERE key = ?", (key,))
                    continue
                said = _store_messages(db, messages, Prefix())
                new = key_of(system, settings, said)
                db.execute("UPDATE replies SET key = ?, conversation = ? WHERE key = ?", (new, said, key))
            db.execute("DELETE FROM claims")
            db.execute(f"PRAGMA user_version = {VERSION}")
        db.commit()
    except BaseException:
        db.rollback()
        raise


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
