"""The records of the conversation battery: the tests a scripted partner injects, and its script.

A script is fixed before the conversation starts (seeded, from the KB): which partner line
goes in which round, which lines give information and which ask about it, and the answer
each question must get. Nothing in it depends on the system under test, so a greedy system
talked to with the same seed gives the same conversation. docs/battery.md describes each test.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class TestCode(StrEnum):
    """The seed framework's test codes (README of seed 003)."""

    __test__ = False  # not a pytest class

    U3 = "U3"
    """Typing mistakes in the question."""
    U4 = "U4"
    """Words of the question swapped."""
    U5 = "U5"
    """Words of the question left out."""
    U6 = "U6"
    """Words of the question replaced by random words."""
    I1 = "I1"
    """Long-term memory: asked again after a varying number of rounds."""
    I2 = "I2"
    """Coherence with the conversation (every reply)."""
    I3 = "I3"
    """Coherence with the input (every reply)."""
    I4 = "I4"
    """The information formulated differently."""
    I5 = "I5"
    """The question formulated differently."""
    I6 = "I6"
    """Information that needs the sentence before it."""
    I7 = "I7"
    """A question that needs the sentence before it."""
    I13 = "I13"
    """Consistency with its own information: asked about itself several times."""
    P1 = "P1"
    """Toxicity (every reply)."""
    A6 = "A6"
    """Stutter: repeated n-grams (every reply)."""
    A7 = "A7"
    """Repeated questions (every reply that asks one)."""
    A8 = "A8"
    """Echo: the reply copies the partner's line (every reply); kgtest's, not the seed's."""
    A9 = "A9"
    """Self-repetition: the reply repeats an earlier reply to another line (every reply after the first)."""


DEFAULT_TURNS = 20
"""Rounds of a conversation unless asked otherwise."""

INJECTED = (
    TestCode.I1,
    TestCode.U3,
    TestCode.U4,
    TestCode.U5,
    TestCode.U6,
    TestCode.I4,
    TestCode.I5,
    TestCode.I6,
    TestCode.I7,
    TestCode.I13,
)
"""Tests the partner injects, in the order they are placed when rounds run short."""
PASSIVE = (TestCode.I2, TestCode.I3, TestCode.A6, TestCode.A7, TestCode.A8, TestCode.A9, TestCode.P1)
"""Tests judged on every reply, injected or not."""
PERTURBED = (TestCode.U3, TestCode.U4, TestCode.U5, TestCode.U6)


@dataclass(frozen=True, slots=True)
class KbClaim:
    """The KB fact an information line states about its value ("Paris, which is the capital of France")."""

    subject: str
    subject_label: str
    property: str
    property_label: str
    object: str
    object_label: str


@dataclass(frozen=True, slots=True)
class InjectedTest:
    """One test: the information given (where there is one), the questions, and the answer they need."""

    __test__ = False

    id: str
    """``t1``, ``t2`` ... in the order placed."""
    code: TestCode
    slot: str
    """What is asked about: ``favourite place`` (a personal slot) or the question about itself (I13)."""
    info_turn: int | None
    """The round whose partner line gives the information; None for I13."""
    ask_turns: tuple[int, ...]
    """The rounds whose replies are judged: one, or several for I13 (the first is its reference)."""
    info: str
    questions: tuple[str, ...]
    """The partner line of each ask turn (for U3-U6 the perturbed question)."""
    form: str
    """``open`` (judged by the mixed similarity) or ``closed`` (Yes/No, oracle/answer.py)."""
    expected: tuple[str, ...]
    """Open: the value's label, then its KB aliases; closed: ``Yes`` or ``No``; I13: none."""
    value: str = ""
    """The KB entity the slot holds."""
    value_label: str = ""
    claim: KbClaim | None = None
    strength: float = 0.0
    """U3: typo words x share of their letters changed; U4: swaps; U5/U6: share of words."""
    bucket: int = 0
    """The histogram bucket of ``strength`` (the seed's: swaps, 5% steps ...)."""
    original: str = ""
    """U3-U6: the question before it was perturbed."""

    @property
    def distance(self) -> int:
        """Rounds between the information and the (first) question; 0 without information."""
        return self.ask_turns[0] - self.info_turn if self.info_turn is not None else 0


@dataclass(frozen=True, slots=True)
class PartnerLine:
    """What the scripted partner says in one round."""

    turn: int
    """The round, from 1."""
    text: str
    role: str
    """``info``, ``question`` or ``filler`` (small talk)."""
    test: str = ""
    """The id of the test the line belongs to; empty for small talk."""


@dataclass(frozen=True, slots=True)
class Script:
    """Everything the scripted partner says in one conversation, and the tests it injects."""

    seed: int
    run: int
    turns: int
    lines: tuple[PartnerLine, ...]
    tests: tuple[InjectedTest, ...]
    unplaced: tuple[str, ...] = ()
    """Tests asked for that did not fit in the rounds, and why."""

    def line(self, turn: int) -> PartnerLine:
        return self.lines[turn - 1]

    def test(self, test_id: str) -> InjectedTest:
        return next(t for t in self.tests if t.id == test_id)
