"""Plug-in bots for dialogue runs (``plugin:tests.runner.dialogue_bots:Name?suite=...``): real classes.

``GoldBot`` answers every round from the suite's gold graph (the expected answer, "Unknown" where
the turn is unanswerable): a consistent system, which no relation may flag.
"""

from __future__ import annotations

import json
from difflib import SequenceMatcher
from pathlib import Path

from kgtest.generator.case import read_suite
from kgtest.runner.dialogue_rounds import conversation
from kgtest.runner.sut import Message

Before = dict[str, list[tuple[str, str]]]


def gold_answers(suite: Path) -> tuple[dict[str, str], Before]:
    """Expected answers by whole conversation, and (question, answer) by the conversation before the
    question (original dialogues only: a baseline rewords the question, not what comes before)."""
    exact: dict[str, str] = {}
    before: Before = {}
    for case in read_suite(suite):
        d = case.dialogue
        if d is None:
            continue
        shown = [t.expected[0] for t in d.turns]
        for t in d.turns:
            asked = conversation(d, case.prompt, t.position, shown[: t.position - 1])
            exact[json.dumps(asked)] = t.expected[0]
            if d.perturbation == "original":
                before.setdefault(json.dumps(asked[:-1]), []).append((asked[-1]["content"], t.expected[0]))
    return exact, before


def reworded(conversation: list[Message] | tuple[Message, ...], before: Before) -> str:
    """The answer of the original question most like the reworded one, after the same history."""
    asked = conversation[-1]["content"].translate(str.maketrans("431057", "aeiost"))
    options = before[json.dumps(list(conversation[:-1]))]
    return max(options, key=lambda qa: SequenceMatcher(None, qa[0], asked).ratio())[1]


class GoldBot:
    def __init__(self, suite: str) -> None:
        self.exact, self.before = gold_answers(Path(suite))
        self.asked = 0

    def respond(self, conversation: list[Message]) -> str:
        self.asked += 1
        found = self.exact.get(json.dumps(conversation))
        return found if found is not None else reworded(conversation, self.before)


class Broken(GoldBot):
    """Gold answers, except an empty one to every ``empty`` question and None to ``none``."""

    def __init__(self, suite: str, empty: str, none: str) -> None:
        super().__init__(suite)
        self.empty, self.none = empty, none

    def respond(self, conversation: list[Message]) -> str:
        question = conversation[-1]["content"]
        if question == self.empty:
            return ""
        if question == self.none:
            return None  # type: ignore[return-value]  # what a careless plug-in returns
        return super().respond(conversation)


class Alternating(GoldBot):
    """Gold answers in odd rounds, nonsense in even ones: conflicts for every relation to find."""

    def respond(self, conversation: list[Message]) -> str:
        return super().respond(conversation) if len(conversation) % 4 == 2 else "banana bread recipe"
