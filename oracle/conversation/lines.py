"""What a line of a conversation asks and whether a short reply answers it; the words compared.

Repeats (repeats.py) and what the partner was told (told.py) read replies as these words: a
formula said again is a loop only where it does not answer its line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

_WORD = re.compile(r"[\w']+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_AUXILIARIES = frozenset(
    (
        *("am", "is", "are", "was", "were", "do", "does", "did", "have", "has", "had", "can", "could"),
        *("will", "would", "shall", "should", "may", "might", "must", "isn't", "aren't", "wasn't"),
        *("weren't", "don't", "doesn't", "didn't", "haven't", "hasn't", "can't", "couldn't", "won't"),
        "wouldn't",
    )
)
"""The words a Yes/No question opens with."""


def words(text: str, most: int | None = None) -> list[str]:
    """The words compared: lower case, punctuation dropped; with ``most``, the first that many only
    (the rest of a long text is never read)."""
    if most is None:
        return [w.lower() for w in _WORD.findall(text)]
    return [m.group().lower() for m in islice(_WORD.finditer(text), most)]


def asks(line: str) -> str:
    """What a line asks: ``yes/no`` (a last sentence asking "is ...?", "do ...?"), ``open`` or ``nothing``."""
    question = line.rstrip()
    if not question.endswith("?"):
        return "nothing"
    asked = words(_SENTENCE.split(question)[-1])
    return "yes/no" if asked and asked[0] in _AUXILIARIES else "open"


def answers(line: str, reply: Sequence[str]) -> bool:
    """Whether a short reply (its words) can be an answer to ``line``: a question of the right kind."""
    kind = asks(line)
    if kind == "nothing" or not reply or not _WORD.match(reply[0]):
        return False
    return dont_know(reply) or (kind == "yes/no") == (reply[0] in ("yes", "no"))


def dont_know(reply: Sequence[str]) -> bool:
    return list(reply[:3]) in (["i", "don't", "know"], ["i", "do", "not"])
