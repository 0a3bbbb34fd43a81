"""How long to wait before asking a busy server again: exponential backoff and Retry-After."""

from __future__ import annotations

import email.utils
import random
from datetime import UTC, datetime

MAX_WAIT_S = 60.0


def backoff(attempt: int, base: float = 0.5, cap: float = MAX_WAIT_S) -> float:
    """base, 2*base, 4*base ... up to ``cap``, with jitter so concurrent retries do not arrive together."""
    return float(min(cap, base * 2.0**attempt) * random.uniform(0.75, 1.25))


def retry_after(value: str | None, cap: float = MAX_WAIT_S) -> float | None:
    """A Retry-After header in seconds or as an HTTP date; None when absent or unreadable."""
    value = (value or "").strip()
    if not value:
        return None
    try:
        return min(cap, max(0.0, float(value)))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
        return min(cap, max(0.0, (when - datetime.now(UTC)).total_seconds()))
    except (TypeError, ValueError):
        return None
