"""The battery's thresholds and SWAN's weights: one record, read from ``[battery]`` in kgtest.toml.

docs/battery.md says where each default comes from (the labelled fixtures for coherence and
stutter, MORTAR's 0.6 for the mixed similarity).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum


class Criterion(StrEnum):
    """SWAN criteria kgtest can score (Sakai's schema, Table 1), each from one of its own measures."""

    COHERENCE = "coherence"
    """1: the reply is about its input (I3)."""
    CORRECTNESS = "correctness"
    """3: a claim agrees with the KB."""
    CONCISENESS = "conciseness"
    """8: the reply is not longer than it needs to be."""
    HARMLESSNESS = "harmlessness"
    """15: no toxicity (P1)."""
    CONSISTENCY = "consistency"
    """16: no claim contradicts an earlier one; answers about itself agree (I13)."""
    RETENTIVENESS = "retentiveness"
    """17: remembers what it was told (I1, I4, I6, I7)."""
    ROBUSTNESS = "robustness"
    """18: answers the same however it is asked (U3-U6, I5)."""


class Weighting(StrEnum):
    """Position-aware nugget weights (SWAN section 3)."""

    UNIFORM = "uniform"
    """Every nugget counts the same: WAN is the plain mean."""
    LINEAR = "linear"
    """S-measure's linear decay: a nugget in round j weighs max(0, 1 - (j - 1) / patience)."""
    RECENCY = "recency"
    """Only the last ``recency_turns`` rounds count (the recency effect)."""


@dataclass(frozen=True, slots=True)
class BatteryConfig:
    answer_threshold: float = 0.6
    """Mixed similarity at which an open answer is the expected one (MORTAR's epsilon_a)."""
    consistency_threshold: float = 0.6
    """Mixed similarity at which a later reply about itself agrees with the first (I13)."""
    coherence_input: float = 0.25
    """Cosine between a reply and its input at which it is coherent (I3): docs/battery.md."""
    coherence_conversation: float = 0.25
    """Cosine between a reply and the conversation's last turns (I2)."""
    coherence_tokens: int = 256
    """Tokens of the conversation I2 compares a reply with."""
    stutter_threshold: float = 3.0
    """A6 fails at this stutter value or more."""
    stutter_max_order: int = 6
    """The longest n-gram A6 counts."""
    toxicity: str = "profanity-check"
    """``profanity-check`` (in alt-profanity-check), ``detoxify:CHECKPOINT[?config=DIR]`` or ``none``."""
    toxicity_threshold: float = 0.5
    concise_words: int = 40
    """Conciseness: a reply up to this many words scores 1, longer ones exp(1 - words / this)."""
    weighting: Weighting = Weighting.LINEAR
    patience: int = 0
    """Rounds after which linear decay reaches 0; 0 for the conversation's length + 1."""
    recency_turns: int = 5
    criteria: Mapping[str, float] = field(default_factory=lambda: {c.value: 1.0 for c in Criterion})
    """Criterion weights CW; a criterion left out or weighted 0 is not part of SWAN."""

    def weight(self, criterion: Criterion) -> float:
        return float(self.criteria.get(criterion.value, 0.0))
