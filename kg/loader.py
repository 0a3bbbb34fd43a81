"""Writes a Snapshot into the graph store: batched, idempotent and resumable.

A build is recorded as a ``KbBuild`` node whose id is derived from the snapshot's content.
It is marked ``running`` before the first write and ``complete`` after the last, and every
batch only creates what is not there yet, so a killed build re-run with the same input
continues where it stopped and a finished one re-run changes nothing. Readers refuse a KB
whose latest build is not complete (kg/kb.py).

New entities and facts go through a bulk writer (kg/bulk.py). Before each chunk of facts the
build node names the chunk's fact ids (``pending_facts``, comma-separated); a resumed build
first discards whatever of that chunk exists, so a chunk cut short half-way is written again
whole.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kgtest.core.progress import Progress, no_progress
from kgtest.kg.bulk import BulkWriter, CypherWriter, bulk_writer, entity_properties
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Entity, Fact, Relation, Snapshot
from kgtest.kg.schema import KGTEST_LABELS, ensure_schema
from kgtest.kg.store import GraphStore, chunks

# Keeps what another source already knew: an absent label or year does not erase one.
_UPDATE_ENTITIES = """
UNWIND $rows AS r
MATCH (e:Entity {id: r.id})
SET e += r
SET e.domain = CASE WHEN r.domain = 'unknown' AND e.domain IS NOT NULL THEN e.domain ELSE r.domain END
"""

_RELATIONS = """
UNWIND $rows AS r
MERGE (rel:Relation {id: r.id})
SET rel.label = r.label, rel.category = r.category, rel.phrase = r.phrase, rel.symmetric = r.symmetric,
    rel.transitive = r.transitive, rel.functional = r.functional, rel.inverse = r.inverse,
    rel.inverse_phrase = r.inverse_phrase, rel.aliases = r.aliases, rel.paraphrases = r.paraphrases,
    rel.subject_domain = r.subject_domain, rel.object_domain = r.object_domain, rel.curated = r.curated
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
    writer: str
    """Which bulk writer created entities and facts (kg/bulk.py)."""


def build_id(snapshot: Snapshot) -> str:
    """Same content, same id: what lets a re-run find and finish its own build."""
    h = hashlib.blake2b(digest_size=12)
    h.update(snapshot.source.encode())
    for fid in sorted(snapshot.facts):
        f = snapshot.facts[fid]  # a statement's id stays when its object or years are edited
        h.update(f"{fid}|{f.subject}|{f.property}|{f.object}|{f.start_year}|{f.end_year}".encode())
    for eid in sorted(snapshot.entities):
        h.update(repr(snapshot.entities[eid]).encode())
    return h.hexdigest()


@dataclass(slots=True)
class _Plan:
    """What a load has to write, worked out from what the store already holds."""

    new: list[Entity]
    changed: list[dict[str, Any]]
    """Properties of stored entities this snapshot changes."""
    facts: list[Fact]
    """Facts not in the store yet, by id."""


def load_snapshot(
    store: GraphStore,
    snapshot: Snapshot,
    catalog: RelationCatalog,
    batch_size: int | None = None,
    progress: Progress | None = None,
    writer: BulkWriter | None = None,
) -> LoadReport:
    """Write what ``snapshot`` adds to the store; ``batch_size`` rows per chunk (default: the writer's)."""
    ensure_schema(store)
    writer = writer or bulk_writer(store)
    tick = progress or no_progress
    bid = build_id(snapshot)
    status = store.query("MATCH (b:KbBuild {id: $id}) RETURN b.status AS status", id=bid)
    resumed = bool(status) and status[0]["status"] != "complete"
    used = catalog.with_labels(snapshot.property_labels)
    relations = [used.resolve(p) for p in sorted({f.property for f in snapshot.facts.values()})]
    if status and not resumed and _still_there(store, snapshot):
        # This very content was loaded completely before: nothing to read, nothing to write.
        tick("facts", len(snapshot.facts), len(snapshot.facts))
        return LoadReport(bid, 0, 0, 0, len(snapshot.facts), len(relations), False, writer.name)
    _discard_cut_chunks(store, snapshot, bid, writer)

    plan = _plan(store, snapshot)
    store.query(
        "MERGE (b:KbBuild {id: $id}) SET b.source = $source, b.status = 'running', "
        "b.started = coalesce(b.started, $now)",
        id=bid,
        source=snapshot.source,
        now=_now(),
    )
    list(store.write_rows(_RELATIONS, [_relation_row(r) for r in relations]))
    _write(store, bid, snapshot, plan, writer, batch_size or writer.chunk_size, tick)
    store.query(
        "MATCH (b:KbBuild {id: $id}) SET b.status = 'complete', b.finished = $now, "
        "b.entities = $entities, b.facts = $facts REMOVE b.pending_facts",
        id=bid,
        now=_now(),
        entities=len(snapshot.entities),
        facts=len(snapshot.facts),
    )
    present = len(snapshot.facts) - len(plan.facts)
    return LoadReport(
        bid, len(plan.new), len(plan.changed), len(plan.facts), present, len(relations), resumed, writer.name
    )


def _still_there(store: GraphStore, snapshot: Snapshot) -> bool:
    """A cheap check that nobody emptied the store under a complete build (one count each)."""
    entities = store.query("MATCH (e:Entity) RETURN count(e) AS n")[0]["n"]
    facts = store.query("MATCH ()-[f:FACT]->() RETURN count(f) AS n")[0]["n"]
    return bool(entities >= len(snapshot.entities) and facts >= len(snapshot.facts))


def _discard_cut_chunks(store: GraphStore, snapshot: Snapshot, bid: str, writer: BulkWriter) -> None:
    """Delete what interrupted builds may have half-written, where this build writes it again.

    This build's own pending chunk goes whole. Another interrupted build's chunk goes only where
    this snapshot has the same facts: the rest may be facts a later build wrote properly, and
    that build stays interrupted until it is resumed or the KB is cleared (``kgtest kb clear``).
    """
    for build, ids in pending_chunks(store).items():
        mine = ids if build == bid else [i for i in ids if i in snapshot.facts]
        if mine:
            writer.discard_facts(mine)


def pending_chunks(store: GraphStore) -> dict[str, list[str]]:
    """Build id -> the fact ids of the chunk it was writing when it was cut short."""
    rows = store.query(
        "MATCH (b:KbBuild) WHERE b.pending_facts IS NOT NULL RETURN b.id AS id, b.pending_facts AS pending"
    )
    return {row["id"]: row["pending"].split(",") for row in rows}


def _plan(store: GraphStore, snapshot: Snapshot) -> _Plan:
    ids = sorted(snapshot.entities)
    if not store.query("MATCH (e:Entity) RETURN e.id AS id LIMIT 1"):
        # The first build: nothing stored to compare with (a fact needs both its ends), and
        # asking for 10,000 ids at a time took 2-6 s of a cold build on an empty store.
        facts = [snapshot.facts[fid] for fid in sorted(snapshot.facts)]
        return _Plan(new=[snapshot.entities[i] for i in ids], changed=[], facts=facts)
    stored = _stored_entities(store, ids)
    changed = [
        row
        for row in (entity_properties(snapshot.entities[i]) for i in ids if i in stored)
        if _changes(stored[row["id"]], row)
    ]
    have = {row["id"] for row in store.query("MATCH ()-[f:FACT]->() RETURN f.id AS id")}
    return _Plan(
        new=[snapshot.entities[i] for i in ids if i not in stored],
        changed=changed,
        facts=[snapshot.facts[fid] for fid in sorted(snapshot.facts) if fid not in have],
    )


def _write(
    store: GraphStore,
    bid: str,
    snapshot: Snapshot,
    plan: _Plan,
    writer: BulkWriter,
    batch_size: int,
    tick: Progress,
) -> None:
    done = len(snapshot.entities) - len(plan.new) - len(plan.changed)  # already there as they are
    tick("entities", done, len(snapshot.entities))
    for batch in chunks(plan.new, batch_size):
        writer.create_entities(batch)
        done += len(batch)
        tick("entities", done, len(snapshot.entities))
    for n in store.write_rows(_UPDATE_ENTITIES, plan.changed):
        done += n
        tick("entities", done, len(snapshot.entities))
    done = len(snapshot.facts) - len(plan.facts)
    tick("facts", done, len(snapshot.facts))
    for batch in chunks(plan.facts, batch_size):
        # One string, not a list: fact ids are hex, and a 10,000-string list costs 4x as much to send.
        pending = ",".join(f.id for f in batch)
        store.query("MATCH (b:KbBuild {id: $id}) SET b.pending_facts = $ids", id=bid, ids=pending)
        writer.create_facts(batch)
        done += len(batch)
        tick("facts", done, len(snapshot.facts))


def _stored_entities(store: GraphStore, ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for batch in chunks(ids, 10_000):
        rows = store.query("MATCH (e:Entity) WHERE e.id IN $ids RETURN properties(e) AS p", ids=batch)
        found.update((row["p"]["id"], row["p"]) for row in rows)
    return found


def _changes(stored: dict[str, Any], row: dict[str, Any]) -> bool:
    """Would writing ``row`` change the node? (Unknown domains and absent values never overwrite.)"""
    return any(stored.get(k) != v for k, v in row.items() if not (k == "domain" and v == "unknown"))


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
        "aliases": list(r.aliases),
        "paraphrases": list(r.paraphrases),
        "subject_domain": r.subject_domain.value,
        "object_domain": r.object_domain.value,
        "curated": r.curated,
    }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def sanity_record(store: GraphStore, bid: str) -> tuple[str, int] | None:
    """What ``record_sanity`` noted on build ``bid``: (rules digest, facts found unsound)."""
    rows = store.query(
        "MATCH (b:KbBuild {id: $id}) RETURN b.sanity_rules AS rules, b.sanity_unsound AS n", id=bid
    )
    if not rows or rows[0]["rules"] is None or rows[0]["n"] is None:
        return None
    return str(rows[0]["rules"]), int(rows[0]["n"])


def record_sanity(store: GraphStore, bid: str, rules: str, unsound: int) -> None:
    """Note on build ``bid`` that its facts carry the marks of the sanity rules ``rules`` (a digest)."""
    store.query(
        "MATCH (b:KbBuild {id: $id}) SET b.sanity_rules = $rules, b.sanity_unsound = $n",
        id=bid,
        rules=rules,
        n=unsound,
    )


def clear_kb(store: GraphStore) -> None:
    """Delete everything kgtest wrote: entities, facts, relations, builds, suites, replies."""
    # Facts a killed build left half-written are reachable through the fact-id index only.
    for ids in pending_chunks(store).values():
        CypherWriter(store).discard_facts(ids)
    # Builds first: a clear cut short must not leave a "complete" build over missing facts.
    for label in sorted(KGTEST_LABELS, key=lambda label: label != "KbBuild"):
        store.query(f"MATCH (n:{label}) DETACH DELETE n")  # fixed names from kg/schema.py
