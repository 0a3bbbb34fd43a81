"""Statements relayed to the lingering server (kg/linger.py) over a plain socket.

A command that wrote the graph through the lingering server paid more for importing the Bolt
driver (0.35-0.45 s of CPU: its calendar tables, numpy) than for what it wrote (``gen`` of a
suite stored already: two queries). The server has the driver loaded and connected, so it runs
each statement for the command: a JSON line in, the rows or the error out, on a port announced
in ``server.json`` and opened with the workspace's password, as Bolt is. Only what JSON carries
exactly takes this way; a parameter of another type, a stream or a transaction goes over Bolt,
the driver imported on that first use (kg/store.py).

A session opens with the server's proof (kg/identity.py): the command sends a nonce, the server
answers with what it serves, signed with the workspace's secret, and only a command that found
its own folder there sends the password. Every wait has a deadline (issue 42: a server stopped
with SIGSTOP made ``kb stats`` wait 420 s for the greeting, holding the lock ``db stop`` needed):
the command gives the proof ``PROOF_S`` and fails naming the port after that; the server gives a
session ``PROOF_S`` to prove and authenticate and ends one idle for ``IDLE_S`` (the command
connects again, before the server would, when it comes back after half of that), and it holds
at most ``MAX_SESSIONS`` at once (3,000 idle connections had made 3,050 threads): one more is
closed at once.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import socket
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, BinaryIO

from kgtest.core.errors import ConfigError, KgtestError, StoreError, StoreUnavailableError
from kgtest.kg.identity import PROOF_S, Identity, NoAnswer, challenge, nonce, read_challenge

if TYPE_CHECKING:
    from kgtest.kg.store import GraphStore

HELLO = b"kgtest-relay 2\n"
"""The server's answer to the password: a server that does not say it is not used."""
MAX_SESSIONS = 32
"""Sessions a server holds at once: commands of one workspace, each with one connection."""
IDLE_S = 600.0
"""A session that sends nothing for this long is closed, its thread released."""
_LINE = 16_384
_INT64 = (-(2**63), 2**63 - 1)
_SCALARS = (str, bool, float, type(None))


def plain(value: Any) -> bool:
    """Whether ``value`` crosses JSON unchanged: Bolt's own types, tuples, non-string keys do not."""
    kind = type(value)
    if kind in _SCALARS:
        return True
    if kind is int:
        return bool(_INT64[0] <= value <= _INT64[1])  # the driver refuses the rest: let it, over Bolt
    if kind is list:
        return all(plain(v) for v in value)
    if kind is dict:
        return all(type(k) is str and plain(v) for k, v in value.items())
    return False


class RelayClient:
    """One command's connection to the relay; ``query`` returns None where Bolt must carry it.

    ``timeout_s`` bounds each answer where no watchdog does (``ask`` outside a store); a
    store's calls are bounded by its watchdog (kg/watchdog.py). Opening is bounded by ``PROOF_S``.
    """

    def __init__(self, port: int, identity: Identity, uri: str, timeout_s: float | None = None) -> None:
        self._port, self._identity, self._uri = port, identity, uri
        self._timeout_s = timeout_s
        self._conn: socket.socket | None = None
        self._file: BinaryIO | None = None
        self._used = 0.0
        self._lock = threading.Lock()

    def connect(self) -> bool:
        """Open, check the server's proof, authenticate; False when no relay of this workspace answers
        (nothing listens, or what listens is not this workspace's). NoAnswer when it takes the
        connection and says nothing within ``PROOF_S``."""
        try:
            conn = socket.create_connection(("127.0.0.1", self._port), timeout=PROOF_S)
        except OSError:
            return False
        try:
            conn.settimeout(PROOF_S)
            file: BinaryIO = conn.makefile("rwb")  # type: ignore[assignment]
            asked = nonce()
            file.write(challenge(asked))
            file.flush()
            if self._identity.check(asked, file.readline(_LINE)) is None:
                conn.close()
                return False  # not this workspace's server: it gets no password
            file.write(self._identity.secret + b"\n")
            file.flush()
            if file.readline(len(HELLO) + 1) != HELLO:
                conn.close()
                return False
            conn.settimeout(self._timeout_s)
        except TimeoutError:
            conn.close()
            raise NoAnswer(
                f"the graph database's relay at port {self._port} ({self._uri}) did not answer within "
                f"{PROOF_S:g} s: its server is stopped or hung"
            ) from None
        except OSError:
            conn.close()
            return False
        self._conn, self._file, self._used = conn, file, time.monotonic()
        return True

    def query(self, cypher: str, params: dict[str, Any]) -> list[dict[str, Any]] | None:
        if not plain(params):
            return None
        rows: list[dict[str, Any]] = self._exchange({"cypher": cypher, "params": params})["rows"]
        return rows

    def ask(self, name: str) -> object:
        """The answer to one of the questions the server was given besides statements (``asks``)."""
        return self._exchange({"ask": name})["answer"]

    def _exchange(self, request: dict[str, Any]) -> dict[str, Any]:
        line = json.dumps(request).encode("utf-8") + b"\n"
        with self._lock:
            if self._file is not None and time.monotonic() - self._used > IDLE_S / 2:
                self._drop()  # the server ends idle sessions: a fresh one rather than a closed one
            if self._file is None and not self.connect():
                raise StoreUnavailableError(f"lost the graph database at {self._uri}: its relay is gone")
            assert self._file is not None
            try:
                self._file.write(line)
                self._file.flush()
                answer = self._file.readline()
            except OSError as exc:
                self._drop()
                raise StoreUnavailableError(f"lost the graph database at {self._uri}: {exc}") from exc
            if not answer.endswith(b"\n"):
                self._drop()
                raise StoreUnavailableError(f"lost the graph database at {self._uri}: the relay closed")
            self._used = time.monotonic()
        told: dict[str, Any] = json.loads(answer)
        if "error" in told:
            raise _error(str(told["error"]), str(told["message"]))
        return told

    def cut_off(self) -> None:
        """A call passed its deadline: end its wait; the next call connects again."""
        conn = self._conn
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        with self._lock:
            self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn = self._file = None


_RAISED = {e.__name__: e for e in (StoreError, StoreUnavailableError, ConfigError)}
"""What ``GraphStore.query`` raises; anything else the server meets comes back as a StoreError."""


def _error(name: str, message: str) -> KgtestError:
    """The server's exception as this process would have raised it over Bolt."""
    return _RAISED.get(name, StoreError)(message)


Asks = Mapping[str, Callable[[], object]]
"""Questions the server answers besides statements, by name (the lingering server's ``builds``)."""


def serve_relay(
    store: GraphStore, identity: Identity, state: Mapping[str, Any], asks: Asks | None = None
) -> int:
    """Run statements for the workspace's commands, and answer ``asks``, from threads of the
    server, at most ``MAX_SESSIONS`` at once; the port. ``state``: what the proof says the server
    is (kg/identity.py)."""
    listener = socket.create_server(("127.0.0.1", 0))
    slots = threading.BoundedSemaphore(MAX_SESSIONS)

    def accept() -> None:
        while True:
            conn, _ = listener.accept()
            if not slots.acquire(blocking=False):
                conn.close()  # full: one more idle connection must not cost a thread
                continue
            args = (store, conn, identity, state, asks or {}, slots)
            threading.Thread(target=_session, args=args, name="kgtest-relay-session", daemon=True).start()

    threading.Thread(target=accept, name="kgtest-relay", daemon=True).start()
    return int(listener.getsockname()[1])


def _session(
    store: GraphStore,
    conn: socket.socket,
    identity: Identity,
    state: Mapping[str, Any],
    asks: Asks,
    slots: threading.BoundedSemaphore,
) -> None:
    try:
        with conn, conn.makefile("rwb") as file:
            conn.settimeout(PROOF_S)  # the challenge and the password come at once, or never
            asked = read_challenge(file.readline(1024))
            if asked is None:
                return
            file.write(identity.prove(asked, dict(state)))
            file.flush()
            if not hmac.compare_digest(file.readline(1024).strip(), identity.secret):
                return  # the workspace's password, as on Bolt
            file.write(HELLO)
            file.flush()
            conn.settimeout(IDLE_S)
            for line in file:  # an answer's dates (a build's) as text; rows are plain already
                file.write(json.dumps(_answer(store, asks, line), default=str).encode("utf-8") + b"\n")
                file.flush()
    except OSError:
        return  # the command went away, cut a late call off, or sat idle
    finally:
        slots.release()


def _answer(store: GraphStore, asks: Asks, line: bytes) -> dict[str, Any]:
    try:
        asked = json.loads(line)
        if "ask" in asked:
            question = asks.get(asked["ask"])
            if question is None:
                return {
                    "error": "StoreError",
                    "message": f"the lingering server has no answer to {asked['ask']!r}",
                }
            return {"answer": question()}
        rows = store.query(asked["cypher"], **asked["params"])
    except KgtestError as exc:
        return {"error": type(exc).__name__, "message": str(exc)}
    except Exception as exc:  # a bug here must reach the command, not end the session silently
        return {"error": "StoreError", "message": f"the lingering server failed to run a query: {exc!r}"}
    if not plain(rows):
        short = " ".join(str(asked["cypher"]).split())[:160]
        return {
            "error": "StoreError",
            "message": f"the rows of this query hold values JSON does not carry, so the lingering server "
            f"cannot relay them (set [store] linger_s = 0 to read them over Bolt)\n  query: {short}",
        }
    return {"rows": rows}
