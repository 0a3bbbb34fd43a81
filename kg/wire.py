"""How big a Bolt message is, so kgtest never sends one the server cannot take.

ArcadeDB's Bolt server refuses a message over 16 MiB once reassembled from its chunks
(``arcadedb.bolt.maxMessageSize``), and it refuses it half-read: it answers FAILURE, then reads
the rest of the message as if it were new chunk headers, and swallows the driver's RESET among
them. The driver waits for the answer to that RESET and the server waits for the end of a
message that never comes: both wait to read, for ever (a suite whose questions carry a 1 MB
label). Neo4j takes bigger messages, but the same bound costs it nothing, so the store measures
every message before sending it: batches of rows are cut to fit, and one value too big to fit
is refused with its size instead of being sent.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import orjson

MESSAGE_LIMIT = 15 * 2**20
"""Bytes of one Bolt message kgtest sends at most: ArcadeDB's 16 MiB, less room for the envelope."""


def packed_size(value: Any) -> int:
    """Bytes ``value`` takes in PackStream, the encoding Bolt sends parameters in."""
    if isinstance(value, str):
        n = len(value) if value.isascii() else len(value.encode("utf-8"))
        return _header(n) + n
    if value is None or isinstance(value, bool):
        return 1
    if isinstance(value, int):
        return _int_size(value)
    if isinstance(value, float):
        return 9
    if isinstance(value, Mapping):
        return _header(len(value)) + sum(packed_size(k) + packed_size(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return _header(len(value)) + sum(packed_size(v) for v in value)
    if isinstance(value, bytes | bytearray):
        return _header(len(value)) + len(value)
    return 64  # temporal and spatial values: small structures


def size_bound(value: Any, limit: int) -> int:
    """At least ``packed_size(value)``: 3x its JSON length when that is within ``limit``, else exact.

    PackStream never takes more than three times the JSON (a float is 9 bytes, ``0.5`` three),
    and orjson writes JSON some 20x faster than ``packed_size`` walks a value.
    """
    try:
        bound = 3 * len(orjson.dumps(value))
    except TypeError:  # a value JSON has no form for (a date, a non-string key)
        return packed_size(value)
    return bound if bound <= limit else packed_size(value)


def _header(n: int) -> int:
    """Marker and length of a string, list or map of ``n`` bytes or items."""
    return 1 if n < 16 else 2 if n < 2**8 else 3 if n < 2**16 else 5


def _int_size(n: int) -> int:
    if -16 <= n < 128:
        return 1
    if -(2**7) <= n < 2**7:
        return 2
    if -(2**15) <= n < 2**15:
        return 3
    return 5 if -(2**31) <= n < 2**31 else 9


def fitting_batches(rows: Sequence[Any], max_rows: int, budget: int) -> Iterator[list[Any]]:
    """``rows`` in order, cut into batches of at most ``max_rows`` rows and ``budget`` packed bytes.

    A row that alone exceeds the budget raises ``TooBig`` naming it and its largest value.
    """
    for start in range(0, len(rows), max_rows):
        chunk = list(rows[start : start + max_rows])
        if size_bound(chunk, budget) <= budget:
            yield chunk  # the common case: no row needs measuring
        else:
            yield from _cut(chunk, start, budget)


def _cut(rows: list[Any], first: int, budget: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    used = 0
    for index, row in enumerate(rows, first):
        size = packed_size(row) + 1  # the row's place in the list
        if size > budget:
            raise TooBig(_row_detail(index, row, size, budget))
        if batch and used + size > budget:
            yield batch
            batch, used = [], 0
        batch.append(row)
        used += size
    if batch:
        yield batch


class TooBig(ValueError):
    """A message that would exceed the limit, whatever the batching."""


def _row_detail(index: int, row: Any, size: int, budget: int) -> str:
    largest = max(row, key=lambda k: packed_size(row[k]), default=None) if isinstance(row, Mapping) else None
    what = f" (its largest value, {largest!r}, takes {mib(packed_size(row[largest]))})" if largest else ""
    return f"row {index} takes {mib(size)}{what}, over the {mib(budget)} one message may carry"


def mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB" if n >= 2**17 else f"{n:,} bytes"
