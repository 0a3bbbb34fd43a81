"""Writes a resolved source into the graph store: batched, idempotent and resumable.

A build is recorded as a ``KbBuild`` node whose id is derived from its input (a file's bytes,
or a snapshot's content: kg/sources/resolved.py). It is marked ``running`` before the first
write and ``complete`` after the last, and every chunk only creates what is not there yet, so
a killed build re-run with the same input continues where it stopped and a finished one re-run
changes nothing. Readers refuse a KB whose latest build is not complete (kg/knowledge_base.py).

The source is taken a chunk at a time (its facts may be on disk: kg/sources/spill.py), so
memory holds one chunk of facts, never all. New entities and facts go through a bulk writer
(kg/bulk.py). Before each chunk of facts the build node names the chunk's fact ids
(``pending_facts``, comma-separated); a resumed build first discards whatever of that chunk
exists, so a chunk cut short half-way is written again whole.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kgtest.core.progress import Progress, no_progress
from kgtest.kg.bulk import BulkWriter, CypherWriter, bulk_writer, entity_properties
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Fact, Relation, Snapshot
from kgtest.kg.schema import KGTEST_LABELS, ensure_schema
from kgtest.kg.sources.resolved import InMemory, Resolved
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

Seen = Callable[[Sequence[Fact]], None]
"""Shown every fact of the source, a chunk at a time, whether it was written or already there."""


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
    return InMemory(snapshot).build_id


def load_snapshot(
    store: GraphStore,
    snapshot: Snapshot,
    catalog: RelationCatalog,
    batch_size: int | None = None,
    progress: Progress | None = None,
    writer: BulkWriter | None = None,
) -> LoadReport:
    """``load`` for a snapshot held in memory (a SPARQL selection, tests)."""
    return load(store, InMemory(snapshot), catalog, batch_size, progress, writer)


def load(
    store: GraphStore,
    source: Resolved,
    catalog: RelationCatalog,
    batch_size: int | None = None,
    progress: Progress | None = None,
    writer: BulkWriter | None = None,
    seen: Seen | None = None,
) -> LoadReport:
    """Write what ``source`` adds to the store; ``batch_size`` rows per chunk (default: the writer's)."""
    ensure_schema(store)
    writer = writer or bulk_writer(store)
    tick = progress or no_progress
    size = batch_size or writer.chunk_size
    bid = source.build_id
    status = store.query("MATCH (b:KbBuild {id: $id}) RETURN b.status AS status", id=bid)
    resumed = bool(status) and status[0]["status"] != "complete"
    used = catalog.with_labels(source.property_labels)
    relations = [used.resolve(p) for p in source.properties]
    n_entities, n_facts = len(source.entities), source.fact_count
    if status and not resumed and _still_there(store, n_entities, n_facts):
        # This very input was loaded completely before: nothing to write.
        if seen is not None:
            for batch in source.facts(size):
                seen(batch)
        tick("facts", n_facts, n_facts)
        return LoadReport(bid, 0, 0, 0, n_facts, len(relations), False, writer.name)
    _discard_cut_chunks(store, source, bid, writer, size)

    # The first build compares with nothing: a fact needs both its ends, and asking for 10,000
    # ids at a time took 2-6 s of a cold build on an empty store.
    fresh = not store.query("MATCH (e:Entity) RETURN e.id AS id LIMIT 1")
    store.query(
        "MERGE (b:KbBuild {id: $id}) SET b.source = $source, b.digest = $digest, b.status = 'running', "
        "b.started = coalesce(b.started, $now), b.builder = $builder",
        id=bid,
        source=source.source,
        digest=source.digest,
        now=_now(),
        builder=builder(),
    )
    list(store.write_rows(_RELATIONS, [_relation_row(r) for r in relations]))
    new, changed = _write_entities(store, source, writer, size, fresh, tick)
    facts_new = _write_facts(store, bid, source, writer, size, fresh, tick, seen)
    store.query(
        "MATCH (b:KbBuild {id: $id}) SET b.status = 'complete', b.finished = $now, "
        "b.entities = $entities, b.facts = $facts REMOVE b.pending_facts",
        id=bid,
        now=_now(),
        entities=n_entities,
        facts=n_facts,
    )
    return LoadReport(bid, new, changed, facts_new, n_facts - facts_new, len(relations), resumed, writer.name)


def _still_there(store: GraphStore, entities: int, facts: int) -> bool:
    """A cheap check that nobody emptied the store under a complete build (one count each)."""
    stored_entities = store.query("MATCH (e:Entity) RETURN count(e) AS n")[0]["n"]
    stored_facts = store.query("MATCH ()-[f:FACT]->() RETURN count(f) AS n")[0]["n"]
    return bool(stored_entities >= entities and stored_facts >= facts)


def _discard_cut_chunks(store: GraphStore, source: Resolved, bid: str, writer: BulkWriter, size: int) -> None:
    """Delete what interrupted builds may have half-written, where this build writes it again.

    This build's own pending chunk goes whole. Another interrupted build's chunk goes only where
    this source has the same facts: the rest may be facts a later build wrote properly, and
    that build stays interrupted until it is resumed or the KB is cleared (``kgtest kb clear``).
    """
    pending = pending_chunks(store)
    mine = pending.pop(bid, [])
    others = {i for ids in pending.values() for i in ids}
    if others:  # rare: look through the source for them, a chunk at a time
        mine += sorted({f.id for batch in source.facts(size) for f in batch if f.id in others})
    if mine:
        writer.discard_facts(mine)


def pending_chunks(store: GraphStore) -> dict[str, list[str]]:
    """Build id -> the fact ids of the chunk it was writing when it was cut short."""
    rows = store.query(
        "MATCH (b:KbBuild) WHERE b.pending_facts IS NOT NULL RETURN b.id AS id, b.pending_facts AS pending"
    )
    return {row["id"]: row["pending"].split(",") for row in rows}


def _write_entities(
    store: GraphStore, source: Resolved, writer: BulkWriter, size: int, fresh: bool, tick: Progress
) -> tuple[int, int]:
    """New entities created, stored ones updated where this source changes them: (new, updated)."""
    total, done, new_n, changed_n = len(source.entities), 0, 0, 0
    tick("entities", done, total)
    for batch in chunks(source.entities.values(), size):
        if fresh:
            new, changed = batch, []
        else:
            stored = _stored_entities(store, (e.id for e in batch))
            new = [e for e in batch if e.id not in stored]
            rows = (entity_properties(e) for e in batch if e.id in stored)
            changed = [row for row in rows if _changes(stored[row["id"]], row)]
        if new:
            writer.create_entities(new)
        list(store.write_rows(_UPDATE_ENTITIES, changed))
        done, new_n, changed_n = done + len(batch), new_n + len(new), changed_n + len(changed)
        tick("entities", done, total)
    return new_n, changed_n


def _write_facts(
    store: GraphStore,
    bid: str,
    source: Resolved,
    writer: BulkWriter,
    size: int,
    fresh: bool,
    tick: Progress,
    seen: Seen | None,
) -> int:
    """Facts not in the store yet, created a chunk at a time; how many."""
    done, written = 0, 0
    tick("facts", done, source.fact_count)
    for batch in source.facts(size):
        if seen is not None:
            seen(batch)
        todo = batch if fresh else _absent(writer, batch)
        if todo:
            # One string, not a list: fact ids are hex, and a 10,000-string list costs 4x as much to send.
            pending = ",".join(f.id for f in todo)
            store.query("MATCH (b:KbBuild {id: $id}) SET b.pending_facts = $ids", id=bid, ids=pending)
            writer.create_facts(todo)
        done, written = done + len(batch), written + len(todo)
        tick("facts", done, source.fact_count)
    return written


def _absent(writer: BulkWriter, facts: list[Fact]) -> list[Fact]:
    """The facts whose ids the store does not hold (through the fact-id index)."""
    have: set[str] = set()
    for ids in chunks((f.id for f in facts), 10_000):
        have |= writer.stored_facts(ids)
    return [f for f in facts if f.id not in have]


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


def builder() -> str:
    """``host:pid`` of the process writing a build: a command that finds the build running can
    tell one in progress from one that was killed (kg/knowledge_base.py)."""
    return f"{socket.gethostname()}:{os.getpid()}"
