"""A few records of a JSON Lines file found by what their lines hold, the rest left unparsed.

A suite, a run's replies and its verdicts are one record a line; `kgtest inspect` wants the
lines of one case among thousands, and parsing every line cost it seconds (issue 25).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def lines_holding(path: Path, text: str) -> Iterator[str]:
    """The lines of ``path`` that hold ``text``, decoded; none when the file cannot be read."""
    needle = text.encode("utf-8")
    try:
        with path.open("rb") as lines:
            for raw in lines:
                if needle in raw:
                    try:
                        yield raw.decode("utf-8")
                    except UnicodeDecodeError:
                        continue
    except OSError:
        return


def records_holding(path: Path, text: str, parse: Callable[[str], T]) -> Iterator[T]:
    """``parse`` of each line of ``path`` that holds ``text``; a line it refuses (ValueError,
    TypeError, KeyError, RecursionError: not a record) is passed over, as the file's full reader
    names it."""
    for line in lines_holding(path, text):
        try:
            yield parse(line)
        except (ValueError, TypeError, KeyError, RecursionError):
            continue
