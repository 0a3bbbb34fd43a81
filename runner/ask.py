"""The one way any driver puts conversations to a system: through the reply cache, claimed, checked.

Every kind of case (a single question, a dialogue's rounds, a conversation's turns) reaches the
system here, so the hardening is written once:

* the cache answers what it knows; a question repeated anywhere in a run is asked once;
* what is left is *claimed* in the cache before it is asked, so two processes on one
  workspace never ask the same conversation twice: each takes the other's replies as they land;
* every reply is capped and checked (``checked``) before it is stored, so nothing the cache
  cannot hold, or a later stage cannot read, is ever written;
* a transport failure (no connection, timeout, HTTP 5xx) is never cached: the next run asks again;
* ``retry_failed`` asks again, once per run, what the cache holds as a failure.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from kgtest.core.errors import RunnerError
from kgtest.core.progress import Progress, no_progress
from kgtest.runner.cache import Prefix, ReplyCache, key_of, prefix_of
from kgtest.runner.reply_check import checked
from kgtest.runner.sut import Conversation, Reply, Sampling, SystemUnderTest


@dataclass(slots=True)
class Asker:
    """One system's questions in one run, and what asking them cost."""

    cache: ReplyCache
    sut: SystemUnderTest
    sampling: Sampling
    retry_failed: bool = False
    progress: Progress = no_progress
    asked: int = 0
    """Conversations sent to the system by this process (the rest came from the cache)."""
    tokens: int = 0
    """Completion tokens generated for this process."""
    since: float = field(default_factory=time.time)
    """Replies stored from this moment on are this run's (or a concurrent run's) own."""
    _fresh: set[str] = field(default_factory=set)
    """Keys answered during this run: never asked again by ``retry_failed``."""

    def ask(self, conversations: Sequence[Conversation], phase: str) -> list[tuple[str, Reply]]:
        """``(cache key, reply)`` for each conversation, in order."""
        return [(key, reply) for _, key, reply in self.ask_grown(conversations, phase)]

    def ask_grown(
        self, conversations: Sequence[Conversation], phase: str, bases: Sequence[Prefix] | None = None
    ) -> list[tuple[Prefix, str, Reply]]:
        """``(conversation's prefix, cache key, reply)`` for each conversation, in order.

        ``bases``: for each conversation, a prefix of it already keyed (what the driver sent it the
        turn before): only the messages after it are hashed and stored."""
        starts = bases if bases is not None else [Prefix()] * len(conversations)
        prefixes = [prefix_of(c, b) for c, b in zip(conversations, starts, strict=True)]
        keys = [key_of(self.sut.spec, self.sampling, p.key) for p in prefixes]
        unique = {k: (c, b) for k, c, b in zip(keys, conversations, starts, strict=True)}
        known = self.cache.get(unique)
        todo = [k for k in unique if k not in known or (self._retry(k) and not known[k].ok)]
        if todo:
            self._claim_and_ask(unique, todo, known, phase)
        return [(p, k, known[k]) for p, k in zip(prefixes, keys, strict=True)]

    def _retry(self, key: str) -> bool:
        return self.retry_failed and key not in self._fresh

    def _claim_and_ask(
        self,
        conversations: dict[str, tuple[Conversation, Prefix]],
        todo: list[str],
        known: dict[str, Reply],
        phase: str,
    ) -> None:
        """Ask what this run can claim, wait for what another run is asking."""
        done, pending = 0, list(todo)
        self.progress(phase, 0, len(todo))
        if hasattr(self.sut, "on_tokens") and self.progress is not no_progress:
            # A local model (runner/hf.py): a bar of its batch's tokens moves while replies do not.
            self.sut.on_tokens = partial(self.progress, "generating")
        while pending:
            mine = self.cache.claim(pending, self.since)
            batch = [k for k in pending if k in mine]
            try:
                for i, answer in _guarded(self.sut, [conversations[k][0] for k in batch], self.sampling):
                    reply = checked(answer)
                    if not reply.transient:  # a dropped connection or a 5xx says nothing about the question
                        conversation, base = conversations[batch[i]]
                        self.cache.put(batch[i], conversation, reply, base)
                    known[batch[i]] = reply
                    self._fresh.add(batch[i])
                    self.tokens += reply.completion_tokens or 0
                    done += 1
                    self.progress(phase, done, len(todo))
            finally:
                self.cache.release(batch)  # what was not answered, for another run to ask
            self.asked += len(batch)
            pending = [k for k in pending if k not in mine]
            if pending:  # another run is asking these: take its replies as they come
                fresh = self.cache.get(pending, since=self.since)
                known.update(fresh)
                self._fresh.update(fresh)
                pending = [k for k in pending if k not in fresh]
                done += len(fresh)
                self.progress(phase, done, len(todo))
                if pending and not batch:
                    time.sleep(0.2)


def _guarded(
    sut: SystemUnderTest, conversations: list[Conversation], sampling: Sampling
) -> Iterator[tuple[int, Reply]]:
    """The system's replies; a plug-in that calls ``sys.exit`` stops the run as a failure, not a success."""
    try:
        yield from sut.replies(conversations, sampling)
    except SystemExit as exc:
        if isinstance(exc.code, int) and exc.code >= 128:  # a signal, turned into an exit (kg/embedded.py)
            raise
        raise RunnerError(
            f"the system under test {sut.spec} called sys.exit({exc.code!r}) while answering; "
            "a system must return replies (or raise), never exit the process"
        ) from None
