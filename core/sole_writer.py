"""One writer per suite file: a second ``kgtest gen`` or ``import`` to the same file is refused.

Two at once both said "Wrote N cases" while one's suite replaced the other's, and the suite's
info could come from the other one (the seed and counts of a suite it does not describe).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kgtest.core.errors import ConfigError


@contextmanager
def sole_writer(target: Path, locks: Path, what: str) -> Iterator[None]:
    """Hold ``target``'s lock (a file in ``locks``) while the block runs; ConfigError when another
    process holds it. The lock goes with the process, however it ends."""
    locks.mkdir(parents=True, exist_ok=True)
    name = hashlib.blake2b(str(target.resolve()).encode(), digest_size=8).hexdigest()
    with (locks / f"{name}.lock").open("a+", encoding="utf-8") as held:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            held.seek(0)
            holder = held.read().strip() or "another process"
            raise ConfigError(
                f"{target} is being written by {holder}; wait for it to finish, or give --out FILE "
                f"to have this {what} write elsewhere"
            ) from None
        held.seek(0)
        held.truncate()
        held.write(f"{what} (process {os.getpid()})")
        held.flush()
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
