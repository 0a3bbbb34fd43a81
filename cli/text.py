"""Text from data (labels, questions, replies, model names) printed as it is, never as instructions.

Rich reads ``[bold]``, ``[/x]`` and ``[link=...]`` in a string as markup, and a terminal runs
the escape sequences in it: a label ``Dickens [/nope]`` crashed ``inspect``, a ``[link=...]``
became a hyperlink, an ESC sequence from a reply could clear the screen. Every piece of data
goes through ``literal`` (for rich) or ``visible`` (for plain output).
"""

from __future__ import annotations

import re

from rich.text import Text

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""Control characters but newline and tab, C1 controls, and the bidirectional overrides."""


def visible(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``) instead of sent."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def literal(text: object, style: str = "") -> Text:
    """Data as rich text that no markup in it can change."""
    return Text(visible(str(text)), style=style, overflow="fold")


def line(*parts: str | Text) -> Text:
    """One line of kgtest's own words (plain strings, read as markup) and data (``literal`` parts)."""
    return Text.assemble(*(Text.from_markup(p) if isinstance(p, str) else p for p in parts))
