"""Writes a Snapshot into the graph store: batched, idempotent and resumable.

A build is recorded as a ``KbBuild`` node whose id is derived from the snapshot's content.
It is marked ``running`` before the first write and ``complete`` after the last, and every
batch only creates what is not there yet, so a killed build re-run with the same input
continues where it stopped and a finished one re-run changes nothing. Readers refuse a KB
whose latest build is not complete (kg/kb.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kgtest.core.progress import Progress, no_progress
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Entity, Fact, Relation, Snapshot
from kgtest.kg.schema import ensure_schema
from kgtest.kg.store import GraphStore, chunks

# Rows carry only the properties that have a value: SET from a map is the fastest write on both
# engines, and an absent property reads back as null.
_NEW_ENTITIES = "UNWIND $rows AS r CREATE (e:Entity) SET e = r"

# Keeps what another source already knew: an absent label or year does not erase one.
_UPDATE_ENTITIES = """
UNWIND $rows AS r
MATCH (e:Entity {id: r.id})
SET e += r
SET e.domain = CASE WHEN r.domain = 'unknown' AND e.domain IS NOT NULL THEN e.domain ELSE r.domain END
"""

_NEW_FACTS = """
UNWIND $rows AS r
MATCH (a:Entity {id: r.s})
MATCH (b:Entity {id: r.o})
CREATE (a)-[f:FACT]->(b)
SET f = r.p
"""

_RELATIONS = """
UNWIND $rows AS r
MERGE (rel:Relation {id: r.id})
SET rel.label = r.label, rel.category = r.category, rel.phrase = r.phrase, rel.symmetric = r.symmetric,
    rel.transitive = r.transitive, rel.functional = r.functional, rel.inverse = r.inverse,
    rel.inverse_phrase = r.inverse_phrase, rel.subject_domain = r.subject_domain,
    rel.object_domain = r.object_domain, rel.curated = r.curated
"""


@dataclass(frozen=True, slots=True)
class LoadReport:
    build_id: str
    entities_new: int
    entities_updated: int
    facts_new: int
    facts_present: int
    relations: int
    resumed: bool


def build_id(snapshot: Snapshot) -> str:
    """Same content, same id: what lets a re-run find and finish its own build."""
    h = hashlib.blake2b(digest_size=12)
    h.update(snapshot.source.encode())
    for fid in sorted(snapshot.facts):
        h.update(fid.encode())
    for eid in sorted(snapshot.entities):
        h.update(repr(snapshot.entities[eid]).encode())
    return h.hexdigest()


def load_snapshot(
    store: GraphStore,
    snapshot: Snapshot,
    catalog: RelationCatalog,
    batch_size: int = 10_000,
    progress: Progress | None = None,
) -> LoadReport:
    ensure_schema(store)
    bid = build_id(snapshot)
    previous = store.query("MATCH (b:KbBuild {id: $id}) RETURN b.status AS status", id=bid)
    resumed = bool(previous) and previous[0]["status"] != "complete"
    tick = progress or no_progress

    # Read what is there first: a complete build whose input is unchanged is left untouched.
    used = catalog.with_labels(snapshot.property_labels)
    relations = [used.resolve(p) for p in sorted({f.property for f in snapshot.facts.values()})]
    ids = sorted(snapshot.entities)
    stored = _stored_entities(store, ids, batch_size)
    rows = {i: _entity_row(snapshot.entities[i]) for i in ids}
    new_rows = [rows[i] for i in ids if i not in stored]
    old_rows = [rows[i] for i in ids if i in stored and _changes(stored[i], rows[i])]
    have = {row["id"] for row in store.query("MATCH ()-[f:FACT]->() RETURN f.id AS id")}
    todo = [f for fid, f in sorted(snapshot.facts.items()) if fid not in have]
    report = LoadReport(
        bid, len(new_rows), len(old_rows), len(todo), len(snapshot.facts) - len(todo), len(relations), resumed
    )
    if previous and not resumed and not (new_rows or old_rows or todo):
        tick("facts", len(snapshot.facts), len(snapshot.facts))
        return report

    store.query(
        "MERGE (b:KbBuild {id: $id}) SET b.source = $source, b.status = 'running', "
        "b.started = coalesce(b.started, $now)",
        id=bid,
        source=snapshot.source,
        now=_now(),
    )
    list(store.write_rows(_RELATIONS, [_relation_row(r) for r in relations], batch_size))
    done = 0
    for n in store.write_rows(_NEW_ENTITIES, new_rows, batch_size):
        done += n
        tick("entities", done, len(ids))
    for n in store.write_rows(_UPDATE_ENTITIES, old_rows, batch_size):
        done += n
        tick("entities", done, len(ids))
    done = len(snapshot.facts) - len(todo)
    tick("facts", done, len(snapshot.facts))
    for n in store.write_rows(_NEW_FACTS, [_fact_row(f) for f in todo], batch_size):
        done += n
        tick("facts", done, len(snapshot.facts))

    store.query(
        "MATCH (b:KbBuild {id: $id}) SET b.status = 'complete', b.finished = $now, "
        "b.entities = $entities, b.facts = $facts",
        id=bid,
        now=_now(),
        entities=len(snapshot.entities),
        facts=len(snapshot.facts),
    )
    return report


def _stored_entities(store: GraphStore, ids: Iterable[str], batch_size: int) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for batch in chunks(ids, batch_size):
        rows = store.query("MATCH (e:Entity) WHERE e.id IN $ids RETURN properties(e) AS p", ids=batch)
        found.update((row["p"]["id"], row["p"]) for row in rows)
    return found


def _changes(stored: dict[str, Any], row: dict[str, Any]) -> bool:
    """Would writing ``row`` change the node? (Unknown domains and absent values never overwrite.)"""
    return any(stored.get(k) != v for k, v in row.items() if not (k == "domain" and v == "unknown"))


def _entity_row(e: Entity) -> dict[str, Any]:
    return _present(
        {
            "id": e.id,
            "label": e.label,
            "description": e.description,
            "types": list(e.types),
            "domain": e.domain.value,
            "start_year": e.start_year,
            "end_year": e.end_year,
            "point_year": e.point_year,
        }
    )


def _fact_row(f: Fact) -> dict[str, Any]:
    props = _present(
        {
            "id": f.id,
            "property": f.property,
            "start_year": f.start_year,
            "end_year": f.end_year,
            "source": f.source,
            "statement": f.statement,
        }
    )
    return {"s": f.subject, "o": f.object, "p": props}


def _present(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if v is not None and v != "" and v != []}


def _relation_row(r: Relation) -> dict[str, Any]:
    return {
        "id": r.id,
        "label": r.label,
        "category": r.category.value,
        "phrase": r.phrase,
        "symmetric": r.symmetric,
        "transitive": r.transitive,
        "functional": r.functional,
        "inverse": r.inverse,
        "inverse_phrase": r.inverse_phrase,
        "subject_domain": r.subject_domain.value,
        "object_domain": r.object_domain.value,
        "curated": r.curated,
    }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
