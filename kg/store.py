"""The graph store: the one small interface the rest of kgtest talks to.

It is implemented once, on the official ``neo4j`` Bolt driver, so the embedded default
(ArcadeDB, see kg/embedded.py) and a user's Neo4j run the same code and the same Cypher.
Cypher is kept to the subset both engines run (docs/cypher-subset.md); every value goes in
as a parameter, never spliced into the query text. The one exception is bulk creation of
entities and facts when the embedded database runs in this process (kg/bulk.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import neo4j
from neo4j import exceptions as neo_exc

from kgtest.core.errors import ConfigError, StoreError, StoreUnavailableError
from kgtest.core.settings import Settings
from kgtest.kg.embedded import BoltEndpoint, EmbeddedServer

Row = dict[str, Any]


class Transaction(Protocol):
    def run(self, cypher: str, **params: Any) -> list[Row]: ...


class GraphStore:
    """Queries and batched writes against one database over Bolt."""

    def __init__(self, endpoint: BoltEndpoint, engine: str, local: EmbeddedServer | None = None) -> None:
        self.endpoint = endpoint
        self.engine = engine
        """``embedded`` or ``neo4j``: for messages only; no code path depends on it."""
        self._local = local
        try:
            self._driver = neo4j.GraphDatabase.driver(endpoint.uri, auth=(endpoint.user, endpoint.password))
            self._driver.verify_connectivity()
        except neo_exc.AuthError as exc:
            raise ConfigError(
                f"{endpoint.uri} refused the credentials of user {endpoint.user!r}; "
                "set NEO4J_USER and NEO4J_PASSWORD"
            ) from exc
        except (neo_exc.ServiceUnavailable, OSError, ValueError) as exc:
            raise StoreUnavailableError(
                f"no graph database answers at {endpoint.uri}: {exc}. Start Neo4j "
                "(docker compose -f docker/compose.yaml up -d) or unset NEO4J_URI to use the embedded one"
            ) from exc

    @property
    def uri(self) -> str:
        return self.endpoint.uri

    def local_database(self) -> Any | None:
        """The embedded database object when its server runs in this process (for kg/bulk.py)."""
        return None if self._local is None else self._local.database()

    def query(self, cypher: str, **params: Any) -> list[Row]:
        """Run one statement in its own transaction and return its rows as dicts."""
        with self._errors(cypher):
            records, _, _ = self._driver.execute_query(
                cypher, parameters_=params, database_=self.endpoint.database
            )
        return [record.data() for record in records]

    def stream(self, cypher: str, **params: Any) -> Iterator[Row]:
        """Rows of a large read, fetched from the server in chunks as they are consumed."""
        with (
            self._driver.session(database=self.endpoint.database, fetch_size=5_000) as session,
            self._errors(cypher),
        ):
            for record in session.run(cypher, params):
                yield record.data()

    def write_rows(
        self, cypher: str, rows: Sequence[Mapping[str, Any]], batch_size: int = 10_000, **params: Any
    ) -> Iterator[int]:
        """Run ``cypher`` (which reads ``$rows``) once per batch, each batch one transaction.

        Yields the number of rows committed after each batch so callers can show progress.
        """
        for start in range(0, len(rows), batch_size):
            batch = list(rows[start : start + batch_size])
            self.query(cypher, rows=batch, **params)
            yield len(batch)

    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """An explicit transaction: committed on success, rolled back on any exception."""
        with self._driver.session(database=self.endpoint.database) as session:
            tx = session.begin_transaction()
            try:
                yield _Tx(tx, self)
                tx.commit()
            except BaseException:
                if not tx.closed():
                    tx.rollback()
                raise

    def close(self) -> None:
        self._driver.close()

    @contextmanager
    def _errors(self, cypher: str) -> Iterator[None]:
        try:
            yield
        except neo_exc.ServiceUnavailable as exc:
            raise StoreUnavailableError(f"lost the graph database at {self.uri}: {exc}") from exc
        except neo_exc.Neo4jError as exc:
            short = " ".join(cypher.split())[:160]
            raise StoreError(
                f"{self.engine} refused a query ({exc.code}): {exc.message}\n  query: {short}"
            ) from exc


class _Tx:
    def __init__(self, tx: neo4j.Transaction, store: GraphStore) -> None:
        self._tx, self._store = tx, store

    def run(self, cypher: str, **params: Any) -> list[Row]:
        with self._store._errors(cypher):
            return [record.data() for record in self._tx.run(cypher, params)]


@contextmanager
def open_store(settings: Settings) -> Iterator[GraphStore]:
    """The store the settings name: the user's Neo4j, or the workspace's embedded database."""
    if not settings.store.embedded:
        s = settings.store
        store = GraphStore(BoltEndpoint(s.uri, s.user, s.password, s.database), engine="neo4j")
        try:
            yield store
        finally:
            store.close()
        return
    server = EmbeddedServer(settings.paths.db, settings.store.embedded_port)
    endpoint = server.start()
    try:
        store = GraphStore(endpoint, engine="embedded", local=server)
        try:
            yield store
        finally:
            store.close()
    finally:
        server.stop()


def chunks(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch: list[Any] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
