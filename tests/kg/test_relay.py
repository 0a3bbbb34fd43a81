"""Statements relayed to the lingering server (kg/relay.py): what JSON carries exactly goes that
way and comes back as Bolt would give it, errors included; anything else goes over Bolt.

tests/kg/test_store_contract.py runs the store's whole contract through the relay too
(``any_store``'s ``relayed``), and tests/kg/test_linger.py a command that uses it.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from kgtest.core.errors import ConfigError, StoreError, StoreUnavailableError
from kgtest.kg.embedded import BoltEndpoint
from kgtest.kg.relay import RelayClient, plain, serve_relay
from kgtest.kg.store import GraphStore

PASSWORD = "s3cret"


class FakeStore:
    """Answers from a table, records what it was asked; ``block`` holds every call until set."""

    def __init__(self, rows: Any = None, raises: Exception | None = None) -> None:
        self.rows = [{"n": 1}] if rows is None else rows
        self.raises = raises
        self.asked: list[tuple[str, dict[str, Any]]] = []
        self.block: threading.Event | None = None

    def query(self, cypher: str, **params: Any) -> Any:
        self.asked.append((cypher, params))
        if self.block is not None:
            self.block.wait(10)
        if self.raises is not None:
            raise self.raises
        return self.rows


def relay_to(fake: FakeStore, password: str = PASSWORD) -> RelayClient:
    port = serve_relay(fake, PASSWORD.encode())  # type: ignore[arg-type]
    return RelayClient(port, password, "bolt://127.0.0.1:1")


def test_rows_and_parameters_cross_unchanged() -> None:
    rows = [
        {"s": "é\n'", "i": -(2**63), "f": 0.1, "b": True, "none": None, "l": [1, [2.5, "x"]], "m": {"k": []}}
    ]
    fake = FakeStore(rows)
    relay = relay_to(fake)
    assert relay.connect()
    params = {"rows": rows, "suite": "s"}
    assert relay.query("RETURN 1", params) == rows
    assert fake.asked == [("RETURN 1", params)]
    assert type(fake.asked[0][1]["rows"][0]["f"]) is float and type(fake.asked[0][1]["rows"][0]["i"]) is int
    relay.close()


@pytest.mark.parametrize(
    "value",
    [(1, 2), {1: "a"}, b"x", 2**63, {"nested": [{"t": (1,)}]}, {"k", "v"}],
)
def test_what_json_would_change_is_left_to_bolt(value: object) -> None:
    fake = FakeStore()
    relay = relay_to(fake)
    assert relay.connect()
    assert not plain(value)
    assert relay.query("RETURN $x AS x", {"x": value}) is None, "Bolt carries it"
    assert fake.asked == [], "nothing was sent"


@pytest.mark.parametrize(
    "error", [StoreError("refused (Neo.X)"), StoreUnavailableError("lost"), ConfigError("cfg")]
)
def test_the_servers_error_is_raised_as_bolt_would_raise_it(error: Exception) -> None:
    relay = relay_to(FakeStore(raises=error))
    assert relay.connect()
    with pytest.raises(type(error)) as raised:
        relay.query("RETURN 1", {})
    assert type(raised.value) is type(error) and str(raised.value) == str(error)


def test_a_result_json_would_change_is_an_error_not_a_changed_value() -> None:
    relay = relay_to(FakeStore(rows=[{"r": ("a", "KNOWS", "b")}]))
    assert relay.connect()
    with pytest.raises(StoreError, match="JSON does not carry"):
        relay.query("MATCH ()-[r]->() RETURN r", {})


def test_a_wrong_password_gets_no_relay() -> None:
    fake = FakeStore()
    assert not relay_to(fake, password="guess").connect()
    assert fake.asked == []


def test_no_relay_listening_means_none() -> None:
    relay = RelayClient(1, PASSWORD, "bolt://127.0.0.1:1")  # port 1: nothing listens
    assert not relay.connect()


def test_a_late_call_is_cut_off_by_the_stores_watchdog_and_the_next_connects_again() -> None:
    fake = FakeStore()
    fake.block = threading.Event()
    endpoint = BoltEndpoint("bolt://127.0.0.1:1", "root", PASSWORD, "db")  # no Bolt server at all
    store = GraphStore(endpoint, engine="embedded", timeout_s=0.5, relay=relay_to(fake))
    assert store.relayed
    try:
        with pytest.raises(StoreError, match=r"did not answer within 0\.5 s"):
            store.query("MATCH (n) RETURN n.slow AS n")
        fake.block.set()
        fake.block = None
        assert store.query("RETURN 1 AS n") == [{"n": 1}]
    finally:
        store.close()


def test_a_server_gone_is_a_lost_database() -> None:
    fake = FakeStore()
    relay = relay_to(fake)
    assert relay.connect()
    relay.cut_off()  # as if the server's end closed
    with pytest.raises(StoreUnavailableError, match="lost the graph database"):
        relay.query("RETURN 1", {})


def test_a_relayed_store_sends_other_values_over_bolt(_relayed_store: GraphStore) -> None:
    assert _relayed_store.query("RETURN $x AS x", x=(1, 2)) == [{"x": [1, 2]}]
    assert _relayed_store.query("RETURN $x AS x", x=[1, 2]) == [{"x": [1, 2]}]


def test_asks_are_answered_beside_statements_and_an_unknown_one_is_refused() -> None:
    import datetime

    fake = FakeStore()
    when = datetime.datetime(2026, 11, 26, 4, 0)
    port = serve_relay(fake, PASSWORD.encode(), {"builds": lambda: {"at": when}})  # type: ignore[arg-type]
    relay = RelayClient(port, PASSWORD, "bolt://127.0.0.1:1", timeout_s=10.0)
    assert relay.connect()
    assert relay.ask("builds") == {"at": str(when)}  # a date crosses as its text
    assert relay.query("RETURN 1", {}) == [{"n": 1}]  # statements on the same connection
    with pytest.raises(StoreError, match="no answer to 'nothing'"):
        relay.ask("nothing")
    assert fake.asked == [("RETURN 1", {})]
    relay.close()
