"""The two bulk writers against each other: ArcadeDB's ingest API must give Cypher's graph.

The portable Cypher writer is the reference. Every snapshot is loaded through both into the
same embedded database, and the graphs are compared value by value and type by type
(tests/kg/graphs.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.core.errors import StoreError
from kgtest.kg.arcade_batch import ArcadeBatchWriter
from kgtest.kg.bulk import BulkWriter, CypherWriter, bulk_writer
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.loader import load_snapshot
from kgtest.kg.model import Domain, Entity, Fact, Snapshot
from kgtest.kg.store import GraphStore

from .graphs import graph
from .test_loader import snapshot_of
from .wikidata_fixture import small_kb

WRITERS = {"cypher": CypherWriter, "arcadedb-batch": bulk_writer}

labels = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["d'Anthès", 'say "hi"', "back\\slash", "line\nbreak", "🦉 東京", "x" * 5_000]),
)
years = st.none() | st.integers(min_value=-3000, max_value=2030)


@st.composite
def snapshots(draw: st.DrawFn) -> Snapshot:
    n = draw(st.integers(min_value=1, max_value=25))
    ids = [f"Q{i + 1}" for i in range(n)]
    entities = {
        qid: Entity(
            qid,
            label=draw(labels),
            description=draw(labels),
            types=tuple(sorted(draw(st.sets(st.sampled_from(["Q5", "Q515", "Q6256"]), max_size=2)))),
            domain=draw(st.sampled_from(list(Domain))),
            start_year=draw(years),
            end_year=draw(years),
            point_year=draw(years),
            aliases=tuple(sorted(draw(st.sets(labels, max_size=3)))),
        )
        for qid in ids
    }
    facts = [
        Fact(
            draw(st.sampled_from(ids)),
            draw(st.sampled_from(["P26", "P131", "P54", "P9999"])),
            draw(st.sampled_from(ids)),
            draw(years),
            draw(years),
            draw(st.sampled_from(["dump:a.nt", "sparql:https://x/q?a='1'", ""])),
            draw(st.sampled_from(["", "Q1-abc", "T-1"])) + str(i),
        )
        for i in range(draw(st.integers(min_value=0, max_value=40)))
    ]
    return Snapshot("hypothesis", entities, {f.id: f for f in facts})


def loaded_by(store: GraphStore, snapshot: Snapshot, writer: BulkWriter, batch_size: int) -> dict[str, Any]:
    store.query("MATCH (n) DETACH DELETE n")
    report = load_snapshot(store, snapshot, builtin_catalog(), batch_size=batch_size, writer=writer)
    assert (report.writer, report.facts_new) == (writer.name, len(snapshot.facts))
    return graph(store, list(snapshot.facts))


def test_in_process_embedded_store_gets_the_ingest_writer(store: GraphStore) -> None:
    assert isinstance(bulk_writer(store), ArcadeBatchWriter)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(snapshot=snapshots(), batch_size=st.integers(min_value=1, max_value=30))
def test_ingest_api_writes_the_graph_cypher_writes(
    store: GraphStore, snapshot: Snapshot, batch_size: int
) -> None:
    reference = loaded_by(store, snapshot, CypherWriter(store), batch_size)
    assert loaded_by(store, snapshot, bulk_writer(store), batch_size) == reference
    assert len(reference["out"]) == len(reference["in"]) == len(reference["indexed"]) == len(snapshot.facts)


@pytest.mark.parametrize("writer", WRITERS)
def test_facts_of_a_later_build_link_to_entities_of_an_earlier_one(
    store: GraphStore, writer: str, tmp_path: Any
) -> None:
    """A new writer (a new process) finds the record ids of entities it did not create."""
    first = snapshot_of(small_kb().write(tmp_path / "kb.nt"), "first")
    load_snapshot(store, first, builtin_catalog(), writer=WRITERS[writer](store))
    extra = Fact("Q5686", "P131", "Q84", source="second")
    second = Snapshot("second", {e: first.entities[e] for e in ("Q5686", "Q84")}, {extra.id: extra})
    report = load_snapshot(store, second, builtin_catalog(), writer=WRITERS[writer](store))
    assert (report.entities_new, report.facts_new) == (0, 1)
    rows = store.query(
        "MATCH (a:Entity {id: 'Q5686'})-[f:FACT {property: 'P131'}]->(b) RETURN b.id AS o, f.source AS src"
    )
    assert rows == [{"o": "Q84", "src": "second"}]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_fact_with_a_missing_end_is_refused_and_nothing_written(store: GraphStore, writer: str) -> None:
    store.query("MATCH (n) DETACH DELETE n")
    w = WRITERS[writer](store)
    w.create_entities([Entity("Q1", "one"), Entity("Q3", "three")])
    with pytest.raises(StoreError, match=r"not in the store: Q2; nothing of them was written"):
        w.create_facts([Fact("Q1", "P26", "Q3"), Fact("Q1", "P26", "Q2")])
    assert store.query("MATCH ()-[f:FACT]->() RETURN count(f) AS n") == [{"n": 0}]


def test_the_ingest_writer_turns_engine_refusals_into_store_errors_and_recovers(store: GraphStore) -> None:
    store.query("MATCH (n) DETACH DELETE n")
    writer = bulk_writer(store)
    writer.create_entities([Entity("Q1", "one")])
    with pytest.raises(StoreError, match="refused a batch of 1 entities"):
        writer.create_entities([Entity("Q1", "again")])  # the unique constraint on Entity.id
    writer.create_entities([Entity("Q2", "two")])  # the failed batch let go of the database
    writer.create_facts([Fact("Q1", "P26", "Q2")])
    assert store.query("MATCH (a:Entity)-[:FACT]->(b) RETURN a.label AS a, b.label AS b") == [
        {"a": "one", "b": "two"}
    ]
