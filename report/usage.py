"""What asking each system took: reply latency (median, 95th percentile), tokens sent and generated,
and what they cost where ``[[sut]] price_in`` / ``price_out`` say (docs/report.md).

Every reply of the system under test in the report's runs counts once (by its cache key: a reply
two runs share is one reply); a partner system's lines are not the system's. A reply's latency is
as the runner measured it when it was first asked: for a local model that answers a batch at once,
each reply of the batch carries the batch's time. Tokens are as the system counted them; a
system that does not say (a plug-in, the know-nothing baselines) has none, and its cost is not
shown rather than shown as 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import median

from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.runner.sut import Reply
from kgtest.runner.transcript import SUT

PER = 1_000_000
"""Prices are per million tokens."""

Prices = Callable[[str], tuple[float | None, float | None]]
"""A system's name -> its price per million tokens sent and generated (None: not configured)."""


@dataclass(frozen=True, slots=True)
class Usage:
    """One system's replies in the report, and what they took."""

    system: str
    replies: int
    failed: int
    latency_median: float | None
    """Seconds, over the replies that came (a failed one is left out: a timeout is the limit, not the
    system)."""
    latency_p95: float | None
    tokens_in: int | None
    """Tokens sent, summed over the replies that say; None when none does."""
    tokens_out: int | None
    counted: int
    """Replies whose system said how many tokens they took."""
    cost: float | None
    """From the prices and the tokens; None without a price, or without token counts."""

    @property
    def all_counted(self) -> bool:
        return self.counted == self.replies


def usage_rows(judged: Sequence[RunVerdicts], prices: Prices) -> list[Usage]:
    """One row per system (by its name), in the order the systems first come up."""
    replies: dict[str, dict[str, Reply]] = {}
    for run in judged:
        mine = replies.setdefault(run.manifest.name, {})
        for _, transcript in run.pairs:
            for e in transcript.exchanges:
                if e.speaker == SUT:
                    mine.setdefault(e.key or f"{run.run_id}#{transcript.case_id}#{e.position}", e.reply)
    return [_usage(name, list(found.values()), prices(name)) for name, found in replies.items()]


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at least ``share`` of the values are at or under."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _usage(name: str, replies: list[Reply], price: tuple[float | None, float | None]) -> Usage:
    came = [r.latency_s for r in replies if r.ok]
    counted = [r for r in replies if r.prompt_tokens is not None or r.completion_tokens is not None]
    tokens_in = sum(r.prompt_tokens or 0 for r in counted) if counted else None
    tokens_out = sum(r.completion_tokens or 0 for r in counted) if counted else None
    cost = None
    price_in, price_out = price
    if counted and (price_in is not None or price_out is not None):
        cost = ((tokens_in or 0) * (price_in or 0.0) + (tokens_out or 0) * (price_out or 0.0)) / PER
    return Usage(
        system=name,
        replies=len(replies),
        failed=sum(not r.ok for r in replies),
        latency_median=median(came) if came else None,
        latency_p95=percentile(came, 0.95) if came else None,
        tokens_in=tokens_in,
        tokens_out=tokens_out,
        counted=len(counted),
        cost=cost,
    )
