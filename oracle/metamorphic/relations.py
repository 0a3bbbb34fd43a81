"""MORTAR's metamorphic relations over the answers to dialogue rounds; each failed check is a bug.

* MR1: an answerable round's answer is like its gold answer (MSS >= epsilon_a); an unanswerable
  round's answer says "Unknown".
* MR2: the same seed question with the same answerability, in another round or another
  perturbed dialogue, gets a similar answer (MSS >= epsilon_b). A single-turn baseline's answer
  is checked against the original dialogue's answer to the same turn the same way.
* MR3: the same seed question with different answerability gets different answers (MSS < epsilon_b).

Every pair of a seed question's rounds is checked; all pairs' MSS come from one batched
``score_many`` (each distinct answer embedded once). docs/metamorphic.md says where this departs
from the paper.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from kgtest.oracle.answer import Stance, parse_answer
from kgtest.oracle.metamorphic.mss import MixedSimilarity, Similarity, normalise

UNKNOWN = "Unknown"
SEVERE_BELOW = 0.05
"""A conflict whose MSS is under this is severe: the answers have next to nothing in common."""

_NOT_IN_CONTEXT = re.compile(
    r"\b(?:(?:is|was|are|were)\s+not\s+(?:mentioned|stated|given|said|specified|known|clear)"
    r"|does\s*(?:n't|not)\s+(?:say|mention|specify|tell)|can\s*(?:not|'t)\s+be\s+(?:answered|determined)"
    r"|no\s+information)\b",
    re.I,
)


def says_unknown(answer: str) -> bool:
    """Whether an answer declines for lack of information: "Unknown" (as instructed), or what
    oracle/answer.py reads as "I don't know", or "not mentioned in the story" and the like."""
    if normalise(answer).startswith("unknown"):
        return True
    return parse_answer(answer).stance is Stance.IDK or _NOT_IN_CONTEXT.search(answer) is not None


@dataclass(frozen=True, slots=True)
class Epsilons:
    """MORTAR's thresholds: epsilon_a against gold answers, epsilon_b between two answers."""

    answerable: float = 0.6
    between: float = 0.6


@dataclass(frozen=True, slots=True)
class Answered:
    """A judged round (or a baseline's question in its place) and the system's answer."""

    case_id: str
    dialogue: str
    """The seed dialogue: rounds of its variants with the same ``origin`` ask the same question."""
    perturbation: str
    """``original``, ``DS`` ... (the case's perturbation), or the baseline's ``SYR``, ``L33t``, ``Typo``."""
    variant: str
    """``DR-2``: the case's name; a baseline's name for its questions."""
    position: int
    origin: int
    copy: int
    answerable: bool
    question: str
    answer: str
    expected: tuple[str, ...]

    @property
    def baseline(self) -> bool:
        return self.perturbation in BASELINE_NAMES


BASELINE_NAMES = ("SYR", "L33t", "Typo")
"""METAL's single-turn perturbations (oracle/metamorphic/baselines.py)."""


@dataclass(frozen=True, slots=True)
class Check:
    """One relation checked: a round against its gold answers (``right`` None) or two rounds."""

    relation: str
    left: Answered
    right: Answered | None
    similarity: Similarity
    passed: bool

    @property
    def mss(self) -> float:
        return self.similarity.mixed

    @property
    def severe(self) -> bool:
        """A conflict of answers that should agree, with next to nothing in common (MR1 on an
        answerable round, MR2); MR3's conflicts are answers too alike, never severe."""
        should_agree = self.relation == "MR2" or (self.relation == "MR1" and self.left.answerable)
        return not self.passed and should_agree and self.mss < SEVERE_BELOW

    @property
    def question(self) -> tuple[str, int]:
        """The seed question: a unique bug is one per seed question, not per pair."""
        return (self.left.dialogue, self.left.origin)

    @property
    def perturbations(self) -> tuple[str, ...]:
        sides = [self.left] if self.right is None else [self.left, self.right]
        return tuple(sorted({s.perturbation for s in sides}))


def check_relations(
    answered: Sequence[Answered], mss: MixedSimilarity, epsilons: Epsilons = Epsilons()
) -> list[Check]:
    """MR1 on every answer; MR2 and MR3 on every pair of dialogue rounds of one seed question, and
    MR2 between each baseline answer and the original dialogue's answer to that turn."""
    gold: list[tuple[Answered, tuple[str, ...]]] = [
        (a, a.expected if a.answerable else (UNKNOWN,)) for a in answered
    ]
    pairs: list[tuple[Answered, Answered]] = []
    groups: dict[tuple[str, int], list[Answered]] = {}
    originals: dict[tuple[str, int], Answered] = {}
    for a in answered:
        if not a.baseline:
            groups.setdefault((a.dialogue, a.origin), []).append(a)
            if a.perturbation == "original":
                originals[(a.case_id, a.position)] = a
    for group in groups.values():
        pairs.extend(combinations(group, 2))
    pairs.extend(
        (originals[(a.case_id, a.position)], a)
        for a in answered
        if a.baseline and (a.case_id, a.position) in originals
    )
    flat = [(a.answer, g) for a, golds in gold for g in golds] + [(x.answer, y.answer) for x, y in pairs]
    scores = iter(mss.score_many(flat))
    checks: list[Check] = []
    for a, golds in gold:
        best = max((next(scores) for _ in golds), key=lambda s: s.mixed)
        passed = best.mixed >= epsilons.answerable if a.answerable else says_unknown(a.answer)
        checks.append(Check("MR1", a, None, best, passed))
    for x, y in pairs:
        s = next(scores)
        same = x.answerable == y.answerable
        passed = s.mixed >= epsilons.between if same else s.mixed < epsilons.between
        checks.append(Check("MR2" if same else "MR3", x, y, s, passed))
    return checks
