"""The graph store: the one small interface the rest of kgtest talks to.

It is implemented once, on the official ``neo4j`` Bolt driver, so the embedded default
(ArcadeDB, see kg/embedded.py) and a user's Neo4j run the same code and the same Cypher.
Cypher is kept to the subset both engines run (docs/cypher-subset.md); every value goes in
as a parameter, never spliced into the query text. The one exception is bulk creation of
entities and facts when the embedded database runs in this process (kg/bulk.py).

Every call is bounded twice: no message bigger than the server takes is sent (kg/wire.py says
why that hangs ArcadeDB), and a call the server does not answer within ``timeout_s`` is cut off
and fails with the query it was running (kg/watchdog.py).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from kgtest.core.errors import ConfigError, StoreError, StoreUnavailableError
from kgtest.core.settings import Settings
from kgtest.kg.embedded import BoltEndpoint, EmbeddedServer
from kgtest.kg.kb_stamp import closing_builds, write_stamp
from kgtest.kg.linger import dismiss, joined, relay_of
from kgtest.kg.relay import RelayClient
from kgtest.kg.signals import held_signals
from kgtest.kg.watchdog import Armed, Watchdog
from kgtest.kg.wire import MESSAGE_LIMIT, TooBig, fitting_batches, mib, packed_size, size_bound

if TYPE_CHECKING:  # the driver takes 0.35 s to import: only a command that opens a store pays it
    import neo4j

Row = dict[str, Any]


class Transaction(Protocol):
    def run(self, cypher: str, **params: Any) -> list[Row]: ...


def _not_answered(why: str) -> str:
    """What to do when no Bolt server answered: a port that answers something else is the wrong
    port (Neo4j's Browser at 7474 is the usual one), which starting Neo4j would not mend."""
    if "looks like HTTP" in why or "handshake" in why:
        return (
            "Something listens on that port but does not speak Bolt: give Neo4j's Bolt port "
            "(7687 unless changed; 7474 is its Browser over HTTP)"
        )
    return "Start Neo4j (docker compose -f docker/compose.yaml up -d)"


class GraphStore:
    """Queries and batched writes against one database over Bolt."""

    def __init__(
        self,
        endpoint: BoltEndpoint,
        engine: str,
        local: EmbeddedServer | None = None,
        timeout_s: float = 300.0,
        message_limit: int = MESSAGE_LIMIT,
        relay: RelayClient | None = None,
        where: str = "",
    ) -> None:
        self.endpoint = endpoint
        self.engine = engine
        """``embedded`` or ``neo4j``: for messages only; no code path depends on it."""
        self.where = where or f"{engine} at {endpoint.uri}"
        """The database as a user knows it, for messages: the embedded one's port is a throw-away."""
        self.message_limit = message_limit
        """Bytes one message may carry (kg/wire.py); bigger batches are cut, bigger values refused."""
        self._local = local
        self._watchdog = Watchdog(timeout_s, self._cut_off)
        try:  # bounded: the relay's server proves itself within seconds (kg/identity.py)
            self._relay = relay if relay is not None and relay.connect() else None
        except BaseException:
            self._watchdog.close()
            raise
        self._driver: neo4j.Driver | None = None
        if self._relay is None:
            self._driver = self._connect()

    def _connect(self) -> neo4j.Driver:
        """A driver whose server answered; the driver is imported here, by the first call that needs it."""
        from neo4j import exceptions as neo_exc

        endpoint = self.endpoint
        driver = self._new_driver()
        try:
            with self._watchdog.armed() as call, self._timeout(call, "connecting"):
                driver.verify_connectivity()
        except neo_exc.AuthError as exc:
            driver.close()
            self.close()
            raise ConfigError(
                f"{endpoint.uri} refused the credentials of user {endpoint.user!r}; "
                "set NEO4J_USER and NEO4J_PASSWORD"
            ) from exc
        except (neo_exc.ServiceUnavailable, OSError, ValueError) as exc:
            driver.close()
            self.close()
            raise StoreUnavailableError(
                f"no graph database answers at {endpoint.uri}: {exc}. {_not_answered(str(exc))}, or give "
                "no --store-uri ([store] uri, KGTEST_STORE_URI and NEO4J_URI unset) to use the embedded one"
            ) from exc
        return driver

    def _bolt(self) -> neo4j.Driver:
        if self._driver is None:
            self._driver = self._connect()
        return self._driver

    @property
    def relayed(self) -> bool:
        """Whether statements go through the lingering server's relay (kg/relay.py), not Bolt."""
        return self._relay is not None

    @property
    def timeout_s(self) -> float:
        return self._watchdog.timeout_s

    @property
    def uri(self) -> str:
        return self.endpoint.uri

    def local_database(self) -> Any | None:
        """The embedded database object when its server runs in this process (for kg/bulk.py)."""
        return None if self._local is None else self._local.database()

    def query(self, cypher: str, **params: Any) -> list[Row]:
        """Run one statement in its own transaction and return its rows as dicts."""
        self._check_size(cypher, params)
        if self._relay is not None:
            with held_signals(), self._watchdog.armed() as call, self._timeout(call, cypher):
                rows = self._relay.query(cypher, params)
            if rows is not None:
                return rows
        with (
            held_signals(),
            self._watchdog.armed() as call,
            self._timeout(call, cypher),
            self._errors(cypher),
        ):
            records, _, _ = self._bolt().execute_query(
                cypher, parameters_=params, database_=self.endpoint.database
            )
        return [record.data() for record in records]

    def stream(self, cypher: str, **params: Any) -> Iterator[Row]:
        """Rows of a large read, fetched from the server in chunks as they are consumed.

        The timeout applies to the wait for each row, not to the whole read.
        """
        self._check_size(cypher, params)
        with (
            self._watchdog.armed() as call,
            self._timeout(call, cypher),
            self._bolt().session(database=self.endpoint.database, fetch_size=5_000) as session,
            self._errors(cypher),
        ):
            for record in session.run(cypher, params):
                call.progress()
                yield record.data()

    def batches(self, rows: Sequence[Any], batch_size: int, cypher: str = "") -> Iterator[list[Any]]:
        """``rows`` cut into batches of at most ``batch_size`` rows that each fit one message."""
        budget = self.message_limit - len(cypher.encode("utf-8")) - 1024  # the statement and envelope
        try:
            yield from fitting_batches(rows, batch_size, budget)
        except TooBig as exc:
            raise StoreError(f"{self._refusal(cypher)}: {exc}") from None

    def write_rows(
        self, cypher: str, rows: Sequence[Any], batch_size: int = 10_000, **params: Any
    ) -> Iterator[int]:
        """Run ``cypher`` (which reads ``$rows``) once per batch, each batch one transaction.

        Batches hold at most ``batch_size`` rows and fit one message. Yields the number of rows
        committed after each batch so callers can show progress.
        """
        for batch in self.batches(rows, batch_size, cypher):
            self.query(cypher, rows=batch, **params)
            yield len(batch)

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """An explicit transaction: committed on success, rolled back on any exception."""
        with (
            self._watchdog.armed() as call,
            self._timeout(call, "a transaction"),
            self._bolt().session(database=self.endpoint.database) as session,
        ):
            tx = session.begin_transaction()
            try:
                yield _Tx(tx, self, call)
                tx.commit()
            except BaseException:
                if not tx.closed() and not call.expired:
                    tx.rollback()
                raise

    def close(self) -> None:
        self._watchdog.close()
        if self._relay is not None:
            self._relay.close()
        if self._driver is not None:
            self._driver.close()

    def _new_driver(self) -> neo4j.Driver:
        import neo4j

        e = self.endpoint
        return neo4j.GraphDatabase.driver(e.uri, auth=(e.user, e.password))

    def _cut_off(self) -> None:
        """A call passed its deadline: a fresh driver for the calls to come, the stuck one closed.

        Closing the driver's connections ends the blocked read; in its own thread because
        closing says goodbye to a server that may not read it either.
        """
        if self._relay is not None:
            self._relay.cut_off()
        if self._driver is not None:
            stuck, self._driver = self._driver, self._new_driver()
            threading.Thread(target=stuck.close, name="kgtest-store-cut-off", daemon=True).start()

    @contextmanager
    def _timeout(self, call: Armed, what: str) -> Iterator[None]:
        try:
            yield
        except Exception as exc:
            if not call.expired:
                raise
            short = " ".join(what.split())[:160]
            raise StoreError(
                f"{self.where} did not answer within {self.timeout_s:g} s and was cut off "
                f"({short}). If the database is only slow, raise timeout_s under [store] in kgtest.toml"
            ) from exc

    def _check_size(self, cypher: str, params: Mapping[str, Any]) -> None:
        size = packed_size(cypher) + size_bound(params, self.message_limit)
        if size > self.message_limit:
            largest = max(params, key=lambda k: packed_size(params[k]), default="")
            raise StoreError(
                f"{self._refusal(cypher)}: its parameters take {mib(size)} (${largest} alone "
                f"{mib(packed_size(params[largest]))}), over the {mib(self.message_limit)} one message "
                "may carry; nothing was sent"
            )

    def _refusal(self, cypher: str) -> str:
        return f"kgtest will not send this query to {self.engine} ({' '.join(cypher.split())[:80]})"

    @contextmanager
    def _errors(self, cypher: str) -> Iterator[None]:
        from neo4j import exceptions as neo_exc

        try:
            yield
        except BufferError as exc:
            # A signal handler (kg/embedded.py) raised in the middle of the driver's read; the
            # driver's clean-up then trips over its half-filled buffer. The signal is what happened.
            cause: BaseException | None = exc
            while cause is not None and not isinstance(cause, SystemExit | KeyboardInterrupt):
                cause = cause.__context__
            if cause is None:
                raise
            raise cause from None
        except neo_exc.ServiceUnavailable as exc:
            raise StoreUnavailableError(f"lost the graph database ({self.where}): {exc}") from exc
        except neo_exc.Neo4jError as exc:
            if exc.code == "Neo.ClientError.Database.DatabaseNotFound":  # a setting, not a query, is wrong
                raise ConfigError(
                    f"{self.where} has no database {self.endpoint.database!r} ({exc.message}); set [store] "
                    "database (KGTEST_STORE_DATABASE or NEO4J_DATABASE) to one it has, 'neo4j' by default"
                ) from exc
            short = " ".join(cypher.split())[:160]
            raise StoreError(
                f"{self.engine} refused a query ({exc.code}): {exc.message}\n  query: {short}"
            ) from exc


class _Tx:
    def __init__(self, tx: neo4j.Transaction, store: GraphStore, call: Armed) -> None:
        self._tx, self._store, self._call = tx, store, call

    def run(self, cypher: str, **params: Any) -> list[Row]:
        self._store._check_size(cypher, params)
        self._call.progress()
        with held_signals(), self._store._errors(cypher):
            return [record.data() for record in self._tx.run(cypher, params)]


@contextmanager
def open_store(settings: Settings, shared: bool = False) -> Iterator[GraphStore]:
    """The store the settings name: the user's Neo4j, or the workspace's embedded database.

    ``shared``: the command only queries and writes over Bolt, so a server that lingers
    between commands may serve it (kg/linger.py). Otherwise, or with ``linger_s = 0``, the
    embedded database runs in this process (``build-kb`` writes through its own API), and a
    lingering server is stopped first: it could stop under a command that does not hold it.
    """
    if not settings.store.embedded:
        s = settings.store
        endpoint = BoltEndpoint(s.uri, s.user, s.password, s.database)
        store = GraphStore(endpoint, engine="neo4j", timeout_s=s.timeout_s)
        try:
            yield store
        finally:
            store.close()
        return
    where = f"the embedded database in {settings.paths.db}"
    if shared and settings.store.linger_s > 0:
        with joined(settings.paths.db, settings.store.linger_s, settings.store.embedded_port) as served:
            endpoint = served[0]
            relay = relay_of(settings.paths.db, served)  # no Bolt driver to import (kg/relay.py)
            store = GraphStore(
                endpoint, engine="embedded", timeout_s=settings.store.timeout_s, relay=relay, where=where
            )
            try:
                yield store
                _check_folder(settings)
            finally:
                store.close()
        return
    # this process runs the database itself (or connects to `db serve`)
    dismiss(settings.paths.db, settings.store.timeout_s)
    server = EmbeddedServer(settings.paths.db, settings.store.embedded_port)
    endpoint = server.start()
    owned = server.database() is not None  # started here, not served by another process
    builds: list[Row] | None = None  # the KB's, stamped once the server stops (kg/kb_stamp.py)
    try:
        store = GraphStore(
            endpoint, engine="embedded", local=server, timeout_s=settings.store.timeout_s, where=where
        )
        try:
            yield store
            _check_folder(settings)
            builds = closing_builds(store) if owned else None
        finally:
            store.close()
    finally:
        server.stop()
        if owned:
            write_stamp(settings.paths, builds)


def _check_folder(settings: Settings) -> None:
    """The engine keeps writing to files it holds open, so a folder deleted under it looks like
    success: say that what this command wrote is gone."""
    if not settings.paths.db.is_dir():
        raise StoreError(
            f"the database folder {settings.paths.db} was deleted while kgtest was using it; "
            "what this command wrote to the graph store is lost: run it again (or with --no-graph)"
        )


def chunks(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
