"""What every command's output must not hold, checked wherever the tests run a command."""

from __future__ import annotations

import json
import unicodedata


def bare_punctuation(text: str) -> list[str]:
    """The lines of ``text`` made of punctuation only (a lone ".", issue 41): a sentence that lost
    its words. Blank lines, the tables' box drawing (symbols, not punctuation) and JSON (``--json``,
    for programs: its brackets stand alone) are fine."""
    try:
        json.loads(text)
        return []
    except ValueError:
        pass
    return [
        line
        for line in text.splitlines()
        if line.strip() and all(unicodedata.category(c).startswith("P") for c in line if not c.isspace())
    ]
