"""Loading snapshots into the store: round trip, idempotence, resumption after a kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kgtest.core.errors import IncompleteBuildError, RdfSyntaxError
from kgtest.core.settings import Settings
from kgtest.kg.build import SourceSpec, build, read_source
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.embedded import BoltEndpoint
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.loader import load_snapshot
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
    assert {e.id: e for e in kb.entities()} == snap.entities
    assert {f.id: f for f in kb.facts()} == snap.facts
    catalog = kb.catalog()
    assert catalog["P26"].symmetric and catalog["P131"].transitive
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


def test_bundled_example_is_read(embedded_settings: Settings) -> None:
    snap = read_source(SourceSpec("example"), embedded_settings, builtin_catalog(), None)
    assert len(snap.facts) >= 200
    assert snap.entities["Q5686"].label == "Charles Dickens"


def _kgtest(workspace: Path, *args: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "KGTEST_"))}
    return subprocess.Popen(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(workspace), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _facts_in(workspace: Path) -> int | None:
    """Count facts in the database another kgtest process is serving, if it is up yet."""
    try:
        state = json.loads((workspace / "db" / "server.json").read_text())
    except (OSError, ValueError):
        return None
    password = (workspace / "db" / "credentials").read_text().strip()
    store = GraphStore(BoltEndpoint(state["uri"], "root", password, "kgtest"), engine="embedded")
    try:
        return int(store.query("MATCH ()-[f:FACT]->() RETURN count(f) AS n")[0]["n"])
    finally:
        store.close()


def test_killed_build_resumes_to_the_same_graph(tmp_path: Path) -> None:
    dump = random_kb(facts=6_000, entities=1_500, seed=7).write(tmp_path / "big.nt")
    expected = snapshot_of(dump)
    workspace = tmp_path / "ws"
    proc = _kgtest(workspace, "build-kb", str(dump), "--batch-size", "100", "--quiet")
    deadline = time.monotonic() + 120
    while True:
        assert proc.poll() is None, f"build finished before it could be killed: {proc.communicate()}"
        assert time.monotonic() < deadline, "no facts appeared"
        n = _facts_in(workspace)
        if n is not None and n >= 300:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    stats = _kgtest(workspace, "kb", "stats", "--json")
    out, err = stats.communicate(timeout=120)
    assert stats.returncode == 0, err
    partial = json.loads(out)
    assert partial["builds"][0]["status"] == "running"
    assert 0 < partial["facts"] < len(expected.facts)

    again = _kgtest(workspace, "build-kb", str(dump), "--quiet")
    _, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert "(resumed)" in err

    final = _kgtest(workspace, "kb", "stats", "--json")
    out, err = final.communicate(timeout=120)
    stats_json = json.loads(out)
    assert [b["status"] for b in stats_json["builds"]] == ["complete"]
    assert (stats_json["facts"], stats_json["entities"]) == (len(expected.facts), len(expected.entities))
