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

Whatever a plug-in raises or returns is a failed reply, never kgtest's own failure (issue 42): a
``KeyboardInterrupt`` or ``sys.exit`` inside ``respond``, an exception whose ``__str__`` raises, a
``str`` subclass whose ``len()`` raises. The worker thread reads the answer into plain ``str``
values and the exception into its text, so none of the plug-in's code runs in the asking thread
(where a Ctrl-C of the user's is told apart from the plug-in's). ``close()`` runs on a thread of
its own within the timeout; what it raises stops the command with exit 6, naming it, as does
whatever the module raises as it is imported (a SyntaxError, its own ``sys.exit``).
"""

from __future__ import annotations

import importlib
import os
import queue
import re
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable
from urllib.parse import quote_plus, urlencode

from kgtest.core.errors import ConfigError, RunnerError, SutUnavailableError
from kgtest.runner.plugin_streams import as_plugin
from kgtest.runner.reply_check import cleaned, mask, secret_pieces
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
    arguments, secrets = _arguments(spec, params)
    pieces = secret_pieces(secrets)
    try:
        with as_plugin():
            module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(
            f"--sut {spec!r}: cannot import {module_name!r} ({exc}); install it or add it to PYTHONPATH"
        ) from exc
    except (Exception, SystemExit) as exc:  # the plug-in's own code failed as it was imported
        problem = mask(described(exc), pieces)
        raise SutUnavailableError(f"--sut {spec!r}: importing {module_name} raised {problem}") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise ConfigError(f"--sut {spec!r}: {module_name} has no {class_name!r}")
    try:
        with as_plugin():
            chatter = cls(**arguments)
    except TypeError as exc:
        problem = mask(str(exc), pieces)
        raise ConfigError(f"--sut {spec!r}: {class_name}({', '.join(arguments)}) failed: {problem}") from None
    except (Exception, SystemExit) as exc:  # the plug-in's own failure to start
        problem = mask(described(exc), pieces)
        raise SutUnavailableError(f"--sut {spec!r}: {class_name}() raised {problem}") from None
    if not isinstance(chatter, Chatter):
        raise ConfigError(f"--sut {spec!r}: {class_name} has no respond(conversation) method")
    return PluginSut(chatter, spec, options.timeout_s, secrets)


_SECRET_NAME = re.compile(
    r"(?:^|_)(?:api_?key|key|token|secret|password|passwd|pwd|credentials?|auth)(?:$|_)", re.IGNORECASE
)
ENV_SUFFIX = "_env"


def _arguments(spec: str, params: dict[str, str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """The constructor's keyword arguments, and the secrets among them. A spec is written to
    run.json, the replies and the cache and shown on the terminal, so a secret never rides in it:
    ``NAME_env=VAR`` passes ``NAME`` the value of the environment variable ``VAR``, and a parameter
    whose name says it holds a secret (``token``, ``api_key``, ``password`` ...) is refused."""
    arguments, secrets = {}, []
    for name, value in params.items():
        if name.endswith(ENV_SUFFIX) and len(name) > len(ENV_SUFFIX):
            if value not in os.environ:
                raise ConfigError(f"--sut {spec!r}: {name}={value}, but the environment has no {value}")
            arguments[name.removesuffix(ENV_SUFFIX)] = os.environ[value]
            secrets.append(os.environ[value])
        elif _SECRET_NAME.search(name):
            shown = spec.replace(f"{name}={quote_plus(value)}", f"{name}=***")
            raise ConfigError(
                f"--sut {shown!r}: {name!r} would be written in clear to run.json, the replies and "
                f"the cache; export it and pass its variable's name instead: ?{name}{ENV_SUFFIX}=MY_VAR"
            )
        else:
            arguments[name] = value
    return arguments, tuple(s for s in secrets if s)


class PluginSut:
    """Adapts a ``Chatter`` to the system-under-test interface."""

    def __init__(
        self,
        chatter: Chatter,
        spec: str,
        timeout_s: float = SutOptions().timeout_s,
        secrets: Sequence[str] = (),
    ) -> None:
        self.chatter = chatter
        self.spec = spec
        self.timeout_s = timeout_s
        self._secret_pieces = secret_pieces(secrets)
        """Of the values passed from the environment (``NAME_env``), made once: starred wherever a
        reply shows them."""
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
        if call.problem:  # the plug-in's failure is a finding, not ours, whatever it raised
            return Reply.failed(self.spec, sampling, latency, mask(call.problem, self._secret_pieces))
        return Reply(
            text=mask(call.text, self._secret_pieces),
            system=self.spec,
            sampling=sampling,
            latency_s=latency,
            prompt_tokens=call.prompt_tokens,
            completion_tokens=call.completion_tokens,
            finish_reason=call.finish_reason,
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
        """The bot's ``close()``, if it has one, on a thread of its own within the timeout; whatever it
        raises is a RunnerError (exit 6) that says so."""
        if self._worker is not None:
            self._worker.calls.put(None)
            self._worker = None
        problem: list[str] = []
        done = threading.Event()

        def close() -> None:
            try:
                with as_plugin():
                    method = getattr(self.chatter, "close", None)
                    if callable(method):
                        method()
            except BaseException as exc:  # a plug-in's failure, whatever it is, is reported
                problem.append(described(exc))
            done.set()

        threading.Thread(target=close, name="kgtest-plugin-close", daemon=True).start()
        if not done.wait(min(self.timeout_s, threading.TIMEOUT_MAX)):
            problem.append(f"did not return within {self.timeout_s:g} s")
        if problem:
            raise RunnerError(f"the system under test {self.spec}: close() {problem[0]}")


@dataclass(eq=False)
class _Call:
    """One call of ``respond``; the worker reads what it returned into plain text (or a problem)."""

    conversation: list[Message]
    done: threading.Event = field(default_factory=threading.Event)
    text: str = ""
    finish_reason: str = ""
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    problem: str = ""
    """Why the call gave no reply; empty when it did."""

    def read(self, said: object) -> None:
        """``respond``'s answer as plain ``str`` values: nothing of the plug-in's runs after this."""
        reply = PluginReply(str.__str__(said)) if isinstance(said, str) else said
        if not isinstance(reply, PluginReply) or not isinstance(reply.text, str):
            # None or a dict is no answer, and str() would hide that
            self.problem = f"not text: respond() returned {_name(said)}"
            return
        finish: object = reply.finish_reason
        if finish is not None and not isinstance(finish, str):
            self.problem = f"bad finish_reason: expected text, got {_name(finish)}"
            return
        counts: list[int | None] = []
        for name in ("prompt_tokens", "completion_tokens"):
            count: object = getattr(reply, name)
            if count is not None and type(count) is not int:  # a bool or an int's subclass is no count
                self.problem = f"bad {name}: expected a whole number, got {_name(count)}"
                return
            counts.append(count)
        self.text = str.__str__(reply.text)
        self.finish_reason = "" if finish is None else str.__str__(finish)
        self.prompt_tokens, self.completion_tokens = counts


def described(exc: BaseException) -> str:
    """``Type: message`` of an exception, whatever its ``__str__`` does."""
    try:
        text = str(exc)
    except BaseException:  # an exception that cannot say what it is still happened
        text = "(its message cannot be shown)"
    return f"{_name(exc)}: {text}" if text else _name(exc)


def _name(value: object) -> str:
    """The name of a value's type; a number's value too (``int 5``)."""
    kind = type.__dict__["__name__"].__get__(type(value))
    shown = ""
    if type(value) in (int, float, bool):
        shown = repr(value)[:40]
    return f"{kind} {shown}".strip()


class _Worker:
    """One thread that calls the bot, one conversation at a time, until it is handed None."""

    def __init__(self, chatter: Chatter) -> None:
        self.calls: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        thread = threading.Thread(target=self._run, args=(chatter,), name="kgtest-plugin", daemon=True)
        thread.start()

    def _run(self, chatter: Chatter) -> None:
        with as_plugin():  # this thread runs the plug-in's code only
            while (call := self.calls.get()) is not None:
                try:
                    call.read(chatter.respond(call.conversation))
                except BaseException as exc:  # KeyboardInterrupt, SystemExit, a len() that raises
                    call.problem = _raised(exc)
                finally:
                    call.done.set()


def _raised(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"respond() called sys.exit({_shown(exc.code)}): a system must return replies, never exit"
    return described(exc)


def _shown(value: object) -> str:
    try:
        return repr(value)[:80] if type(value) in (int, str, type(None)) else _name(value)
    except BaseException:
        return _name(value)
