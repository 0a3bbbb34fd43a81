"""Which metric codes a report page shows without saying what they mean.

A code is explained where it stands inside an element with a ``title`` (an ``abbr`` of
report/glossary.py's ``term``, or a badge), or in the glossary itself. Text the systems and the
suite wrote (questions, replies, turns: class ``said`` or ``reply``) is theirs, not the report's.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

CODES = re.compile(
    r"(?<![\w-])(MR[123]|MSS|SWAN|WAN|CW|NW|U[3-6]|I1[0-3]|I[1-7]|P1|A[6-9]|DSR|DSD|DS|DR|DD|SYR|L33t|Typo|p95|"
    r"erroneous_knowledge|erroneous_inference|εa|εb)(?![\w-])"
)
_VOID = {"br", "img", "input", "meta", "link", "hr", "marker", "path", "rect", "line", "circle"}


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # open elements: is what each holds explained, or not ours
        self.bare: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        covered = (
            "title" in found
            or tag in ("script", "style", "svg", "code")
            or bool({"said", "reply"} & set(classes))
            or found.get("class") == "glossary"
        )
        self.stack.append((tag, covered or (bool(self.stack) and self.stack[-1][1])))

    def handle_endtag(self, tag: str) -> None:
        """Closes ``tag`` and whatever HTML left open inside it (a ``p`` closed by a ``table``)."""
        if tag in _VOID or all(t != tag for t, _ in self.stack):
            return
        while self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not (self.stack and self.stack[-1][1]):
            self.bare += CODES.findall(data)


def unexplained(page: str) -> list[str]:
    """The codes the page shows with no explanation on hover, in order."""
    reader = _Reader()
    reader.feed(page.replace("ε<sub>a</sub>", "εa").replace("ε<sub>b</sub>", "εb"))
    return reader.bare
