"""Big values and silent servers: every store call ends, with the data written or a clear error.

Each test carries its own time limit (pytest-timeout): before kgtest bounded its messages,
a write of more than 16 MiB waited for ever on the embedded ArcadeDB.
"""

from __future__ import annotations

import dataclasses
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgtest.core.errors import ConfigError, StoreError
from kgtest.kg.store import GraphStore
from kgtest.kg.wire import fitting_batches, packed_size, size_bound

MiB = 2**20


@pytest.mark.timeout(120)
def test_rows_bigger_together_than_one_message_are_written_in_several(store: GraphStore) -> None:
    rows = [{"n": i, "text": f"{i}" + "x" * (3 * MiB)} for i in range(8)]  # 24 MiB in all
    assert sum(store.write_rows("UNWIND $rows AS r CREATE (:Big {n: r.n, text: r.text})", rows)) == 8
    stored = store.query("MATCH (b:Big) RETURN b.n AS n, size(b.text) AS size ORDER BY n")
    assert stored == [{"n": i, "size": 3 * MiB + 1} for i in range(8)]


@pytest.mark.timeout(120)
def test_a_value_no_message_can_carry_is_refused_and_the_store_goes_on(store: GraphStore) -> None:
    with pytest.raises(StoreError, match=r"takes 20\.0 MiB .* over the 15\.0 MiB one message may carry"):
        list(store.write_rows("UNWIND $rows AS r CREATE (:Big {text: r.text})", [{"text": "x" * 20 * MiB}]))
    with pytest.raises(StoreError, match=r"\$text alone 20\.0 MiB.*nothing was sent"):
        store.query("CREATE (:Big {text: $text})", text="x" * 20 * MiB)
    assert store.query("MATCH (b:Big) RETURN count(b) AS n") == [{"n": 0}]


@pytest.mark.timeout(120)
def test_a_call_the_server_never_answers_is_cut_off_in_time(store: GraphStore) -> None:
    # Past ArcadeDB's own 16 MiB limit the server reads the rest of the message as garbage and
    # never answers: the hang the message bound prevents, provoked here to test the timeout.
    raw = GraphStore(store.endpoint, "embedded", timeout_s=3, message_limit=64 * MiB)
    try:
        started = time.monotonic()
        with pytest.raises(StoreError, match=r"did not answer within 3 s and was cut off .*timeout_s"):
            raw.query("UNWIND $rows AS r CREATE (:Big {text: r})", rows=["x" * (6 * MiB)] * 3)
        assert time.monotonic() - started < 30
        assert raw.query("RETURN 1 AS one") == [{"one": 1}], "the store works again after a cut-off"
    finally:
        raw.close()


_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=300),
    lambda inner: st.lists(inner, max_size=20) | st.dictionaries(st.text(max_size=20), inner, max_size=20),
    max_leaves=60,
)


@given(_VALUES)
def test_packed_size_is_what_the_driver_packs(value: object) -> None:
    from neo4j._codec.packstream.v1 import Packer  # the driver's own encoder, as reference

    class Buffer(bytearray):
        def write(self, data: bytes) -> None:
            self.extend(data)

    out = Buffer()
    Packer(out).pack(value)  # type: ignore[arg-type]
    assert packed_size(value) == len(out)
    assert size_bound(value, 1 << 40) >= len(out)


@given(st.lists(st.text(max_size=40), max_size=60), st.integers(1, 7), st.integers(200, 600))
def test_batches_keep_order_within_rows_and_bytes(rows: list[str], max_rows: int, budget: int) -> None:
    batches = list(fitting_batches(rows, max_rows, budget))
    assert [r for b in batches for r in b] == rows
    for batch in batches:
        assert 1 <= len(batch) <= max_rows
        assert packed_size(batch) <= budget


def test_a_database_the_server_lacks_is_a_setting_to_change(store: GraphStore) -> None:
    # `[store] database` mistyped: every command failed with 'neo4j refused a query
    # (...DatabaseNotFound)' and the first query it happened to run, naming no setting.
    wrong = GraphStore(dataclasses.replace(store.endpoint, database="nope"), engine="neo4j")
    try:
        with pytest.raises(ConfigError, match=r"has no database 'nope' .*set \[store\] database"):
            wrong.query("RETURN 1 AS one")
    finally:
        wrong.close()
    assert store.query("RETURN 1 AS one") == [{"one": 1}]
