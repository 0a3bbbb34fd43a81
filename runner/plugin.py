"""``plugin:package.module:Class[?key=value...]``: any Python chat bot with a ``respond`` method.

The chatter-class idea of chatbot test frameworks: a class whose ``respond(conversation)``
returns the bot's next message. Query parameters become keyword arguments (strings) of the
constructor. kgtest times each call; an exception is recorded as a failed reply. A plain string
is a whole message (``finish_reason`` ``stop``); a bot that knows its answer was cut short (a
length limit of the service it wraps) returns a ``PluginReply`` that says so.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable
from urllib.parse import urlencode

from kgtest.core.errors import ConfigError
from kgtest.runner.sut import Conversation, Message, Reply, Sampling, SutOptions


@dataclass(frozen=True, slots=True)
class PluginReply:
    """A reply with why it ended: ``stop``, or ``length`` when it was cut at a length limit."""

    text: str
    finish_reason: str = "stop"


@runtime_checkable
class Chatter(Protocol):
    """What a plug-in provides. It is called from one thread, one conversation at a time."""

    def respond(self, conversation: list[Message]) -> str | PluginReply:
        """The bot's reply to the last message, given the whole conversation (oldest first)."""
        ...


def open(target: str, params: dict[str, str], options: SutOptions) -> PluginSut:
    module_name, _, class_name = target.rpartition(":")
    spec = f"plugin:{target}" + (f"?{urlencode(sorted(params.items()))}" if params else "")
    if not module_name or not class_name:
        raise ConfigError(f"--sut {spec!r}: write plugin:package.module:ClassName")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(
            f"--sut {spec!r}: cannot import {module_name!r} ({exc}); install it or add it to PYTHONPATH"
        ) from exc
    cls = getattr(module, class_name, None)
    if cls is None:
        raise ConfigError(f"--sut {spec!r}: {module_name} has no {class_name!r}")
    try:
        chatter = cls(**params)
    except TypeError as exc:
        raise ConfigError(f"--sut {spec!r}: {class_name}({', '.join(params)}) failed: {exc}") from exc
    if not isinstance(chatter, Chatter):
        raise ConfigError(f"--sut {spec!r}: {class_name} has no respond(conversation) method")
    return PluginSut(chatter, spec)


class PluginSut:
    """Adapts a ``Chatter`` to the system-under-test interface."""

    def __init__(self, chatter: Chatter, spec: str) -> None:
        self.chatter = chatter
        self.spec = spec

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        for i, conversation in enumerate(conversations):
            started = time.perf_counter()
            try:
                said: object = self.chatter.respond([dict(m) for m in conversation])
            except Exception as exc:  # the plug-in's failure is a finding, not ours
                yield (
                    i,
                    Reply.failed(
                        self.spec, sampling, time.perf_counter() - started, f"{type(exc).__name__}: {exc}"
                    ),
                )
                continue
            reply = PluginReply(said) if isinstance(said, str) else said
            if not isinstance(reply, PluginReply) or not isinstance(reply.text, str):
                # None or a dict is no answer, and str() would hide that
                yield (
                    i,
                    Reply.failed(
                        self.spec,
                        sampling,
                        time.perf_counter() - started,
                        f"not text: respond() returned {type(said).__name__}",
                    ),
                )
                continue
            yield (
                i,
                Reply(
                    text=reply.text,
                    system=self.spec,
                    sampling=sampling,
                    latency_s=time.perf_counter() - started,
                    finish_reason=reply.finish_reason,
                ),
            )

    def close(self) -> None:
        close = getattr(self.chatter, "close", None)
        if callable(close):
            close()
