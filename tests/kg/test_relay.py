"""Statements relayed to the lingering server (kg/relay.py): what JSON carries exactly goes that
way and comes back as Bolt would give it, errors included; anything else goes over Bolt.

tests/kg/test_store_contract.py runs the store's whole contract through the relay too
(``any_store``'s ``relayed``), and tests/kg/test_linger.py a command that uses it.
"""

from __future__ import annotations

import contextlib
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from kgtest.core.errors import ConfigError, StoreError, StoreUnavailableError
from kgtest.kg import relay as relay_module
from kgtest.kg.embedded import BoltEndpoint
from kgtest.kg.identity import Identity, NoAnswer
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


FOLDER = Path(tempfile.mkdtemp(prefix="kgtest-relay-"))
"""The database folder the test server claims to serve, and the test client checks it against."""


def identity(password: str = PASSWORD) -> Identity:
    return Identity(FOLDER, password.encode())


def relay_to(fake: FakeStore, password: str = PASSWORD) -> RelayClient:
    port = serve_relay(fake, identity(), {"pid": 1})  # type: ignore[arg-type]
    return RelayClient(port, identity(password), "bolt://127.0.0.1:1")


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
    relay = RelayClient(1, identity(), "bolt://127.0.0.1:1")  # port 1: nothing listens
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
    port = serve_relay(fake, identity(), {}, {"builds": lambda: {"at": when}})  # type: ignore[arg-type]
    relay = RelayClient(port, identity(), "bolt://127.0.0.1:1", timeout_s=10.0)
    assert relay.connect()
    assert relay.ask("builds") == {"at": str(when)}  # a date crosses as its text
    assert relay.query("RETURN 1", {}) == [{"n": 1}]  # statements on the same connection
    with pytest.raises(StoreError, match="no answer to 'nothing'"):
        relay.ask("nothing")
    assert fake.asked == [("RETURN 1", {})]
    relay.close()


def test_a_client_sends_its_password_only_to_a_server_that_proved_this_workspace() -> None:
    heard: list[bytes] = []
    listener = socket.create_server(("127.0.0.1", 0))

    def imposter() -> None:  # answers the challenge with a proof it cannot make
        conn, _ = listener.accept()
        with conn:
            heard.append(conn.recv(4096))
            conn.sendall(b'{"said": {"workspace": "/elsewhere"}, "proof": "00"}\n')
            conn.settimeout(1)
            with contextlib.suppress(OSError):
                heard.append(conn.recv(4096))

    threading.Thread(target=imposter, daemon=True).start()
    assert not RelayClient(listener.getsockname()[1], identity(), "bolt://127.0.0.1:1").connect()
    time.sleep(1.2)
    assert heard and heard[0].startswith(b"kgtest-who 1 ") and not any(PASSWORD.encode() in h for h in heard)
    # and a real server of another folder (a copied workspace's original) is refused the same way
    elsewhere = Identity(Path(tempfile.mkdtemp(prefix="kgtest-other-")), PASSWORD.encode())
    port = serve_relay(FakeStore(), elsewhere, {"pid": 1})  # type: ignore[arg-type]
    assert not RelayClient(port, identity(), "bolt://127.0.0.1:1").connect()


def test_a_server_that_takes_the_connection_and_says_nothing_fails_within_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(relay_module, "PROOF_S", 0.5)
    silent = socket.create_server(("127.0.0.1", 0))  # listens, never accepts: what SIGSTOP leaves
    started = time.monotonic()
    with pytest.raises(NoAnswer, match=f"port {silent.getsockname()[1]} .* did not answer within 0.5 s"):
        RelayClient(silent.getsockname()[1], identity(), "bolt://127.0.0.1:1").connect()
    assert time.monotonic() - started < 5
    silent.close()


def test_the_relay_bounds_its_sessions_and_ends_unauthenticated_and_idle_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(relay_module, "PROOF_S", 0.5)
    monkeypatch.setattr(relay_module, "IDLE_S", 1.0)
    port = serve_relay(FakeStore(), identity(), {"pid": 1})  # type: ignore[arg-type]
    before = threading.active_count()
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(3 * relay_module.MAX_SESSIONS)]
    time.sleep(0.3)
    assert threading.active_count() - before <= relay_module.MAX_SESSIONS  # 3,000 made 3,050 threads
    time.sleep(1.0)  # past PROOF_S: the connections that never proved anything are closed
    assert threading.active_count() <= before
    for conn in idle:
        conn.settimeout(2)
        assert conn.recv(1) == b"", "closed by the server"
        conn.close()
    client = RelayClient(port, identity(), "bolt://127.0.0.1:1")
    assert client.connect() and client.query("RETURN 1", {}) == [{"n": 1}]
    time.sleep(1.5)  # idle past IDLE_S: the server ended the session and its thread
    assert threading.active_count() <= before
    assert client.query("RETURN 1", {}) == [{"n": 1}], "the client connects again by itself"
    client.close()
