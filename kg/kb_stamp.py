"""Which KB the embedded database holds, known without starting it.

Asking the database for its builds costs a JVM start (about 2 s), while the caches built on
them (generator/kbview.py, prolog/export.py) load in a fraction of that. So whenever a kgtest
process stops the embedded server it started, it leaves a stamp in the workspace's cache:
the key of the KB's builds, read just before the stop, and a fingerprint of the database's
files (name, size, modification time) taken just after. A later command trusts the key only
while the files still match the fingerprint and no other process serves the database; any
write (a build, ``kb clear``, a suite's graph, Neo4j Browser on ``db serve``) changes the
files, and the next command asks the database again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgtest.core.files import write_atomic
from kgtest.core.workspace import Workspace
from kgtest.kg.embedded import DATABASE, EmbeddedServer

if TYPE_CHECKING:
    from kgtest.kg.store import GraphStore

_FORMAT = 1


def builds_key(builds: Sequence[dict[str, Any]]) -> str:
    """The key of a KB: a digest of its build records, which every build or clear changes."""
    return hashlib.sha256(json.dumps(list(builds), sort_keys=True, default=str).encode()).hexdigest()[:20]


def stamp_path(paths: Workspace) -> Path:
    return paths.cache / "kb-stamp.json"


def fingerprint(db_dir: Path, data_only: bool = False) -> str | None:
    """A digest of the database files' names, sizes and modification times; None without files."""
    folder = db_dir / "databases" / "databases" / DATABASE
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return None
    h = hashlib.sha256()
    for entry in entries:
        if data_only and (entry.name in SESSION_FILES or entry.name.endswith(".wal")):
            continue
        st = entry.stat(follow_symlinks=False)
        h.update(f"{entry.name}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}\n".encode())
    return h.hexdigest()[:24]


SESSION_FILES = frozenset(("last-tx-id.bin", "statistics.json", "database.lck"))
"""What every session rewrites, reading or writing (with the write-ahead logs, ``*.wal``)."""


def data_fingerprint(db_dir: Path) -> str | None:
    """``fingerprint`` of the files only a write changes: the stamp's own fingerprint changes with
    every session, which re-stamps it; this one tells whether anything was written since."""
    return fingerprint(db_dir, data_only=True)


def vouched_builds(paths: Workspace) -> tuple[str, list[dict[str, Any]]] | None:
    """The KB's key and build records from the stamp, or None when it cannot vouch for the database now.

    None when there is no stamp, when the database files changed since it was written, or
    while another process serves the database (it may be writing). A workspace without a
    database holds no KB: no builds.
    """
    if not (paths.db / "databases" / "databases" / DATABASE).exists():
        return (builds_key([]), []) if EmbeddedServer(paths.db).served() is None else None
    try:
        stamp = json.loads(stamp_path(paths).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stamp, dict) or stamp.get("format") != _FORMAT:
        return None
    if EmbeddedServer(paths.db).served() is not None:
        return None
    key, builds, files = stamp.get("key"), stamp.get("builds"), stamp.get("files")
    if not isinstance(key, str) or not isinstance(builds, list) or files is None:
        return None
    if files != fingerprint(paths.db):
        return None
    return key, builds


def closing_builds(store: GraphStore) -> list[dict[str, Any]] | None:
    """The builds to stamp, read as the store closes: None while one is incomplete."""
    from kgtest.kg.knowledge_base import KnowledgeBase

    try:
        builds = KnowledgeBase(store).builds()
    except Exception:  # a broken connection stamps nothing; the next command asks again
        return None
    if any(b.get("status") != "complete" for b in builds):
        return None
    return builds


def write_stamp(paths: Workspace, builds: list[dict[str, Any]] | None) -> None:
    """After the server stopped: stamp ``builds`` with the files as they are now (None: remove it)."""
    files = fingerprint(paths.db) if builds is not None else None
    if builds is None or files is None:
        stamp_path(paths).unlink(missing_ok=True)
        return
    stamp = {"format": _FORMAT, "key": builds_key(builds), "builds": builds, "files": files}
    write_atomic(stamp_path(paths), json.dumps(stamp, default=str))
