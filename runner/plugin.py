"""``plugin:package.module:Class[?key=value...]``: any Python chat bot with a ``respond`` method.

The chatter-class idea of chatbot test frameworks: a class whose ``respond(conversation)``
returns the bot's next message. Query parameters become keyword arguments (strings) of the
constructor. kgtest times each call; an exception is recorded as a failed reply. A plain string
is a whole message (``finish_reason`` ``stop``); a bot that knows its answer was cut short (a
length limit of the service it wraps) returns a ``PluginReply`` that says so.

``respond`` runs on a worker thread so that ``--timeout`` holds: a call that has not returned
after ``SutOptions.timeout_s`` becomes a transient failed reply (``timed out after 60 s``), and
the next conversation goes to a fresh worker (the stuck call is abandoned, never joined). What
a bot returns is cleaned before it leaves (runner/reply_check.py).
"""

from __future__ import annotations

import importlib
import queue
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable
from urllib.parse import urlencode

from kgtest.core.errors import ConfigError
from kgtest.runner.reply_check import cleaned
from kgtest.runner.sut import Conversation, Message, Reply, Sampling, SutOptions


@dataclass(frozen=True, slots=True)
class PluginReply:
    """A reply with why it ended: ``stop``, or ``length`` when it was cut at a length limit."""

    text: str
    finish_reason: str = "stop"
    prompt_tokens: int | None = None
    """Tokens the bot's model was sent, when it says (the report's tokens and cost); None: unknown."""
    completion_tokens: int | None = None


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
    return PluginSut(chatter, spec, options.timeout_s)


class PluginSut:
    """Adapts a ``Chatter`` to the system-under-test interface."""

    def __init__(self, chatter: Chatter, spec: str, timeout_s: float = SutOptions().timeout_s) -> None:
        self.chatter = chatter
        self.spec = spec
        self.timeout_s = timeout_s
        self._worker: _Worker | None = None

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        for i, conversation in enumerate(conversations):
            yield i, cleaned(self._reply(conversation, sampling))

    def _reply(self, conversation: Conversation, sampling: Sampling) -> Reply:
        started = time.perf_counter()
        call = self._call([dict(m) for m in conversation])
        latency = time.perf_counter() - started
        if call is None:
            problem = f"timed out after {self.timeout_s:g} s: respond() did not return"
            return Reply.failed(self.spec, sampling, latency, problem, transient=True)
        if call.raised is not None:
            if not isinstance(call.raised, Exception):  # SystemExit and the like stop the run
                raise call.raised
            # the plug-in's failure is a finding, not ours
            return Reply.failed(self.spec, sampling, latency, f"{type(call.raised).__name__}: {call.raised}")
        said = call.said
        reply = PluginReply(said) if isinstance(said, str) else said
        if not isinstance(reply, PluginReply) or not isinstance(reply.text, str):
            # None or a dict is no answer, and str() would hide that
            return Reply.failed(
                self.spec, sampling, latency, f"not text: respond() returned {type(said).__name__}"
            )
        return Reply(
            text=reply.text,
            system=self.spec,
            sampling=sampling,
            latency_s=latency,
            prompt_tokens=reply.prompt_tokens,
            completion_tokens=reply.completion_tokens,
            finish_reason=reply.finish_reason,
        )

    def _call(self, conversation: list[Message]) -> _Call | None:
        """The finished call, or None when it ran past the timeout (its worker is then let go)."""
        if self._worker is None:
            self._worker = _Worker(self.chatter)
        call = _Call(conversation)
        self._worker.calls.put(call)
        if call.done.wait(min(self.timeout_s, threading.TIMEOUT_MAX)):
            return call
        self._worker.calls.put(None)  # it stops if the stuck call ever returns
        self._worker = None
        return None

    def close(self) -> None:
        if self._worker is not None:
            self._worker.calls.put(None)
            self._worker = None
        close = getattr(self.chatter, "close", None)
        if callable(close):
            close()


@dataclass(eq=False)
class _Call:
    conversation: list[Message]
    done: threading.Event = field(default_factory=threading.Event)
    said: object = None
    raised: BaseException | None = None


class _Worker:
    """One thread that calls the bot, one conversation at a time, until it is handed None."""

    def __init__(self, chatter: Chatter) -> None:
        self.calls: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        thread = threading.Thread(target=self._run, args=(chatter,), name="kgtest-plugin", daemon=True)
        thread.start()

    def _run(self, chatter: Chatter) -> None:
        while (call := self.calls.get()) is not None:
            try:
                call.said = chatter.respond(call.conversation)
            except BaseException as exc:  # handed to the asking thread, which decides
                call.raised = exc
            call.done.set()
