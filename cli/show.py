"""Tables and lines the API hands over (core/display.py), drawn with rich: the one place they are drawn."""

from __future__ import annotations

from dataclasses import replace

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Column, Table
from rich.text import Text

from kgtest.cli.suggest import with_workspace
from kgtest.cli.text import line, literal, visible
from kgtest.core.display import Line, Shown, TableData
from kgtest.core.progress import stderr


def drawn(shown: Shown) -> Table | Text:
    """``shown`` as rich draws it; every piece of text in it literal."""
    if isinstance(shown, Line):
        return _line(shown)
    return _table(shown)


def show(console: Console, shown: Shown) -> None:
    console.print(drawn(shown))


def tell(shown: Shown) -> None:
    """What work says as it happens, on stderr."""
    stderr.print(drawn(shown))


def _line(shown: Line) -> Text:
    shown = replace(shown, text=with_workspace(shown.text))
    gap = "\n" if shown.gap else ""
    if shown.note:
        return line(f"{gap}[yellow]note:[/] ", literal(shown.text))
    if shown.bold:
        return line(gap, literal(shown.bold, "bold"), " ", literal(shown.text))
    return literal(gap + shown.text)


def _table(shown: TableData) -> Table:
    columns = [Column(c.name, no_wrap=c.no_wrap) for c in shown.columns]
    title = escape(visible(shown.title))  # a string, not Text: rich lays the two out differently
    table = Table(*columns, title=title, box=box.SIMPLE_HEAD if shown.compact else box.HEAVY_HEAD)
    last = len(shown.rows) - 1
    for i, row in enumerate(shown.rows):
        table.add_row(*(literal(cell) for cell in row), end_section=shown.total_row and i == last)
    return table
