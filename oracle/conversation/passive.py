"""The tests judged on every reply: stutter (A6), repeated questions (A7), coherence (I2, I3).

A6 is the seed framework's n-gram score: for each order n from 2 to the longest counted, the
n-gram of that order repeated most often adds n times its count, and the score is the mean of
those products over the orders, n-grams seen once adding nothing ("a 2-gram occurring six
times adds the same as a 6-gram occurring 2 times"). I2 and I3 are cosines of the packaged
MiniLM embeddings, of the reply and its input (I3) or the closest of the partner's turns among
the conversation's last ones (I2), and a direct answer to a question is coherent whatever its
cosine; the thresholds are validated on a labelled fixture (tests/oracle/conversation/coherence_fixture.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from kgtest.oracle.answer import parse_answer
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.mss import normalise

_WORD = re.compile(r"[\w']+")
_SENTENCES = re.compile(r"[^.!?\n]*[?]")


def stutter(text: str, max_order: int = 6) -> float:
    """The seed's stutter value: mean over n = 2..max_order of n x (count of the most repeated n-gram)."""
    words = [w.lower() for w in _WORD.findall(text)]
    if max_order < 2:
        return 0.0
    total = 0
    for n in range(2, max_order + 1):
        counts = Counter(tuple(words[i : i + n]) for i in range(len(words) - n + 1))
        top = max(counts.values(), default=0)
        total += n * top if top > 1 else 0
    return round(total / (max_order - 1), 4)


def questions(text: str) -> list[str]:
    """The questions a turn asks, normalised (case, punctuation, articles), in order."""
    return [q for q in (normalise(s) for s in _SENTENCES.findall(text)) if q]


def repeated_questions(turns: Sequence[str]) -> list[tuple[bool, tuple[str, ...]] | None]:
    """Per turn: None when it asks nothing, else (asks again something an earlier turn asked, which)."""
    asked: set[str] = set()
    found: list[tuple[bool, tuple[str, ...]] | None] = []
    for text in turns:
        mine = questions(text)
        again = tuple(dict.fromkeys(q for q in mine if q in asked))
        found.append((bool(again), again) if mine else None)
        asked.update(mine)
    return found


def coherence(embedder: Embedder, items: Sequence[tuple[str, Sequence[str]]]) -> list[float]:
    """For each (reply, turns): the highest cosine of the reply with one of the turns (0 when empty).

    Every text is embedded in one call. For I3 the turns are the input alone; for I2 the
    conversation's last turns: a reply is coherent with a conversation when it takes up
    something said in it, which a cosine with all turns run together blurs.
    """
    embedder.prepare(t for reply, turns in items for t in (reply, *turns) if t.strip())
    return [
        max((embedder.cosine(reply, t) for t in turns if t.strip()), default=0.0) if reply.strip() else 0.0
        for reply, turns in items
    ]


def direct_answer(question: str, reply: str) -> bool:
    """A question answered with a Yes, a No or an "I don't know" first: coherent whatever its words.

    Short answers share no words with their question ("Is my secret word Moscow?" / "No, it is
    not.", cosine 0.03), yet SWAN counts even "I don't know" as coherent (its section 4.1).
    """
    parsed = parse_answer(reply)
    return question.rstrip().endswith("?") and parsed.rule == "lead" and parsed.answer is not None
