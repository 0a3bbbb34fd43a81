"""Files written whole or not at all: a reader (or a killed writer) never sees half of one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


@contextmanager
def atomic_writer(path: Path) -> Iterator[TextIO]:
    """Write UTF-8 text to a private temporary file, then move it over ``path`` in one step.

    The temporary name carries the process id, so two writers of one path never share it; on
    an exception ``path`` is left as it was.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        with tmp.open("w", encoding="utf-8") as out:
            yield out
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)


def write_atomic(path: Path, text: str) -> None:
    with atomic_writer(path) as out:
        out.write(text)
