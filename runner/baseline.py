"""``baseline:NAME``: systems under test that know nothing, run like any other (docs/scores.md).

A score means something only beside what knowing nothing gets on the same cases: every kind's
headline score is corrected for the best constant answer, and every report carries these
systems' rows, judged from their replies to the very exchanges the real system was asked (no
model is called). They answer from the last message alone:

* ``yes``, ``no``, ``idk``: "Yes.", "No.", "I don't know.";
* ``constant``: one fixed text (``?text=Paris.``), a name that answers no question;
* ``echo``: the message itself, back;
* ``random``: "Yes." or "No.", a coin seeded by ``?seed=`` and the message, so the same run
  gives the same replies.

The first four are constant answers: chance, for a kind, is what the best of them gets.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

from kgtest.core.errors import UnknownNameError
from kgtest.runner.registry import check_params
from kgtest.runner.sut import Conversation, Reply, Sampling, SutOptions

CONSTANT_TEXT = "Paris."
"""What ``baseline:constant`` says unless given ``text``: a name, which answers no question."""


def _yes(message: str, params: dict[str, str]) -> str:
    return "Yes."


def _no(message: str, params: dict[str, str]) -> str:
    return "No."


def _idk(message: str, params: dict[str, str]) -> str:
    return "I don't know."


def _constant(message: str, params: dict[str, str]) -> str:
    return params.get("text", CONSTANT_TEXT)


def _echo(message: str, params: dict[str, str]) -> str:
    return message


def _random(message: str, params: dict[str, str]) -> str:
    coin = hashlib.blake2b(f"{params.get('seed', '0')}\x1f{message}".encode(), digest_size=1).digest()[0]
    return "Yes." if coin % 2 == 0 else "No."


ANSWERS: dict[str, Callable[[str, dict[str, str]], str]] = {
    "yes": _yes,
    "no": _no,
    "idk": _idk,
    "constant": _constant,
    "echo": _echo,
    "random": _random,
}
"""Each baseline's reply to a message."""

CONSTANT = ("yes", "no", "idk", "constant")
"""The baselines that say one thing whatever is asked: chance is the best of them."""

PARAMS = {"constant": ("text",), "random": ("seed",)}


@dataclass(frozen=True, slots=True)
class Baseline:
    """A know-nothing system: its name and parameters."""

    name: str
    params: tuple[tuple[str, str], ...] = ()

    @property
    def spec(self) -> str:
        query = f"?{urlencode(self.params)}" if self.params else ""
        return f"baseline:{self.name}{query}"

    def says(self, message: str) -> str:
        """Its reply to ``message``."""
        return ANSWERS[self.name](message, dict(self.params))


REFERENCE = tuple(Baseline(name) for name in ANSWERS)
"""The baselines every judged run is scored beside (docs/scores.md)."""


def baseline(target: str, params: dict[str, str]) -> Baseline:
    """``baseline:TARGET?params`` as a ``Baseline``; an unknown name or parameter is named."""
    if target not in ANSWERS:
        raise UnknownNameError("baseline", target, tuple(ANSWERS))
    check_params(params, PARAMS.get(target, ()), f"baseline:{target}")
    return Baseline(target, tuple(sorted(params.items())))


def open(target: str, params: dict[str, str], options: SutOptions) -> BaselineSut:
    return BaselineSut(baseline(target, params))


class BaselineSut:
    """A baseline behind the system-under-test interface."""

    def __init__(self, known: Baseline) -> None:
        self.baseline = known
        self.spec = known.spec

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        for i, conversation in enumerate(conversations):
            started = time.perf_counter()
            text = self.baseline.says(conversation[-1]["content"] if conversation else "")
            yield i, Reply(text, self.spec, sampling, time.perf_counter() - started, finish_reason="stop")

    def close(self) -> None:
        """Nothing to free."""
