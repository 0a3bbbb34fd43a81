"""Is a reply the answer a question needs? Open questions by the mixed similarity, closed ones by Yes/No.

The seed framework condensed a reply with BERT-SQuAD before comparing it with the answer, and
read "no", "don't" or "do not" anywhere as No. kgtest compares the expected answer (the KB
label, then its other names) with the parts of the reply it could be: the whole reply, each
sentence, and each run of words about as long as the answer that shares a word with it, by
MORTAR's mixed similarity (``MixedSimilarity.best``); a part that holds "not", "no" or "never",
or a run of words right after one, is not taken ("It is not Paris, it is Rome" is no Paris:
the sentence's cosine with "Paris" alone would pass it). The best part decides. Closed questions are read
by oracle/answer.py, which takes verdict words only where a verdict goes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.generator.case import Answer
from kgtest.oracle.answer import parse_answer
from kgtest.oracle.metamorphic.mss import MixedSimilarity, normalise

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_NEGATION = {"not", "no", "never", "neither", "nor", "isnt", "wasnt", "arent", "dont", "doesnt", "didnt"}
_READ = 2_000
"""Characters of a reply searched for the answer: a few paragraphs, far beyond any short answer."""


@dataclass(frozen=True, slots=True)
class AnswerCheck:
    passed: bool
    score: float
    """The best mixed similarity (open), or 1/0 (closed)."""
    read: str
    """What decided: the reply's best-matching part, or its verdict words."""
    stance: str
    """What oracle/answer.py reads in the reply (yes, no, idk, refusal ...)."""


class AnswerMatcher:
    """Judges many replies at once: every candidate part is embedded in one call."""

    def __init__(self, mss: MixedSimilarity, threshold: float) -> None:
        self._mss = mss
        self.threshold = threshold

    def check_many(self, items: Sequence[tuple[str, tuple[str, ...], str]]) -> list[AnswerCheck]:
        """``(reply, expected answers, form)`` each, form ``open`` or ``closed``."""
        pairs: list[tuple[str, str]] = []
        spans: list[list[tuple[int, int]]] = []  # per item: (pair index, expected index)
        exact: dict[int, str] = {}  # item -> a part equal to an expected answer: MSS 1, nothing to embed
        for n, (reply, expected, form) in enumerate(items):
            mine: list[tuple[int, int]] = []
            if form == "open":
                found = [(g, gold, candidates(reply[:_READ], gold)) for g, gold in enumerate(expected)]
                same = [p for _, gold, parts in found for p in parts if normalise(p) == normalise(gold)]
                if same:
                    exact[n] = same[0]
                else:
                    for g, gold, parts in found:
                        mine += [(len(pairs) + k, g) for k in range(len(parts))]
                        pairs += [(part, gold) for part in parts]
            spans.append(mine)
        scores = self._mss.score_many(pairs) if pairs else []
        checks = []
        for n, ((reply, expected, form), mine) in enumerate(zip(items, spans, strict=True)):
            stance = parse_answer(reply).stance.value
            if n in exact:
                checks.append(AnswerCheck(True, 1.0, exact[n], stance))
                continue
            if form == "closed":
                parsed = parse_answer(reply)
                got = parsed.answer
                ok = got is not None and got.value == expected[0] and got is not Answer.IDK
                checks.append(AnswerCheck(ok, float(ok), " / ".join(parsed.evidence), stance))
                continue
            if not mine:
                checks.append(AnswerCheck(False, 0.0, "", stance))
                continue
            best = max(mine, key=lambda m: scores[m[0]].mixed)
            score = scores[best[0]].mixed
            checks.append(AnswerCheck(score >= self.threshold, score, pairs[best[0]][0], stance))
        return checks


def candidates(reply: str, gold: str) -> list[str]:
    """The parts of ``reply`` that could be the answer ``gold``."""
    text = reply.strip()
    if not text:
        return []
    found = dict.fromkeys(s for s in (text, *_SENTENCE.split(text)) if s and not _negated(s))
    words = text.split()
    plain = [normalise(w) for w in words]
    wanted = set(normalise(gold).split())
    size = max(1, len(normalise(gold).split()))
    for n in {max(1, size - 1), size, size + 1}:
        for i in range(len(words) - n + 1):
            if not wanted.intersection(plain[i : i + n]):
                continue
            if _NEGATION.intersection(plain[max(0, i - 2) : i + n]):
                continue
            found.setdefault(" ".join(words[i : i + n]), None)
    return list(found)


def _negated(text: str) -> bool:
    return bool(_NEGATION.intersection(normalise(text).split()))
