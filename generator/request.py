"""What ``kgtest gen`` is asked for, every kind's part in one record (nothing heavy imported).

The built-in kinds' parts have fields of their own; a kind registered beside them (api/kinds.py)
finds its part in ``parts`` under its name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kgtest.core.errors import GenerationError
from kgtest.generator.conversation.script import ScriptSettings
from kgtest.generator.conversation.script_records import DEFAULT_TURNS, INJECTED, TestCode
from kgtest.generator.dialogue.request import DialogueRequest
from kgtest.generator.suite import SuiteRequest


@dataclass(frozen=True, slots=True)
class ConversationRequest:
    """Conversation scripts: a scripted partner injecting the battery's tests, facts from the KB."""

    count: int = 0
    turns: int = DEFAULT_TURNS
    """Rounds per conversation."""
    tests: tuple[TestCode, ...] = INJECTED
    """Tests each conversation injects (a code may repeat); none: a free conversation."""
    max_distance: int = ScriptSettings().max_distance
    """I1 asks again after up to this many rounds."""

    def validate(self) -> None:
        if self.count < 0 or self.turns < 1 or self.max_distance < 1:
            raise GenerationError(
                f"conversations={self.count}, turns={self.turns}, max_distance={self.max_distance}: "
                "conversations may not be negative, turns and max_distance must be at least 1"
            )


@dataclass(frozen=True, slots=True)
class GenRequest:
    """One suite's worth of cases: fact and temporal questions, dialogues, conversations."""

    questions: SuiteRequest = field(default_factory=lambda: SuiteRequest(count=0))
    """Fact and temporal cases (their seed is the suite's); none unless asked."""
    dialogues: DialogueRequest = field(default_factory=DialogueRequest)
    conversations: ConversationRequest = field(default_factory=ConversationRequest)
    parts: Mapping[str, Any] = field(default_factory=dict)
    """The requests of kinds registered beside the built-in ones, by kind."""

    @property
    def seed(self) -> int:
        return self.questions.seed

    def validate(self) -> None:
        if not -(2**63) <= self.seed < 2**63:
            raise GenerationError(
                f"seed={self.seed}: a seed is a signed 64-bit integer (the graph store keeps it)"
            )
        self.questions.validate()
        self.dialogues.validate()
        self.conversations.validate()
