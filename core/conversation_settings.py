"""``[battery]`` and ``[dialogue]``: how conversations and dialogue cases are asked and judged.

Kept apart from core/settings.py, which assembles every section into one checked ``Settings``.
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, Strict, field_validator
from pydantic.dataclasses import dataclass

from kgtest.core.setting_types import _CHECKED, Count, Name, Number, Positive, Share, Text, Whole


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


def _all_criteria() -> dict[str, float]:
    return {c.value: 1.0 for c in Criterion}


@dataclass(frozen=True, config=_CHECKED)
class RepeatSettings:
    """``[battery.repeats]``: where a copy starts counting as an echo (A8) or a repeat (A9);
    oracle/conversation/repeats.py says how each is used, docs/battery.md how they were chosen."""

    block: Annotated[int, Strict(), Field(ge=2)] = 4
    """The shortest run of words counted as copied: three ("was born in") recur in any two claims."""
    echo_share: Share = 0.75
    """Of the reply's words, copied from the partner's line of the same round: an echo."""
    echo_words: Positive = 4
    """The shortest echo ("Hello!" to "Hello!" is a greeting)."""
    repeat_share: Share = 0.8
    """Of the reply's words, copied from one earlier reply of the same speaker: a repeat."""
    repeat_words: Positive = 5
    """The shortest repeat; a shorter reply said again is a formula ("Yes, it is.")."""
    source_share: Share = 0.5
    """The least share of the text copied from that the copy must hold: "most of it"."""


@dataclass(frozen=True, config=_CHECKED)
class BatterySettings:
    """``[battery]``: the conversation battery's thresholds and SWAN's weights (docs/battery.md)."""

    answer_threshold: Share = 0.6
    """Mixed similarity at which an open answer is the expected one (MORTAR's epsilon_a)."""
    consistency_threshold: Share = 0.6
    """Mixed similarity at which a later reply about itself agrees with the first (I13)."""
    coherence_input: Share = 0.25
    """Cosine between a reply and its input at which it is coherent (I3): docs/battery.md."""
    coherence_conversation: Share = 0.25
    """Cosine between a reply and the conversation's last turns (I2)."""
    coherence_tokens: Positive = 256
    """Tokens of the conversation I2 compares a reply with."""
    stutter_threshold: Number = 3.0
    """A6 fails at this stutter value or more."""
    stutter_max_order: Annotated[int, Strict(), Field(ge=2)] = 6
    """The longest n-gram A6 counts."""
    toxicity: Name = "profanity-check"
    """``profanity-check`` (in alt-profanity-check), ``detoxify:CHECKPOINT[?config=DIR]`` or ``none``."""
    toxicity_threshold: Share = 0.5
    concise_words: Positive = 40
    """Conciseness: a reply up to this many words scores 1, longer ones exp(1 - words / this)."""
    weighting: Weighting = Weighting.LINEAR
    patience: Count = 0
    """Rounds after which linear decay reaches 0; 0 for the conversation's length + 1."""
    recency_turns: Positive = 5
    context_tokens: Count = 0
    """Tokens of the conversation the system under test sees; 0 for all of it."""
    partner_context_tokens: Positive = 512
    """Tokens of the conversation a partner system sees (the seed's prev_conv_memory)."""
    partner: Text = ""
    """A [[sut]] name or spec to hold free conversations with; empty: the scripted partner."""
    criteria: dict[str, Number] = dataclasses.field(default_factory=_all_criteria)
    """Criterion weights CW, 1 for those not named; a criterion weighted 0 is not part of SWAN."""
    repeats: RepeatSettings = dataclasses.field(default_factory=RepeatSettings)
    """When a reply says nothing new (A8, A9), which SWAN's factor counts."""

    @field_validator("criteria")
    @classmethod
    def _known_criteria(cls, criteria: dict[str, float]) -> dict[str, float]:
        """Criteria the file does not name keep their weight of 1."""
        unknown = sorted(set(criteria) - {c.value for c in Criterion})
        if unknown:
            raise ValueError(f"unknown criterion {unknown[0]!r}; known: {', '.join(_all_criteria())}")
        return _all_criteria() | criteria

    def weight(self, criterion: Criterion) -> float:
        return float(self.criteria.get(criterion.value, 0.0))


@dataclass(frozen=True, config=_CHECKED)
class DialogueSettings:
    """``[dialogue]``: how dialogue cases are asked and judged (docs/metamorphic.md)."""

    history: Literal["gold", "sut"] = "gold"
    """What earlier rounds show as answers: the gold ones, or the system's own."""
    baselines: tuple[Literal["SYR", "L33t", "Typo"], ...] = ("SYR", "L33t", "Typo")
    """METAL's single-turn baselines asked beside the dialogues; [] for none."""
    wordnet: Text = "/usr/share/wordnet"
    """WordNet database folder for SYR (Debian: apt-get install wordnet-base)."""
    baseline_seed: Whole = 0
    """Seeds the baselines' perturbations."""
    epsilon_a: Share = 0.6
    """MR1: mixed similarity at which an answer is its gold one (MORTAR's epsilon_a)."""
    epsilon_b: Share = 0.6
    """MR2 and MR3: mixed similarity at which two answers agree (MORTAR's epsilon_b)."""
