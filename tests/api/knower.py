"""A system under test that knows every answer a suite proves, of every kind: the top of every score.

It answers a single question with the proven answer and the evidence in the catalog's words
(tests/cli/suite_bots.py's ``Witness``), a dialogue round with its gold answer, or "Unknown"
where the round cannot be answered (tests/runner/dialogue_bots.py's ``GoldBot``), and a
conversation as its script says it should (tests/oracle/conversation/bots.py's ``Perfect``).
"""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.case import read_suite
from kgtest.generator.conversation.script_records import Script
from kgtest.runner.sut import Message
from tests.cli.suite_bots import Witness
from tests.oracle.conversation.bots import Perfect
from tests.runner.dialogue_bots import GoldBot


class Knower:
    name = "knower"

    def __init__(self, suite: str) -> None:
        cases = list(read_suite(Path(suite)))
        self.single = Witness(suite)
        self.dialogues = GoldBot(suite)
        self.instructions = {c.prompt for c in cases if c.dialogue is not None}
        self.questions = {c.prompt for c in cases if c.dialogue is None and c.script is None}
        self.talks = _Scripted([c.script for c in cases if c.script is not None])

    def respond(self, conversation: list[Message]) -> str:
        first = conversation[0]
        if first["role"] == "system" and first["content"].split("\n\nStory:")[0] in self.instructions:
            return self.dialogues.respond(conversation)
        if len(conversation) == 1 and conversation[0]["content"] in self.questions:
            return self.single.respond(conversation)
        return self.talks.respond(conversation)


class _Scripted(Perfect):
    """``Perfect`` over scripts it is handed, not read from a file."""

    def __init__(self, scripts: list[Script]) -> None:
        self.scripts = scripts
