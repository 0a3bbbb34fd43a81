"""Files written whole or not at all: a reader (or a killed writer) never sees half of one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


@contextmanager
def replaced_whole(path: Path) -> Iterator[Path]:
    """A private temporary path to write ``path`` at, moved over it in one step when the block ends.

    The temporary name carries the process id, so two writers of one path never share it; on
    an exception ``path`` is left as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        yield tmp
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


@contextmanager
def atomic_writer(path: Path) -> Iterator[TextIO]:
    """Write UTF-8 text to a private temporary file, then move it over ``path`` (``replaced_whole``)."""
    with replaced_whole(path) as tmp, tmp.open("w", encoding="utf-8") as out:
        yield out


def write_atomic(path: Path, text: str) -> None:
    with atomic_writer(path) as out:
        out.write(text)
