"""What a stage has to say to people, as data: tables and lines the command line draws.

Stages and the public API return these instead of printing, so a Python caller gets the same
facts as plain records and the command line stays the one place that draws them (with rich).
Text in them is data: the command line prints it literally, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    no_wrap: bool = False


@dataclass(frozen=True, slots=True)
class TableData:
    """A table: a title, its columns and its rows of text."""

    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    total_row: bool = False
    """The last row sums the others: a rule is drawn above it."""
    compact: bool = False
    """Drawn with a header rule only (rich's SIMPLE_HEAD), as MORTAR's tables are."""


@dataclass(frozen=True, slots=True)
class Line:
    """A line of text; a note is shown as one (``note: ...``, highlighted)."""

    text: str
    note: bool = False
    bold: str = ""
    """A lead-in shown in bold before the text (``expected:``, a turn's number)."""
    gap: bool = False
    """An empty line before it."""


Shown = TableData | Line
"""One thing to show: a table or a line."""


def table(title: str, names: tuple[str, ...], rows: Sequence[tuple[str, ...]], **how: bool) -> TableData:
    """A table whose columns are plain names."""
    return TableData(title, tuple(Column(n) for n in names), tuple(rows), **how)


Tell = Callable[[Shown], None]
"""Where work says what people should know as it happens (the command line prints it on stderr)."""


def silent(shown: Shown) -> None:
    """The ``Tell`` of callers that show nothing."""
