"""The embedded database kept serving between commands (kg/linger.py): later commands start no
JVM and write the same bytes; it never serves under `build-kb`, never stops under a command,
and stamps the KB when it stops."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from kgtest.core.workspace import Workspace
from kgtest.kg.embedded import EmbeddedServer, server_state
from kgtest.kg.kb_stamp import vouched_builds
from kgtest.kg.linger import asked_builds, dismiss, joined

from ..generator.kb_fixture import family_and_places

GEN = ("gen", "--count", "16", "--seed", "3", "--quiet")


def kgtest(ws: Path, *args: str, linger_s: str = "60", code: int = 0) -> subprocess.CompletedProcess[str]:
    """A kgtest command in a fresh interpreter (``-X importtime``), with the lingering server on."""
    env = {**os.environ, "NEO4J_URI": "", "KGTEST_STORE_URI": "", "KGTEST_STORE_LINGER_S": linger_s}
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "kgtest.cli", "--workspace", str(ws), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == code, done.stderr[-3000:]
    return done


def imported(done: subprocess.CompletedProcess[str], module: str) -> bool:
    return any(line.rstrip().endswith(f"| {module}") for line in done.stderr.splitlines())


def server_starts(ws: Path) -> int:
    """ArcadeDB writes one server event log per start."""
    return len(list((ws / "db" / "databases" / "log").glob("server-event-log-*.jsonl")))


def lingering(ws: Path) -> int | None:
    state = server_state(ws / "db")
    pid = state.get("pid")
    return pid if state.get("linger") and EmbeddedServer(ws / "db").running() is not None else None


def ended(pid: int) -> bool:
    """Whether the server process ``pid`` (a child of this one when the test started it) ended."""
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return True
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def built(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    kgtest(ws, "build-kb", str(family_and_places().write(tmp_path / "f.nt")), "--quiet")
    return ws


def test_later_commands_use_the_lingering_server_and_write_what_one_without_it_writes(tmp_path: Path) -> None:
    ws = built(tmp_path)
    starts = server_starts(ws)
    try:
        kgtest(ws, *GEN, "--out", str(tmp_path / "a.jsonl"))
        pid = lingering(ws)
        assert pid is not None, "gen left the database serving"
        assert server_starts(ws) == starts + 1
        again = kgtest(ws, *GEN, "--out", str(tmp_path / "b.jsonl"))
        assert not imported(again, "neo4j"), "the graph written through the server's relay (kg/relay.py)"
        assert "with 16 test cases (16 new)" in again.stderr
        assert not imported(kgtest(ws, "kb", "stats"), "neo4j")
        assert server_starts(ws) == starts + 1 and lingering(ws) == pid, "they used the same server"
        assert vouched_builds(Workspace(ws)) is None, "no stamp vouches while a server may be written"
        asked = asked_builds(ws / "db")
        no_graph = kgtest(ws, *GEN, "--no-graph", "--out", str(tmp_path / "d.jsonl"))
        assert not imported(no_graph, "neo4j"), "the server named the builds: no Bolt, the caches answered"
    finally:
        dismiss(ws / "db")
    assert lingering(ws) is None
    vouched = vouched_builds(Workspace(ws))
    assert vouched is not None, "the server stamped the KB as it stopped"
    assert asked == vouched
    kgtest(ws, *GEN, "--out", str(tmp_path / "c.jsonl"), linger_s="0")
    assert lingering(ws) is None
    a, b, c, d = (tmp_path / f"{n}.jsonl" for n in "abcd")
    assert a.read_bytes() == b.read_bytes() == c.read_bytes() == d.read_bytes()


def test_build_kb_stops_the_lingering_server_and_writes_in_its_own_process(tmp_path: Path) -> None:
    ws = built(tmp_path)
    kgtest(ws, "kb", "stats")
    assert lingering(ws) is not None
    uri = server_state(ws / "db")["uri"]
    done = kgtest(ws, "build-kb", str(family_and_places().write(tmp_path / "g.nt")))
    assert lingering(ws) is None
    assert "graph store: embedded at bolt://" in done.stderr and uri not in done.stderr
    assert vouched_builds(Workspace(ws)) is not None, "build-kb stamped the KB it ran in-process"
    stats = kgtest(ws, "kb", "stats")
    try:
        assert "facts 39" in stats.stdout
    finally:
        dismiss(ws / "db")


def test_an_idle_server_stops_by_itself_but_never_under_a_command(tmp_path: Path) -> None:
    ws = built(tmp_path)
    with joined(ws / "db", 1.0, 0) as (endpoint, _):
        pid = lingering(ws)
        assert pid is not None
        time.sleep(3)  # three times its idle time, while this command holds it
        assert EmbeddedServer(ws / "db").running() == endpoint
    deadline = time.monotonic() + 30
    while not ended(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ended(pid) and lingering(ws) is None, "idle for its linger_s, it stopped"
    assert vouched_builds(Workspace(ws)) is not None, "and stamped the KB"


def test_commands_starting_at_once_start_one_server(tmp_path: Path) -> None:
    ws = built(tmp_path)
    starts = server_starts(ws)
    try:
        with ThreadPoolExecutor(3) as pool:
            list(pool.map(lambda _: kgtest(ws, "kb", "stats"), range(3)))
        assert server_starts(ws) == starts + 1
    finally:
        dismiss(ws / "db")


def test_a_kb_changed_through_the_lingering_server_is_never_answered_by_the_caches(tmp_path: Path) -> None:
    ws = built(tmp_path)
    try:
        kgtest(ws, *GEN, "--out", str(tmp_path / "a.jsonl"))
        before = asked_builds(ws / "db")
        kgtest(ws, "kb", "clear", "--yes")
        assert lingering(ws) is not None, "cleared through the lingering server"
        assert asked_builds(ws / "db") != before
        done = kgtest(ws, *GEN, "--no-graph", "--out", str(tmp_path / "b.jsonl"), code=3)
        assert "is empty" in done.stderr
    finally:
        dismiss(ws / "db")


def test_a_command_with_linger_0_stops_the_lingering_server_rather_than_use_it_unheld(tmp_path: Path) -> None:
    ws = built(tmp_path)
    kgtest(ws, "kb", "stats")
    assert lingering(ws) is not None
    kgtest(ws, "kb", "stats", linger_s="0")
    assert lingering(ws) is None


def test_build_kb_of_the_same_dump_reads_nothing_after_the_lingering_server_stamps_the_kb(
    tmp_path: Path,
) -> None:
    """The re-run's shortcut needs the stamp, which no server writes while it may still be written:
    build-kb stops the lingering one (it stamps the KB as it stops) before looking."""
    dump = family_and_places().write(tmp_path / "g.nt")
    ws = tmp_path / "ws"
    kgtest(ws, "build-kb", str(dump))
    kgtest(ws, "kb", "stats")
    assert lingering(ws) is not None
    again = kgtest(ws, "build-kb", str(dump))
    assert "is loaded already (nothing read)" in again.stderr
    assert lingering(ws) is None
