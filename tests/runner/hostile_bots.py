"""Plug-in bots that answer what no well-behaved system would (``plugin:tests.runner.hostile_bots:Name``).

Real classes loaded by spec, as a user's bot is: lone surrogates, numbers where text belongs,
calls that never return.
"""

from __future__ import annotations

import threading
from typing import Any

from kgtest.runner.plugin import PluginReply
from kgtest.runner.sut import Message


class Surrogate:
    """Answers with a lone surrogate inside its text, which UTF-8 cannot hold."""

    def respond(self, conversation: list[Message]) -> str:
        return "Yes \ud800 and a pair \ud83d\ude00"


class NumberFinish:
    """A PluginReply whose finish_reason is a number."""

    def respond(self, conversation: list[Message]) -> PluginReply:
        return PluginReply("Yes", finish_reason=5)  # type: ignore[arg-type]


class Hang:
    """Never returns for a question containing ``hang``; answers the others at once."""

    def __init__(self) -> None:
        self.forever = threading.Event()
        self.calls = 0

    def respond(self, conversation: list[Message]) -> str:
        self.calls += 1
        if "hang" in conversation[-1]["content"]:
            self.forever.wait()
        return "No"


class Anything:
    """Returns whatever it was built to return (set ``said`` after construction)."""

    def __init__(self) -> None:
        self.said: Any = None

    def respond(self, conversation: list[Message]) -> Any:
        return self.said


class Exits:
    """Calls ``sys.exit(0)`` when asked anything, as a careless script might."""

    def respond(self, conversation: list[Message]) -> str:
        raise SystemExit(0)
