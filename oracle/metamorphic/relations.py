"""MORTAR's metamorphic relations over the answers to dialogue rounds; each failed check is a bug.

* MR1: an answerable round's answer gives the gold answer; an unanswerable round's says "Unknown".
* MR2: the same seed question with the same answerability, in another round or another
  perturbed dialogue, gets an answer that says the same. A single-turn baseline's answer is
  checked against the original dialogue's answer to the same turn the same way.
* MR3: the same seed question with different answerability gets answers that do not.

A round whose answerability is undecided (``answerable`` None) takes part in none of these but
the baseline's MR2 (asked after the same history, the baseline question has the same
answerability as the original's round, whatever it is).

What an answer says is read first and compared by the gold's type (typed.py): years, numbers,
Yes/No and KB entities by value, free text (CoQA) by its lead, with MORTAR's mixed similarity
(MSS) as the test of "alike". Every check keeps the MSS of the answers' leads, computed in one
batched ``score_many`` (each distinct lead embedded once), for the report's tables.
docs/metamorphic.md says where this departs from the paper and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from kgtest.core.settings import DialogueSettings
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.metamorphic.gold import Gold, text_gold
from kgtest.oracle.metamorphic.mss import MixedSimilarity, Similarity
from kgtest.oracle.metamorphic.reading import says_unknown, span
from kgtest.oracle.metamorphic.typed import UNKNOWN_CLAIM, Comparator, TypedClaim, agree

__all__ = ["says_unknown"]

UNKNOWN = "Unknown"
_DIALOGUE = DialogueSettings()
"""``[dialogue]``'s defaults: the one place MORTAR's thresholds are written."""
SEVERE_BELOW = 0.05
"""A conflict whose MSS is under this is severe: the answers have next to nothing in common."""


@dataclass(frozen=True, slots=True)
class Epsilons:
    """MORTAR's thresholds, for free text only: the MSS of an answer's lead against a gold
    answer (epsilon_a), and of two answers' leads (epsilon_b)."""

    answerable: float = _DIALOGUE.epsilon_a
    between: float = _DIALOGUE.epsilon_b


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
    answerable: bool | None
    """None where the reader left it undecided: no MR1, no MR2 or MR3 with another round."""
    question: str
    answer: str
    expected: tuple[str, ...]
    gold: Gold | None = None
    """The gold's type (gold.py); None reads it from ``expected`` (free text, Yes/No, numbers)."""

    @property
    def typed(self) -> Gold:
        return self.gold if self.gold is not None else text_gold(self.expected)

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
    """MSS of the answers' leads (against the best gold for MR1): for the report's tables."""
    passed: bool
    basis: str = field(default="", compare=False)
    """Why it passed or failed, in words: ``year 1917 != gold``, ``both say Unknown``."""

    @property
    def mss(self) -> float:
        return self.similarity.mixed

    @property
    def severe(self) -> bool:
        """A conflict of answers that should agree, with next to nothing in common (MR1 on an
        answerable round, MR2); MR3's conflicts are answers too alike, never severe."""
        should_agree = self.relation == "MR2" or (self.relation == "MR1" and self.left.answerable is True)
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
    answered: Sequence[Answered],
    mss: MixedSimilarity,
    epsilons: Epsilons = Epsilons(),
    *,
    kb: KbLookup | None = None,
) -> list[Check]:
    """MR1 on every answer; MR2 and MR3 on every pair of dialogue rounds of one seed question, and
    MR2 between each baseline answer and the original dialogue's answer to that turn.

    ``kb``: the KB the dialogues were written from; it names the entities answers give and relates
    them to the gold (aliases, places within, positions held). Without one, only the gold's own
    names count."""
    comparator = Comparator(kb)
    pairs: list[tuple[Answered, Answered]] = []
    groups: dict[tuple[str, int], list[Answered]] = {}
    originals: dict[tuple[str, int], Answered] = {}
    for a in answered:
        if not a.baseline:
            if a.answerable is not None:
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
    leads = [span(a.answer, a.question) for a in answered]
    golds = [_golds(a) for a in answered]
    flat = [(lead, g) for lead, gs in zip(leads, golds, strict=True) for g in gs]
    index = {id(a): i for i, a in enumerate(answered)}
    flat += [(leads[index[id(x)]], leads[index[id(y)]]) for x, y in pairs]
    scored = dict(zip(flat, mss.score_many(flat), strict=True))
    claims: list[TypedClaim] = []
    best: list[Similarity] = []
    read: dict[tuple[str, str, tuple[str, ...], Gold], TypedClaim] = {}  # each distinct answer read once
    for a, lead, gs in zip(answered, leads, golds, strict=True):
        sims = [scored[(lead, g)] for g in gs]
        best.append(max(sims, key=lambda s: s.mixed) if sims else _ZERO)
        key = (a.question, a.answer, a.expected, a.typed)
        if key not in read:
            score = {g: s.mixed for g, s in zip(gs, sims, strict=True)}.__getitem__
            eps = epsilons.answerable
            read[key] = comparator.claim(a.question, a.answer, a.expected, a.typed, score, eps)
        claims.append(read[key])
    checks: list[Check] = []
    for a, claim, sim in zip(answered, claims, best, strict=True):
        if a.answerable is None:
            continue
        if a.answerable:
            checks.append(Check("MR1", a, None, sim, claim.right, claim.how))
        else:
            said = claim.kind == UNKNOWN_CLAIM
            checks.append(
                Check("MR1", a, None, sim, said, "says Unknown" if said else f"answers: {claim.how}")
            )
    for x, y in pairs:
        i, j = index[id(x)], index[id(y)]
        s = scored[(leads[i], leads[j])]
        same, why = agree(claims[i], claims[j], s.mixed >= epsilons.between)
        if x.answerable == y.answerable:
            checks.append(Check("MR2", x, y, s, same, why))
        else:
            checks.append(Check("MR3", x, y, s, not same, why))
    return checks


_ZERO = Similarity(0.0, 0.0, 0.0)


def _golds(a: Answered) -> tuple[str, ...]:
    return (UNKNOWN,) if a.answerable is False else a.expected
