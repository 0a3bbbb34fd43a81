"""core/pool.py's ordered map: items' order on worker processes, endless items, an early stop, a failure."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import pytest

from kgtest.core.pool import AHEAD, ordered_map


def _square(offset: int, item: int) -> tuple[int, int]:
    return item * item + offset, item


def _slow_first(_: int, item: int) -> int:
    if item == 0:
        time.sleep(0.5)  # finishes after the items behind it: order must not follow finishing
    return item


def _fail_at_three(_: int, item: int) -> int:
    if item == 3:
        raise ValueError(f"item {item} is refused")
    return item


def test_results_come_in_the_items_order_whatever_finished_first() -> None:
    items = list(range(40))
    assert list(ordered_map(int, _square, 1, items, 2)) == list(ordered_map(int, _square, 1, items, 1))
    assert list(ordered_map(int, _slow_first, 0, range(10), 2)) == list(range(10))


@pytest.mark.parametrize("workers", [1, 2])
def test_endless_items_are_read_only_as_far_as_results_are_taken(workers: int) -> None:
    read: list[int] = []

    def items() -> Iterator[int]:
        for i in itertools.count():
            read.append(i)
            yield i

    results = ordered_map(int, _square, 0, items(), workers)
    taken = list(itertools.islice(results, 5))
    results.close()
    assert taken == [(i * i, i) for i in range(5)]
    assert len(read) <= 5 + workers * AHEAD  # what was in flight when the consumer stopped


def test_a_failing_item_stops_the_map_with_its_error() -> None:
    results = ordered_map(int, _fail_at_three, 0, range(100), 2)
    assert list(itertools.islice(results, 3)) == [0, 1, 2]
    with pytest.raises(ValueError, match="item 3 is refused"):
        next(results)
    with pytest.raises(StopIteration):  # closed: nothing more comes, and no worker is left behind
        next(results)
