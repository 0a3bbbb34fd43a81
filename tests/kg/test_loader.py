"""Loading snapshots into the store: round trip, idempotence, resumption after a kill."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

import pytest

from kgtest.core.errors import IncompleteBuildError, RdfSyntaxError
from kgtest.core.settings import Settings
from kgtest.kg.build import SourceSpec, build, read_source
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.loader import builder, load_snapshot
from kgtest.kg.model import Snapshot
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.kg.store import GraphStore

from .wikidata_fixture import random_kb, small_kb


def snapshot_of(path: Path, source: str = "test") -> Snapshot:
    builder = SnapshotBuilder(source)
    read_dump(path, builder)
    return builder.finish(builtin_catalog())


def graph_dump(store: GraphStore) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    nodes = store.query("MATCH (e:Entity) RETURN properties(e) AS p ORDER BY e.id")
    edges = store.query(
        "MATCH (a)-[f:FACT]->(b) RETURN a.id AS s, b.id AS o, properties(f) AS p ORDER BY f.id"
    )
    return nodes, edges


def test_round_trip_through_the_store(store: GraphStore, tmp_path: Path) -> None:
    snap = snapshot_of(small_kb().write(tmp_path / "kb.nt"))
    report = load_snapshot(store, snap, builtin_catalog(), batch_size=3)
    assert (report.entities_new, report.facts_new, report.resumed) == (
        len(snap.entities),
        len(snap.facts),
        False,
    )
    kb = KnowledgeBase(store)
    kb.require_complete()
    assert {e.id: e for e in kb.entities()} == snap.entities  # aliases included
    curie = next(e for e in kb.entities() if e.id == "Q7186")
    assert curie.aliases == ("Madame Curie", "Maria Skłodowska-Curie")
    assert {f.id: f for f in kb.facts()} == snap.facts
    catalog = kb.catalog()
    assert catalog["P26"].symmetric and catalog["P131"].transitive
    assert catalog["P26"] == builtin_catalog()["P26"]  # the stored catalog keeps the words replies use
    stats = kb.stats()
    assert (stats.entities, stats.facts, stats.dated_facts) == (len(snap.entities), 8, 4)
    assert stats.per_domain["people"]["entities"] == 6


def test_loading_twice_changes_nothing(store: GraphStore, tmp_path: Path) -> None:
    snap = snapshot_of(small_kb().write(tmp_path / "kb.nt"))
    load_snapshot(store, snap, builtin_catalog(), batch_size=2)
    first = graph_dump(store)
    builds = KnowledgeBase(store).builds()
    again = load_snapshot(store, snap, builtin_catalog(), batch_size=2)
    assert (again.entities_new, again.entities_updated, again.facts_new) == (0, 0, 0)
    assert graph_dump(store) == first
    assert KnowledgeBase(store).builds() == builds  # not even the build record is touched


def test_a_second_source_adds_without_erasing(store: GraphStore, tmp_path: Path) -> None:
    load_snapshot(store, snapshot_of(small_kb().write(tmp_path / "a.nt"), "a"), builtin_catalog())
    from .wikidata_fixture import NTriples

    extra = NTriples().entity("Q5686", "Charles John Huffam Dickens").fact("Q5686", "P19", "Q1107")
    extra.lines = [line for line in extra.lines if "P31" not in line]
    report = load_snapshot(store, snapshot_of(extra.write(tmp_path / "b.nt"), "b"), builtin_catalog())
    assert report.facts_new == 0 and report.entities_updated == 1
    dickens = next(e for e in KnowledgeBase(store).entities() if e.id == "Q5686")
    assert dickens.label == "Charles John Huffam Dickens"
    assert (dickens.start_year, dickens.types) == (1812, ("Q5",))


def test_malformed_source_writes_nothing(
    store: GraphStore, embedded_settings: Settings, tmp_path: Path
) -> None:
    load_snapshot(store, snapshot_of(small_kb().write(tmp_path / "ok.nt")), builtin_catalog())
    before = graph_dump(store)
    bad = tmp_path / "bad.nt"
    bad.write_text(random_kb(200, 50).text() + "<http://x> <http://y> broken .\n", encoding="utf-8")
    with pytest.raises(RdfSyntaxError):
        build(store, SourceSpec(str(bad)), embedded_settings, builtin_catalog())
    assert graph_dump(store) == before


def test_empty_or_interrupted_kb_is_refused(store: GraphStore) -> None:
    with pytest.raises(IncompleteBuildError, match="empty"):
        KnowledgeBase(store).require_complete()
    store.query("CREATE (:KbBuild {id: 'x', source: 'dump:big.nt', status: 'running'})")
    with pytest.raises(IncompleteBuildError, match=r"dump:big\.nt was interrupted; run the same"):
        KnowledgeBase(store).require_complete()


def test_a_build_still_running_in_another_process_is_not_called_interrupted(
    store: GraphStore, tmp_path: Path
) -> None:
    """`gen` beside a running `build-kb` said the build "was interrupted; run the same build-kb again"."""
    other = subprocess.Popen(["sleep", "60"])
    try:
        store.query(
            "CREATE (:KbBuild {id: 'x', source: 'dump:big.nt', status: 'running', builder: $b})",
            b=f"{socket.gethostname()}:{other.pid}",
        )
        with pytest.raises(IncompleteBuildError) as refused:
            KnowledgeBase(store).require_complete()
        assert str(refused.value) == (
            f"the build of dump:big.nt is still running (kgtest build-kb, process {other.pid}); "
            "wait for it to finish, then run this command again"
        )
    finally:
        other.kill()
        other.wait()
    with pytest.raises(IncompleteBuildError, match=r"dump:big\.nt was interrupted; run the same"):
        KnowledgeBase(store).require_complete()
    store.query("MATCH (b:KbBuild) DETACH DELETE b")
    load_snapshot(store, snapshot_of(small_kb().write(tmp_path / "kb.nt")), builtin_catalog())
    [row] = store.query("MATCH (b:KbBuild) RETURN b.builder AS builder")
    assert row["builder"] == builder() == f"{socket.gethostname()}:{os.getpid()}"


def test_bundled_example_is_read(embedded_settings: Settings) -> None:
    snap = read_source(SourceSpec("example"), embedded_settings, builtin_catalog(), None)
    assert len(snap.facts) >= 200
    assert snap.entities["Q5686"].label == "Charles Dickens"


def test_a_complete_build_whose_facts_were_deleted_is_written_again(
    store: GraphStore, tmp_path: Path
) -> None:
    snap = snapshot_of(small_kb().write(tmp_path / "kb.nt"))
    load_snapshot(store, snap, builtin_catalog())
    store.query("MATCH (e:Entity) DETACH DELETE e")  # by hand, the build node left claiming "complete"
    again = load_snapshot(store, snap, builtin_catalog())
    assert (again.entities_new, again.facts_new) == (len(snap.entities), len(snap.facts))
    assert KnowledgeBase(store).stats().facts == len(snap.facts)
