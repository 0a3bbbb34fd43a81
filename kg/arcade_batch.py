"""Bulk writes through the embedded ArcadeDB's ingest API (``GraphBatch``), in this process.

Only the loader's creation of new entities and facts comes here; every read, update and
bookkeeping write still goes through Bolt (kg/store.py). A chunk crosses into the JVM as one
JSON text, read there by the wheel's bridge classes, and ArcadeDB builds the records, edge
lists and index entries in bulk instead of planning and running Cypher row by row. (The wheel's
Python wrappers around the same classes check every value and send lists one by one, which
costs more than the write; the rows here hold only strings, integers and lists of strings.
orjson writes the JSON 3-4x faster than the standard library.)

A ``GraphBatch`` commits in stages (vertices, edge records, the edges' links from either end),
so a process killed inside ``create_facts`` can leave edge records no traversal reaches: the
loader's pending-chunk record and ``discard_facts`` clean those up on resume (kg/loader.py).
The write-ahead log stays on, so every stage that did commit survives a kill.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import orjson

from kgtest.core.errors import StoreError
from kgtest.kg.bulk import entity_properties, fact_properties, missing_entities
from kgtest.kg.model import Entity, Fact
from kgtest.kg.schema import ENTITY, FACT
from kgtest.kg.store import GraphStore, chunks

_RIDS = "MATCH (e:Entity) WHERE e.id IN $ids RETURN e.id AS id, elementId(e) AS rid"


class ArcadeBatchWriter:
    """New entities and facts straight into the in-process ArcadeDB."""

    name = "arcadedb-batch"
    chunk_size = 100_000
    """Each chunk ends by re-linking every vertex it touched, so few big chunks beat many small
    ones: 39,611 facts load 1.5x faster in one chunk than in four (bench/bench_build_kb.py)."""

    def __init__(self, store: GraphStore, database: Any) -> None:
        import jpype

        self._store = store
        self._database = database
        self._java_db = database.get_java_database()
        try:
            self._vertices = jpype.JClass("com.arcadedb.python.VertexBatcher")
            self._edges = jpype.JClass("com.arcadedb.python.EdgeBatcher")
        except TypeError as exc:  # JClass raises TypeError for a class that is not there
            raise StoreError(
                "this arcadedb-embedded wheel lacks its Python bridge classes; "
                "install the version kgtest names: pip install -e . (see pyproject.toml)"
            ) from exc
        self._rids: dict[str, str] = {}
        """Entity id -> ArcadeDB record id, for linking facts to their ends."""

    def create_entities(self, entities: Sequence[Entity]) -> None:
        rows = orjson.dumps([entity_properties(e) for e in entities]).decode()
        with self._batch("entities", len(entities)) as batch:
            joined = str(self._vertices.createVerticesJson(batch, ENTITY, rows))
        rids = joined.split(";") if joined else []
        self._rids.update(zip((e.id for e in entities), rids, strict=True))

    def create_facts(self, facts: Sequence[Fact]) -> None:
        self._resolve({f.subject for f in facts} | {f.object for f in facts})
        rid = self._rids
        edges = []
        for f in facts:
            edge = fact_properties(f)
            edge["_src"], edge["_dst"] = rid[f.subject], rid[f.object]
            edges.append(edge)
        rows = orjson.dumps(edges).decode()
        with self._batch("facts", len(facts)) as batch:
            self._edges.newEdgesJson(batch, FACT, rows)

    def discard_facts(self, ids: Sequence[str]) -> None:
        """ArcadeDB's SQL, in this process: it finds them through the kg_fact_id index, so records no
        traversal reaches go too, and deletes 35,000 in 4 s where Cypher over Bolt took 28 s (a resume
        killed in its first chunk spent 64 s instead of 15)."""
        try:
            with self._database.transaction():
                for batch in chunks(ids, 10_000):
                    self._database.command("sql", f"DELETE FROM {FACT} WHERE id IN :ids", {"ids": batch})
        except Exception as exc:  # ArcadeDBError, with the engine's reason
            raise StoreError(f"the embedded database refused to discard {len(ids)} facts: {exc}") from exc

    def stored_facts(self, ids: Sequence[str]) -> set[str]:
        """ArcadeDB's SQL through the kg_fact_id index, in this process: Cypher's ``f.id IN $ids``
        over Bolt made resuming a 609,357-fact build take twice as long as building it cold."""
        rows = self._database.query("sql", f"SELECT id FROM {FACT} WHERE id IN :ids", {"ids": list(ids)})
        return {str(row.get("id")) for row in rows}

    def _resolve(self, entity_ids: set[str]) -> None:
        """Learn the record ids of entities written before this writer existed."""
        missing = sorted(entity_ids.difference(self._rids))
        for batch in chunks(missing, 10_000):
            self._rids.update((row["id"], row["rid"]) for row in self._store.query(_RIDS, ids=batch))
        unknown = {i for i in missing if i not in self._rids}
        if unknown:
            raise missing_entities(unknown)

    @contextmanager
    def _batch(self, what: str, n: int) -> Iterator[Any]:
        import jpype

        batch = self._java_db.batch().withWAL(True).withExpectedEdgeCount(max(n, 1)).build()
        refused = f"the embedded database refused a batch of {n} {what}"
        try:
            yield batch
        except BaseException as exc:
            batch.abandon()  # flush nothing more of a chunk that failed; a resume rewrites it
            if isinstance(exc, jpype.JException):
                raise StoreError(f"{refused}: {exc}") from exc
            raise
        try:
            batch.close()
        except jpype.JException as exc:
            raise StoreError(f"{refused}: {exc}") from exc
