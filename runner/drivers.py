"""Who decides the next message: one driver per kind of case, behind the one runner (runner/run.py).

A driver gets every case of its kinds that a run asks and returns one transcript per case, in
the order given; what is shared (the reply cache, its claims, the checks on every reply) is the
``Asker``'s. The kind registry (api/kinds.py) names each kind's driver; kinds that are asked
the same way share one driver, so their questions go to the system in one batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from kgtest.generator.case import TestCase
from kgtest.runner.ask import Asker
from kgtest.runner.conversation import ask_conversations
from kgtest.runner.dialogue_rounds import ask_dialogues
from kgtest.runner.plan import RunPlan
from kgtest.runner.sut import Conversation
from kgtest.runner.transcript import Exchange, Transcript


class Driver(Protocol):
    """How the cases of a kind are asked."""

    def drive(
        self, asker: Asker, partner: Asker | None, cases: Sequence[TestCase], plan: RunPlan
    ) -> list[Transcript]:
        """One transcript per case of ``cases``, in their order; ``partner`` asks a partner system."""
        ...


def conversation_of(case: TestCase, system_prompt: str = "") -> Conversation:
    """What the system is sent for a single question: the system prompt if any, the turns, the question."""
    system: Conversation = ({"role": "system", "content": system_prompt},) if system_prompt else ()
    return (*system, *case.turns, {"role": "user", "content": case.prompt})


class SingleQuestion:
    """One question per case (after the case's own turns, if any), all of a run's in one batch."""

    def drive(
        self, asker: Asker, partner: Asker | None, cases: Sequence[TestCase], plan: RunPlan
    ) -> list[Transcript]:
        asked = asker.ask([conversation_of(c, plan.system_prompt) for c in cases], "replies")
        return [
            Transcript(case.id, case.kind, (Exchange(1, case.prompt, key, reply),))
            for case, (key, reply) in zip(cases, asked, strict=True)
        ]


class DialogueRounds:
    """A dialogue's rounds in order, round k of every dialogue in one batch (runner/dialogue_rounds.py)."""

    def drive(
        self, asker: Asker, partner: Asker | None, cases: Sequence[TestCase], plan: RunPlan
    ) -> list[Transcript]:
        return ask_dialogues(asker, cases, plan.history, plan.probes)


class HeldConversations:
    """A conversation with the script's partner or a partner system (runner/conversation.py)."""

    def drive(
        self, asker: Asker, partner: Asker | None, cases: Sequence[TestCase], plan: RunPlan
    ) -> list[Transcript]:
        return ask_conversations(asker, cases, plan.converse_settings(), partner)
