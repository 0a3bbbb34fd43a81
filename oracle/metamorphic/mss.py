"""MORTAR's mixed similarity score (MSS): how alike two short answers are, without an LLM judge.

Three scores of the answers' agreement, each in [0, 1]:

* SS, semantic similarity: the cosine of the normalised answers' all-MiniLM-L6-v2 embeddings,
  clipped at 0 (a negative cosine says "unrelated", no less); answers equal once normalised
  score 1, as they do on EM;
* EM, exact match: 1 when the normalised answers are equal;
* F1, token F1 over the normalised answers' words (SQuAD's definition).

Normalisation is SQuAD's: lower case, punctuation and the articles a/an/the dropped, spaces
collapsed. MORTAR weights each score by its share of their sum (w_SS = SS / (SS + EM + F1)),
so MSS = (SS² + EM² + F1²) / (SS + EM + F1), and 0 when all three are 0. The weights reward
agreement where it is strongest and punish wordy answers: "Paris" against "Paris" is 1.0,
"It is Paris, the capital" against "Paris" falls with its extra words. docs/metamorphic.md
says where kgtest departs from the paper.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.oracle.embeddings import Embedder

_ARTICLES = re.compile(r"\b(?:a|an|the)\b")
_PUNCTUATION = str.maketrans("", "", string.punctuation + "“”‘’–—")


def normalise(answer: str) -> str:
    """SQuAD's answer normalisation: lower case, no punctuation or articles, single spaces."""
    text = answer.lower().translate(_PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", text).split())


def exact_match(a: str, b: str) -> float:
    return float(normalise(a) == normalise(b))


def token_f1(a: str, b: str) -> float:
    """Harmonic mean of token precision and recall over the normalised answers (SQuAD)."""
    left, right = normalise(a).split(), normalise(b).split()
    if not left or not right:
        return float(left == right)
    same = sum((Counter(left) & Counter(right)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(left), same / len(right)
    return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True, slots=True)
class Similarity:
    """The three scores of two answers' agreement and their mix."""

    semantic: float
    exact: float
    f1: float

    @property
    def mixed(self) -> float:
        """MSS: each score weighted by its share of the three's sum."""
        total = self.semantic + self.exact + self.f1
        if total == 0:
            return 0.0
        return round((self.semantic**2 + self.exact**2 + self.f1**2) / total, 4)


class MixedSimilarity:
    """MSS over many pairs at once: every distinct answer is embedded once, in one model call."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder

    def score(self, a: str, b: str) -> Similarity:
        return self.score_many([(a, b)])[0]

    def score_many(self, pairs: Sequence[tuple[str, str]]) -> list[Similarity]:
        self._embedder.prepare(normalise(text) for pair in pairs for text in pair)
        return [self._similarity(a, b) for a, b in pairs]

    def best(self, answer: str, accepted: Sequence[str]) -> Similarity:
        """Against several accepted answers (a label and its aliases): the one it is most like."""
        return max(self.score_many([(answer, gold) for gold in accepted]), key=lambda s: s.mixed)

    def _similarity(self, a: str, b: str) -> Similarity:
        x, y = normalise(a), normalise(b)
        equal_or_empty = x == y or not x or not y
        semantic = float(x == y) if equal_or_empty else max(0.0, self._embedder.cosine(x, y))
        return Similarity(semantic, exact_match(a, b), round(token_f1(a, b), 4))
