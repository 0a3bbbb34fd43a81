"""A reply's sentences: split where a sentence ends, not at an abbreviation's full stop."""

from __future__ import annotations

import re
from functools import lru_cache

from kgtest.kg.extract.text import prepare

_END = re.compile(r"[.!?]+(?=\s|$)|\n+")
_ABBREVIATION = re.compile(r"(?:\b(?:Jr|Sr|Dr|St|Mr|Mrs|Ms|No|vs|ca)|\b[A-Z])$")
"""Words a full stop ends without ending the sentence: "Charles Dickens Jr.", "J. R. R. Tolkien"."""


@lru_cache(maxsize=256)
def reply_sentences(text: str) -> tuple[str, ...]:
    """A reply's plain sentences (``prepare``, then ``sentences``), worked out once per reply: ten
    readers of one verdict walk them."""
    return tuple(sentences(prepare(text)))


def sentences(text: str) -> list[str]:
    out, start = [], 0
    for end in _END.finditer(text):
        if end.group().startswith(".") and _ABBREVIATION.search(text, start, end.start()):
            continue
        out.append(text[start : end.end()])
        start = end.end()
    out.append(text[start:])
    return [s for s in out if s.strip()]
