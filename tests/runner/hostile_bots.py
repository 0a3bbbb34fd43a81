"""Plug-in bots that answer what no well-behaved system would (``plugin:tests.runner.hostile_bots:Name``).

Real classes loaded by spec, as a user's bot is: lone surrogates, numbers where text belongs,
calls that never return.
"""

from __future__ import annotations

import sys
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


ESCAPES = "\x1b[2J\x1b]8;;http://evil.invalid/\x07click\x1b]8;;\x07"
"""Clears a terminal and plants a hyperlink, when printed raw."""


class Interrupts:
    """Raises KeyboardInterrupt from ``respond``, as a bot that catches Ctrl-C badly might."""

    def respond(self, conversation: list[Message]) -> str:
        raise KeyboardInterrupt(ESCAPES)


class Unsayable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words for it")


class Unspeakable:
    """Raises an exception whose ``__str__`` raises."""

    def respond(self, conversation: list[Message]) -> str:
        raise Unsayable()


class Endless(str):
    __slots__ = ()

    def __len__(self) -> int:
        raise OverflowError(ESCAPES)

    def __getitem__(self, key: object) -> str:
        raise OverflowError(ESCAPES)


class NoLength:
    """Returns a ``str`` whose ``len()`` and slicing raise."""

    def respond(self, conversation: list[Message]) -> str:
        return Endless("Yes")


class BadClose:
    """Answers, and raises from ``close()`` with escape sequences in the message."""

    def respond(self, conversation: list[Message]) -> str:
        return "Yes"

    def close(self) -> None:
        raise ValueError(ESCAPES)


class ExitsLoudly:
    """Calls ``sys.exit`` with escape sequences as its code."""

    def respond(self, conversation: list[Message]) -> str:
        raise SystemExit(ESCAPES)


class FromFile:
    """Answers with the text of the file at ``path``, and fails while there is none: a system that
    comes back between a run and its ``--retry-failed``."""

    def __init__(self, path: str) -> None:
        self.path = path

    def respond(self, conversation: list[Message]) -> str:
        with open(self.path, encoding="utf-8") as text:
            return text.read()


class Unopenable:
    """Fails as it is built: a command that gets that far has loaded the system."""

    def __init__(self) -> None:
        raise RuntimeError("the system was opened")

    def respond(self, conversation: list[Message]) -> str:
        return "Yes"


class Talks:
    """Prints to stdout and stderr, reads stdin, closes stdout: none of it is kgtest's."""

    def respond(self, conversation: list[Message]) -> str:
        print("BOT SAYS ON STDOUT")
        print("BOT SAYS ON STDERR", file=sys.stderr)
        heard = sys.stdin.readline()
        sys.stdout.close()
        return f"Yes.{heard.strip()}"


class Asks:
    """Waits for a person at the keyboard (``input()``)."""

    def respond(self, conversation: list[Message]) -> str:
        return input("your answer? ")
