"""The narrow interface every system under test sits behind, and the records that cross it.

A system takes conversations (chat messages, oldest first, ending with the question) and
gives back one ``Reply`` each. ``Sampling`` changes what a system answers, so it is part of
every reply and of the cache key; ``SutOptions`` only change how fast it answers, so they
are neither.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from kgtest.core.records import from_plain, to_plain
from kgtest.core.settings import DEFAULT_MAX_TOKENS, RunSettings

_RUN = RunSettings()
"""``[run]``'s defaults: the one place the system options' defaults are written."""

Message = dict[str, str]
"""``{"role": "system" | "user" | "assistant", "content": text}``, the OpenAI chat shape."""

Conversation = tuple[Message, ...]

STORE_LIMIT = 100_000
"""Characters of a reply the runner keeps (docs/runner.md): five times what the oracle reads,
far beyond any answer a max_tokens allows; a runaway or hostile server cannot fill the disk."""


@dataclass(frozen=True, slots=True)
class Sampling:
    """Generation settings that change the answer."""

    temperature: float = 0.0
    """0 means greedy decoding: the same question always gets the same answer."""
    max_tokens: int = DEFAULT_MAX_TOKENS
    seed: int = 0
    """Seeds sampling when temperature > 0."""


@dataclass(frozen=True, slots=True)
class SutOptions:
    """How to run or reach a system; never part of a cache key."""

    concurrency: int = _RUN.concurrency
    """Requests in flight at once (OpenAI-compatible servers)."""
    batch_size: int | None = _RUN.batch_size
    """Conversations per generate call (local models); halved on out-of-memory. None: the device's."""
    timeout_s: float = _RUN.timeout
    """Per request; a request that takes longer becomes a failed reply."""
    retries: int = _RUN.retries
    """Extra attempts after 429, 5xx or a refused connection."""


@dataclass(frozen=True, slots=True)
class Reply:
    """What a system answered to one conversation, and under which settings."""

    text: str
    system: str
    """The canonical spec of the system, e.g. ``hf:smollm2``."""
    sampling: Sampling
    latency_s: float
    """Wall time until this reply was ready; for a batch, the batch's time."""
    prompt_tokens: int | None = None
    """As counted by the system; None when it does not say."""
    completion_tokens: int | None = None
    finish_reason: str = ""
    """``stop`` (the model ended), ``length`` (max_tokens reached: the reply is cut short), another
    reason a server gives (``content_filter``), or empty for a failed reply."""

    @property
    def truncated(self) -> bool:
        """Generation stopped at max_tokens: what the reply says may end mid-sentence."""
        return self.finish_reason == "length"

    error: str | None = None
    """Why there is no answer (timeout, HTTP status, exception); ``text`` is then empty."""
    cut_from: int | None = None
    """The reply's length in characters when ``text`` keeps only its first ``STORE_LIMIT``."""
    transient: bool = False
    """A failure of the transport (no connection, a timeout, HTTP 5xx or 429), not an answer:
    never cached, so the next run asks again."""

    @property
    def ok(self) -> bool:
        return self.error is None

    def capped(self, limit: int) -> Reply:
        """This reply with at most ``limit`` characters of text, marked as cut when it had more."""
        if not isinstance(self.text, str) or len(self.text) <= limit:
            return self  # a text that is no string is for runner/reply_check.py to refuse
        return replace(self, text=self.text[:limit], cut_from=len(self.text))

    def to_dict(self) -> dict[str, Any]:
        return dict(to_plain(self))

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Reply:
        return from_plain(Reply, data)

    @staticmethod
    def failed(
        system: str, sampling: Sampling, latency_s: float, error: str, transient: bool = False
    ) -> Reply:
        return Reply(
            text="", system=system, sampling=sampling, latency_s=latency_s, error=error, transient=transient
        )


class SystemUnderTest(Protocol):
    """A chat system kgtest can question."""

    @property
    def spec(self) -> str:
        """Canonical spec naming what answers (for openai, the deployment: URLs included).

        Part of every cache key.
        """
        ...

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        """Yield ``(index into conversations, reply)`` as each is ready, in any order.

        A question the system fails on becomes a failed ``Reply``; only failures of the
        whole system (nothing answers, the key is refused) raise ``SutUnavailableError``.
        """
        ...

    def close(self) -> None:
        """Free the model or connections."""
        ...
