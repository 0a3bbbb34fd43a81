"""Bulk writers: how the loader creates many new entities and facts.

Two implementations, one contract. ``CypherWriter`` runs portable ``UNWIND`` statements over
Bolt and works on every engine (Neo4j, the embedded ArcadeDB served by another process).
``ArcadeBatchWriter`` (kg/arcade_batch.py) feeds the embedded ArcadeDB's own bulk-ingest API
when the database runs inside this process: Cypher over Bolt executes one row at a time there
(docs/performance.md, "Loading speed"). tests/kg/test_bulk.py loads the same snapshots through
both and requires identical graphs.

A chunk handed to a writer is the unit of resumption. The Cypher writer commits each chunk in
one transaction; the ArcadeDB writer does not (its ingest commits in stages), so the loader
records a fact chunk as pending before writing it and a resumed build discards whatever of
that chunk was written (``discard_facts``) before writing it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kgtest.core.errors import StoreError
from kgtest.kg.model import Entity, Fact
from kgtest.kg.store import GraphStore

_NEW_ENTITIES = "UNWIND $rows AS r CREATE (e:Entity) SET e = r"

_NEW_FACTS = """
UNWIND $rows AS r
MATCH (a:Entity {id: r.s})
MATCH (b:Entity {id: r.o})
CREATE (a)-[f:FACT]->(b)
SET f = r.p
RETURN count(f) AS n
"""

_FOUND = "MATCH (e:Entity) WHERE e.id IN $ids RETURN e.id AS id"

_DISCARD_FACTS = "MATCH ()-[f:FACT]->() WHERE f.id IN $ids DELETE f"

_STORED_FACTS = "MATCH ()-[f:FACT]->() WHERE f.id IN $ids RETURN f.id AS id"


class BulkWriter(Protocol):
    """Creates entities and facts that are not in the store yet, one chunk per call."""

    name: str
    """Shown in messages and benchmarks."""
    chunk_size: int
    """Rows per call when the user does not choose: what this writer handles best."""

    def create_entities(self, entities: Sequence[Entity]) -> None: ...

    def create_facts(self, facts: Sequence[Fact]) -> None:
        """Both ends of every fact exist already (created by an earlier chunk or build)."""
        ...

    def discard_facts(self, ids: Sequence[str]) -> None:
        """Delete every FACT record with one of these ids, however far its writing got."""
        ...

    def stored_facts(self, ids: Sequence[str]) -> set[str]:
        """Which of these fact ids the store holds."""
        ...


class CypherWriter:
    """Portable ``UNWIND`` batches over Bolt: one transaction per chunk."""

    name = "cypher"
    chunk_size = 10_000

    def __init__(self, store: GraphStore) -> None:
        self._store = store

    def create_entities(self, entities: Sequence[Entity]) -> None:
        rows = [entity_properties(e) for e in entities]
        list(self._store.write_rows(_NEW_ENTITIES, rows, max(len(rows), 1)))  # re-planned on resume

    def create_facts(self, facts: Sequence[Fact]) -> None:
        rows = [{"s": f.subject, "o": f.object, "p": fact_properties(f)} for f in facts]
        with self._store.transaction() as tx:  # one chunk, one transaction, however many messages
            batches = self._store.batches(rows, max(len(rows), 1))
            written = sum(tx.run(_NEW_FACTS, rows=b)[0]["n"] for b in batches)
            if written != len(rows):  # MATCH skips a missing end
                ends = {f.subject for f in facts} | {f.object for f in facts}
                found = {row["id"] for row in tx.run(_FOUND, ids=sorted(ends))}
                raise missing_entities(ends - found)

    def discard_facts(self, ids: Sequence[str]) -> None:
        self._store.query(_DISCARD_FACTS, ids=list(ids))

    def stored_facts(self, ids: Sequence[str]) -> set[str]:
        return {row["id"] for row in self._store.query(_STORED_FACTS, ids=list(ids))}


def missing_entities(ids: set[str]) -> StoreError:
    shown = ", ".join(sorted(ids)[:5]) + (" ..." if len(ids) > 5 else "")
    return StoreError(
        f"facts refer to entities that are not in the store: {shown}; nothing of them was written"
    )


def bulk_writer(store: GraphStore) -> BulkWriter:
    """The fastest writer this store allows: ArcadeDB's ingest API when it runs in this process."""
    database = store.local_database()
    if database is None:
        return CypherWriter(store)
    from kgtest.kg.arcade_batch import ArcadeBatchWriter

    return ArcadeBatchWriter(store, database)


# The graph model's properties (docs/graph-model.md). Absent values are left out rather than
# written as null: `SET n = map` is the fastest write on both engines, and an absent property
# reads back as null.


def entity_properties(e: Entity) -> dict[str, Any]:
    props: dict[str, Any] = {"id": e.id, "domain": e.domain.value}
    if e.label:
        props["label"] = e.label
    if e.description:
        props["description"] = e.description
    if e.types:
        props["types"] = list(e.types)
    if e.aliases:
        props["aliases"] = list(e.aliases)
    for key, year in (("start_year", e.start_year), ("end_year", e.end_year), ("point_year", e.point_year)):
        if year is not None:
            props[key] = year
    return props


def fact_properties(f: Fact) -> dict[str, Any]:
    props: dict[str, Any] = {"id": f.id, "property": f.property}
    if f.start_year is not None:
        props["start_year"] = f.start_year
    if f.end_year is not None:
        props["end_year"] = f.end_year
    if f.source:
        props["source"] = f.source
    if f.statement:
        props["statement"] = f.statement
    return props
