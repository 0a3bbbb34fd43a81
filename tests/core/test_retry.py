"""Waiting before a retry: Retry-After in both forms, and a bounded, growing backoff."""

from __future__ import annotations

import email.utils
from datetime import UTC, datetime, timedelta

from kgtest.core.retry import backoff, retry_after


def test_retry_after_reads_seconds_and_http_dates() -> None:
    assert retry_after("7") == 7.0
    assert retry_after(" 0 ") == 0.0
    assert retry_after("9999", cap=30) == 30
    later = email.utils.format_datetime(datetime.now(UTC) + timedelta(seconds=20), usegmt=True)
    assert 15 <= (retry_after(later) or 0) <= 20
    earlier = email.utils.format_datetime(datetime.now(UTC) - timedelta(seconds=20), usegmt=True)
    assert retry_after(earlier) == 0.0
    assert retry_after("soon") is None and retry_after(None) is None and retry_after("") is None


def test_backoff_grows_with_jitter_and_stays_capped() -> None:
    waits = [backoff(n, base=1.0, cap=8.0) for n in range(8)]
    assert 0.75 <= waits[0] <= 1.25 and 3.0 <= waits[2] <= 5.0
    assert all(w <= 10.0 for w in waits) and max(waits) >= 6.0
