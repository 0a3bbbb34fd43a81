"""One way to add a row to an xlsx sheet: text stays text, and a row costs the same at any length.

openpyxl takes a string starting with ``=`` for a formula, so a reply such as
``=HYPERLINK("http://...")`` would be evaluated when the file is opened; each text cell is
marked as text. The cells are made before they are appended: finding the row just appended
through ``sheet.max_row`` scans every cell of the sheet, which made a report of 40,000
dialogue conflicts take half an hour.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.worksheet.worksheet import Worksheet


def append_row(sheet: Worksheet, values: Sequence[object]) -> None:
    """Append ``values`` as the sheet's next row; strings lose the control characters xlsx cannot store."""
    sheet.append([_text(sheet, v) if isinstance(v, str) else v for v in values])


def _text(sheet: Worksheet, value: str) -> Cell:
    cell = Cell(sheet, row=1, column=1, value=ILLEGAL_CHARACTERS_RE.sub("", value))  # placed by append
    cell.data_type = "s"  # never a formula, whatever the text starts with
    return cell
