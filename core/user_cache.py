"""The per-user folder for what kgtest makes once per install and reuses across workspaces.

Things that only save time live here (the JVM's start-up cache, converted models): deleting
the folder is always safe, and each kind drops its own entries that no kgtest has used for a
month (other versions, other installs).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

UNUSED_S = 30 * 24 * 3600


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/kgtest``, else ``~/.cache/kgtest``."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kgtest"


def prune(pattern: str, keep: Path, unused_s: float = UNUSED_S) -> None:
    """Drop the entries beside ``keep`` matching ``pattern``, other than ``keep``, unused for ``unused_s``."""
    for old in keep.parent.glob(pattern):
        try:
            if old == keep or time.time() - old.stat().st_mtime <= unused_s:
                continue
            if old.is_dir():
                shutil.rmtree(old, ignore_errors=True)
            else:
                old.unlink(missing_ok=True)
        except OSError:
            continue  # another kgtest removed it first
