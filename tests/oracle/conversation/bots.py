"""Plug-in bots with planted behaviour for the battery (``plugin:tests.oracle.conversation.bots:Name?...``).

``Perfect`` answers every injected question as its script says it should (it reads the scripts
file the test writes), restates what it is told and never asks the same question twice: every
test must pass. The others are ``Perfect`` with one defect each.
"""

from __future__ import annotations

import json
from pathlib import Path

from kgtest.core.records import from_plain
from kgtest.generator.conversation.script_records import Script, TestCode
from kgtest.runner.sut import Message

SELF = {
    "What is your name?": "My name is Percy.",
    "How old are you?": "I am two years old.",
    "Where do you live?": "I live in a data centre.",
    "What do you do for a living?": "I answer questions for a living.",
    "What is your favourite food?": "My favourite food is electricity.",
    "What is your favourite colour?": "My favourite colour is blue.",
}


class Perfect:
    def __init__(self, scripts: str) -> None:
        data = json.loads(Path(scripts).read_text(encoding="utf-8"))
        self.scripts = [from_plain(Script, s) for s in data]

    def respond(self, conversation: list[Message]) -> str:
        said = [m["content"] for m in conversation if m["role"] == "user"]
        script = next(s for s in self.scripts if [line.text for line in s.lines[: len(said)]] == said)
        return self.answer(script, len(said))

    def answer(self, script: Script, turn: int) -> str:
        return perfect_answer(script, turn)


class Forgetful(Perfect):
    """Remembers nothing told more than ``after`` rounds ago."""

    def __init__(self, scripts: str, after: str) -> None:
        super().__init__(scripts)
        self.after = int(after)

    def answer(self, script: Script, turn: int) -> str:
        line = script.line(turn)
        if line.role == "question" and line.test:
            test = script.test(line.test)
            if test.info_turn is not None and turn - test.info_turn > self.after:
                return "Sorry, I do not remember that."
        return super().answer(script, turn)


class Stutter(Perfect):
    def answer(self, script: Script, turn: int) -> str:
        return "Well well well, let me let me let me let me think think think. " + super().answer(
            script, turn
        )


class OffTopic(Perfect):
    """Says something new every round, about nothing the partner said."""

    LINES = (
        "Bananas turn brown faster in a warm kitchen.",
        "The ferry timetable changes every spring.",
        "Copper pipes are joined with solder.",
        "Owls hunt mostly at dusk.",
        "A sourdough starter needs flour and water daily.",
        "Granite is harder than marble.",
    )

    def answer(self, script: Script, turn: int) -> str:
        return f"{self.LINES[turn % len(self.LINES)]} That is round {turn} of mine."


class RepeatsQuestions(Perfect):
    def answer(self, script: Script, turn: int) -> str:
        return super().answer(script, turn) + " What do you like to do for fun?"


class WrongClaim(Perfect):
    """States a true KB claim in every reply but the one in round ``at``, where it states a false one."""

    def __init__(self, scripts: str, at: str) -> None:
        super().__init__(scripts)
        self.at = int(at)

    def answer(self, script: Script, turn: int) -> str:
        claim = (
            "Charles Dickens was born in London."
            if turn == self.at
            else "Charles Darwin was born in Shrewsbury."
        )
        return f"{super().answer(script, turn)} {claim}"


class Formula:
    """Replies with text a spreadsheet would read as a formula."""

    def respond(self, conversation: list[Message]) -> str:
        return '=HYPERLINK("http://example.invalid", "click")'


class Echo:
    """Says the partner's last line back, word for word (issue 27's parrot), after ``prefix`` if any."""

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix

    def respond(self, conversation: list[Message]) -> str:
        return self.prefix + next(m["content"] for m in reversed(conversation) if m["role"] == "user")


class Constant:
    """Says the same line every round, whatever it is told (by default a polite one)."""

    def __init__(self, line: str = "That is very interesting, tell me more.") -> None:
        self.line = line

    def respond(self, conversation: list[Message]) -> str:
        return self.line


class Alternating:
    """Says one of two lines, turn about."""

    LINES = (
        "I love talking with you about all sorts of things.",
        "What a wonderful day it is to learn something new!",
    )

    def __init__(self, first: str = LINES[0], second: str = LINES[1]) -> None:
        self.lines = (first, second)

    def respond(self, conversation: list[Message]) -> str:
        said = sum(m["role"] == "user" for m in conversation)
        return self.lines[(said - 1) % 2]


class LoopsFrom(Perfect):
    """``Perfect`` until round ``at``, then says its reply of round ``at`` again every round."""

    def __init__(self, scripts: str, at: str) -> None:
        super().__init__(scripts)
        self.at = int(at)

    def answer(self, script: Script, turn: int) -> str:
        return super().answer(script, min(turn, self.at))


class Chatty:
    """A free talker with something new each round: a fact of its own, after the partner's last words."""

    FACTS = (
        "Paris is the capital of France, you know.",
        "Did you hear that Charles Dickens was born in Portsmouth?",
        "Alexander Pushkin wrote Eugene Onegin in verse.",
        "Marie Curie held French citizenship.",
        "Rome has been the Italian capital since 1871.",
        "Shrewsbury is where Charles Darwin was born.",
        "Moscow became the Russian capital again in 1918.",
        "Berlin is where the German government sits.",
        "Oliver Twist is a novel by Charles Dickens.",
        "The United Kingdom is governed from London.",
        "Albert Einstein was a German citizen for years.",
        "Julius Caesar was killed in Rome.",
    )

    def respond(self, conversation: list[Message]) -> str:
        said = [m["content"] for m in conversation if m["role"] == "user"]
        topic = " ".join(said[-1].rstrip("?.!").split()[-2:])
        return f"About {topic}: {self.FACTS[(len(said) - 1) % len(self.FACTS)]}"


def perfect_answer(script: Script, turn: int) -> str:
    """What ``Perfect`` says in round ``turn`` of ``script``."""
    line = script.line(turn)
    if line.role == "filler":  # a question of its own each time: A7 has something to judge
        said = line.text.rstrip("?.!")
        return f"Thanks for sharing. You said: {said}. What made you say that on day {turn}?"
    if line.role == "info":
        return f"Thank you for telling me. I will remember that. {line.text}"
    test = script.test(line.test)
    if test.code is TestCode.I13:
        return SELF[test.questions[0]]
    if test.form == "closed":
        return "Yes, it is." if test.expected == ("Yes",) else "No, it is not."
    return f"Your {test.slot} is {test.expected[0]}."
