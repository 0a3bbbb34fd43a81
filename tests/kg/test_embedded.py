"""The embedded database's start-up, where it can go wrong before any query."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kgtest.kg import embedded
from kgtest.kg.store import GraphStore


def test_a_port_taken_between_choosing_and_binding_is_chosen_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        free = embedded._free_port
        ports: Iterator[int] = iter([taken, taken])  # the first pick of both ports is taken
        monkeypatch.setattr(embedded, "_free_port", lambda: next(ports, None) or free())
        server = embedded.EmbeddedServer(tmp_path / "db")
        endpoint = server.start()
        try:
            assert f":{taken}" not in endpoint.uri
            assert embedded.database_path(tmp_path / "db").is_dir()  # where start-up looks for it
            store = GraphStore(endpoint, engine="embedded")
            assert store.query("RETURN 1 AS one") == [{"one": 1}]
            store.close()
        finally:
            server.stop()


@pytest.mark.timeout(180)
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 1)])
def test_a_signal_stops_the_embedded_database_cleanly(tmp_path: Path, sig: int, code: int) -> None:
    """SIGTERM crashed the JVM (exit 134, hs_err_pid*.log in the current folder); Ctrl-C never
    reached a command blocked in a read."""
    with socket.socket() as silent:  # a SPARQL endpoint that accepts and never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        endpoint = f"http://127.0.0.1:{silent.getsockname()[1]}/sparql"
        ws = tmp_path / "ws"
        command = [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), "build-kb", "sparql"]
        env = {**os.environ, "NEO4J_URI": "", "KGTEST_STORE_URI": ""}
        with subprocess.Popen(
            [*command, "--endpoint", endpoint, "--limit", "5"],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as proc:
            assert proc.stderr is not None
            seen = ""
            while "graph store: embedded at" not in seen:  # the database runs; the build waits to read
                line = proc.stderr.readline()
                assert line, f"kgtest ended early: {seen}"
                seen += line
            # Signalled once the build asks the endpoint, not while it still writes the schema
            # (a signal inside a driver call is another test's matter; here, a blocked read).
            silent.settimeout(120)
            asking, _ = silent.accept()
            time.sleep(0.5)
            proc.send_signal(sig)
            _, err = proc.communicate(timeout=60)
            asking.close()
    assert proc.returncode == code, seen + err
    assert "fatal error" not in err and "Traceback" not in err
    assert not list(tmp_path.rglob("hs_err*")), "no JVM crash report"
    assert not (ws / "db" / "server.json").exists(), "the server was stopped, which removes its state file"


_HOLD = """
import sys, time
from pathlib import Path
from kgtest.kg.embedded import EmbeddedServer
server = EmbeddedServer(Path(sys.argv[1]))
server.start()
(Path(sys.argv[1]) / "server.json").unlink()  # as while it starts: the files held, no state file yet
print("held", flush=True)
time.sleep(120)
"""


@pytest.mark.timeout(180)
def test_a_database_another_command_is_starting_is_named_with_what_to_do(tmp_path: Path) -> None:
    """Two commands starting it at once (build-kb a second after gen): ArcadeDB's LockException, in
    Java's words, and 'Is another program using this workspace?' (probe-13)."""
    ws = tmp_path / "ws"
    env = {**os.environ, "NEO4J_URI": "", "KGTEST_STORE_URI": ""}
    with subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(ws / "db")], stdout=subprocess.PIPE, text=True, env=env
    ) as holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline() == "held\n"
            second = subprocess.run(
                [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), "kb", "stats"],
                capture_output=True, text=True, env={**env, "COLUMNS": "300"}, timeout=120,
            )  # fmt: skip
        finally:
            holder.kill()
    said = " ".join(second.stderr.split())
    assert second.returncode == 3, second.stderr
    assert f"{ws / 'db'} is held by another process" in said and "wait for that command to finish" in said
    assert "LockException" not in said and "Traceback" not in said
