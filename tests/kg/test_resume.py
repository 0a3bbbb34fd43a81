"""Builds killed part-way resume to the graph an uninterrupted build makes.

Each test runs the real ``kgtest build-kb`` in a subprocess, kills it, runs it again, and
compares the workspace's graph with the same snapshot loaded cleanly by the portable Cypher
writer, typed, from both ends of every fact and through the fact-id index.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from kgtest.api.knowledge import kb_stats
from kgtest.core.settings import Settings, load_settings
from kgtest.kg.bulk import CypherWriter
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.embedded import BoltEndpoint
from kgtest.kg.jvm_cache import ENV as JVM_CACHE
from kgtest.kg.knowledge_base import KbStats
from kgtest.kg.linger import ENV as LINGER
from kgtest.kg.loader import load_snapshot
from kgtest.kg.store import GraphStore, open_store

from .crash_build import KILLED
from .graphs import graph
from .test_loader import snapshot_of
from .wikidata_fixture import random_kb

ROOT = Path(__file__).resolve().parents[2]


def _kgtest(workspace: Path, *args: str, module: tuple[str, ...] = ("kgtest.cli",)) -> subprocess.Popen[str]:
    kept = (JVM_CACHE, LINGER)  # no JVM cache training, no database left serving
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "KGTEST_")) or k in kept}
    return subprocess.Popen(
        [sys.executable, "-m", *module, "--workspace", str(workspace), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def _here(workspace: Path) -> Settings:
    """The workspace opened in this process (its JVM already runs), no server left serving it: a
    ``kgtest kb stats`` process would start a JVM, a lingering server would hold the next build."""
    return load_settings(workspace, env={LINGER: "0"})


def _stats(workspace: Path) -> KbStats:
    return kb_stats(workspace=_here(workspace))


def _resume_and_compare(store: GraphStore, workspace: Path, dump: Path) -> None:
    partial = _stats(workspace)
    assert partial.builds[0]["status"] == "running"

    again = _kgtest(workspace, "build-kb", str(dump), "--quiet")
    _, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert "(resumed)" in err
    assert [b["status"] for b in _stats(workspace).builds] == ["complete"]

    expected = snapshot_of(dump, f"dump:{dump.name}")
    ids = list(expected.facts)
    store.query("MATCH (n) DETACH DELETE n")
    load_snapshot(store, expected, builtin_catalog(), writer=CypherWriter(store))
    reference = graph(store, ids)
    with open_store(_here(workspace)) as resumed:
        assert graph(resumed, ids) == reference
    assert len(reference["indexed"]) == len(expected.facts)


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


def test_killed_build_resumes_to_the_same_graph(store: GraphStore, tmp_path: Path) -> None:
    dump = random_kb(facts=3_000, entities=800, seed=7).write(tmp_path / "big.nt")
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
    assert 0 < _stats(workspace).facts < 3_000
    _resume_and_compare(store, workspace, dump)


@pytest.mark.parametrize(
    "hook", ["TEST_BEFORE_OUTGOING_EDGE_COMMIT_HOOK", "TEST_BEFORE_INCOMING_EDGE_COMMIT_HOOK"]
)
def test_build_killed_inside_the_ingest_resumes_to_the_same_graph(
    store: GraphStore, tmp_path: Path, hook: str
) -> None:
    """Killed between the ingest's commits: edge records exist that neither end links to yet."""
    dump = random_kb(facts=1_500, entities=400, seed=3).write(tmp_path / "kb.nt")
    workspace = tmp_path / "ws"
    proc = _kgtest(
        workspace,
        "build-kb",
        str(dump),
        "--batch-size",
        "500",
        "--quiet",
        module=("tests.kg.crash_build", hook, "2"),
    )
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == KILLED, err
    _resume_and_compare(store, workspace, dump)


def test_what_a_killed_build_left_is_cleared_by_kb_clear_and_by_other_builds(
    store: GraphStore, tmp_path: Path
) -> None:
    """Cleared outright; or the killed build's content changes (a drifting endpoint, an edited dump)."""
    nt = random_kb(facts=1_200, entities=300, seed=5)
    dump = nt.write(tmp_path / "kb.nt")
    edited = nt.fact("Q1000", "P166", "Q1001", 1999, 2000).write(tmp_path / "edited.nt")
    ids = list(snapshot_of(edited).facts)
    workspace = tmp_path / "ws"

    def kill_a_build() -> None:
        killed = _kgtest(
            workspace, "build-kb", str(dump), "--batch-size", "500", "--quiet",
            module=("tests.kg.crash_build", "TEST_BEFORE_INCOMING_EDGE_COMMIT_HOOK", "2"),
        )  # fmt: skip
        assert killed.wait(timeout=300) == KILLED

    def run(*args: str) -> None:
        proc = _kgtest(workspace, *args)
        assert proc.wait(timeout=300) == 0, proc.communicate()

    def records() -> dict[str, Any]:
        with open_store(_here(workspace)) as ws:
            return graph(ws, ids)

    kill_a_build()
    cut = records()
    assert len(cut["indexed"]) > len(cut["out"])  # records no traversal reaches
    run("kb", "clear", "--yes")
    assert records()["indexed"] == [] and _stats(workspace).builds == []

    kill_a_build()
    run("build-kb", str(edited), "--quiet")
    after = records()
    assert len(after["indexed"]) == len(after["out"]) == len(ids)  # no half-written twins
