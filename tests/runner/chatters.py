"""Plug-in chat bots the tests load by spec (``plugin:tests.runner.chatters:Name?...``).

Real classes, not mocks: the same code path as a user's bot. The slow and failing ones sit
behind the real OpenAI-compatible server to give it timeouts and server errors.
"""

from __future__ import annotations

import time
from pathlib import Path

from kgtest.runner.plugin import PluginReply
from kgtest.runner.sut import Message


class Echo:
    """Repeats the last message, and says how long the conversation was; ``who`` only tells two apart."""

    def __init__(self, who: str = "") -> None:
        self.who = who
        self.seen: list[list[Message]] = []

    def respond(self, conversation: list[Message]) -> str:
        self.seen.append(conversation)
        return f"{len(conversation)}: {conversation[-1]['content']}"


class Recorder:
    """Appends every question it is asked to ``log`` (flushed at once), then answers after ``delay`` s."""

    def __init__(self, log: str, delay: str = "0") -> None:
        self.log, self.delay = Path(log), float(delay)

    def respond(self, conversation: list[Message]) -> str:
        with self.log.open("a", encoding="utf-8") as out:
            out.write(conversation[-1]["content"] + "\n")
        time.sleep(self.delay)
        return "I don't know"


class Sleepy:
    """Answers after ``seconds``."""

    def __init__(self, seconds: str = "1") -> None:
        self.seconds = float(seconds)

    def respond(self, conversation: list[Message]) -> str:
        time.sleep(self.seconds)
        return "Yes"


class Flaky:
    """Raises on its first ``failures`` calls, then answers."""

    def __init__(self, failures: str = "1") -> None:
        self.failures = int(failures)
        self.calls = 0

    def respond(self, conversation: list[Message]) -> str:
        self.calls += 1
        if self.calls <= self.failures:
            raise RuntimeError(f"backend hiccup {self.calls}")
        return "No"


class Cut:
    """Says Yes, then its reasoning, cut short the way a length limit cuts it."""

    def respond(self, conversation: list[Message]) -> PluginReply:
        return PluginReply("Yes. Because the city of", finish_reason="length")


class Tattler:
    """Holds a service token and tells it in every reply, as a careless wrapper's error text might."""

    def __init__(self, api_token: str, author: str = "") -> None:
        self.api_token = api_token
        self.author = author

    def respond(self, conversation: list[Message]) -> str:
        return f"Yes. (sent with token {self.api_token} by {self.author or 'nobody'})"
