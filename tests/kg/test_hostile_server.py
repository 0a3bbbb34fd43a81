"""A frozen, copied, stale or foreign server never hangs or confuses a command (issue 42, goals 3 and 4).

Real processes throughout: a lingering server stopped with SIGSTOP, a workspace copied with
``cp -a`` while its server lingers, a server.json whose process id and port belong to strangers,
and a server.json that is no JSON.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kgtest.core.processes import alive
from kgtest.core.settings import load_settings
from kgtest.kg.embedded import EmbeddedServer, server_state
from kgtest.kg.linger import dismiss
from kgtest.kg.store import open_store

from .test_linger import ended, kgtest, lingering, server_starts

STATS = ("kb", "stats")


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace with the example KB, and no server."""
    ws = tmp_path_factory.mktemp("example") / "ws"
    kgtest(ws, "build-kb", "example", "--quiet")
    return ws


def _copy(example: Path, where: Path) -> Path:
    ws = where / "ws"
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "-a", str(example), str(ws)], check=True)
    return ws


def test_a_stopped_server_is_an_error_within_seconds_naming_workspace_and_port(
    example: Path, tmp_path: Path
) -> None:
    ws = _copy(example, tmp_path)
    kgtest(ws, *STATS)
    pid = lingering(ws)
    assert pid is not None
    port = server_state(ws / "db")["identity_port"]
    os.kill(pid, signal.SIGSTOP)
    try:
        for command in (STATS, ("db", "stop")):
            started = time.monotonic()
            done = kgtest(ws, *command, code=3)
            took = time.monotonic() - started
            print(f"\n{' '.join(command)}: {took:.1f} s to say the server is stopped")
            assert took < 30, "no wait for ever (a stopped server made `kb stats` wait 420 s)"
            said = " ".join(done.stderr.split())
            assert f"(process {pid}, port {port}) did not answer" in said and str(ws) in said
            assert "Traceback" not in done.stderr
        assert alive(pid), "a server that proved nothing was sent no signal"
    finally:
        os.kill(pid, signal.SIGCONT)
        dismiss(ws / "db")
    assert ended(pid)


def test_a_copied_workspace_starts_its_own_server_and_stops_only_its_own(
    example: Path, tmp_path: Path
) -> None:
    original = _copy(example, tmp_path / "a")
    kgtest(original, *STATS)
    first = lingering(original)
    assert first is not None
    try:
        copy = tmp_path / "b"
        subprocess.run(["cp", "-a", str(original), str(copy)], check=True)
        starts = server_starts(copy)
        kgtest(copy, "gen", "--count", "4", "--seed", "1", "--quiet")  # writes its suite's graph
        second = lingering(copy)
        assert second is not None and second != first, "the copy started a server of its own"
        assert server_starts(copy) == starts + 1
        assert _cases(original) == 0 and _cases(copy) == 4, "the copy wrote its suite into its own database"
        done = kgtest(copy, "db", "stop")
        assert f"stopped (process {second})" in done.stdout
        assert alive(first) and lingering(original) == first, "the original's server was left alone"
    finally:
        dismiss(original / "db")
        dismiss(copy / "db")


def _cases(ws: Path) -> int:
    """The test cases in the workspace's graph, read through its lingering server."""
    settings = load_settings(ws, env={"KGTEST_STORE_LINGER_S": "60"})
    with open_store(settings, shared=True) as store:
        return int(store.query("MATCH (c:TestCase) RETURN count(c) AS n")[0]["n"])


class Stranger:
    """A process that is no kgtest server, on a port server.json names: it records what it is sent."""

    def __init__(self, answer: bytes = b"") -> None:
        self.heard = b""
        self.answer = answer
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(2)
                try:
                    while chunk := conn.recv(4096):
                        self.heard += chunk
                        if self.answer:
                            conn.sendall(self.answer)
                except OSError:
                    pass

    def close(self) -> None:
        self._listener.close()


def test_a_stale_server_file_sends_no_password_and_no_signal_to_strangers(
    example: Path, tmp_path: Path
) -> None:
    """Its process id now another program's, its ports a stranger's that answers with a forged proof
    (tests/kg/test_relay.py tries other answers on the relay)."""
    ws = _copy(example, tmp_path)
    sleeper = subprocess.Popen(["sleep", "300"])  # a live process whose id the file names
    stranger = Stranger(b'{"said": {"pid": 1}, "proof": "00"}\n')
    try:
        (ws / "db" / "server.json").write_text(json.dumps({
            "pid": sleeper.pid, "uri": f"bolt://127.0.0.1:{stranger.port}", "http_port": 1,
            "identity_port": stranger.port, "linger": True, "relay_port": stranger.port,
        }))  # fmt: skip
        password = (ws / "db" / "credentials").read_bytes().strip()
        done = kgtest(ws, *STATS, linger_s="0")
        assert "entities" in done.stdout.lower() or done.stdout, done.stderr
        assert password not in stranger.heard and stranger.heard.startswith(b"kgtest-who 1 ")
        kgtest(ws, "db", "stop")
        assert sleeper.poll() is None, "no signal to a process that proved nothing"
    finally:
        stranger.close()
        sleeper.kill()
        sleeper.wait()
        dismiss(ws / "db")


def test_a_malformed_server_file_is_an_error_naming_it(example: Path, tmp_path: Path) -> None:
    ws = _copy(example, tmp_path)
    path = ws / "db" / "server.json"
    for text in ("{not json", '{"pid": "12", "uri": 5}', "[1, 2]", "\x00\xff\xfe"):
        path.write_bytes(text.encode("latin-1"))
        for command in (STATS, ("db", "stop")):
            done = kgtest(ws, *command, code=3)
            assert str(path) in " ".join(done.stderr.split()) and "Traceback" not in done.stderr, done.stderr


_SECOND = """
import sys, time
from pathlib import Path
from kgtest.core.errors import StoreUnavailableError
from kgtest.kg.embedded import EmbeddedServer

class Second(EmbeddedServer):
    def _serve(self, *args):
        server = super()._serve(*args)
        Path(sys.argv[2]).touch()  # its server runs; the database is not there yet
        while not Path(sys.argv[3]).exists():
            time.sleep(0.05)  # the first command creates and opens it meanwhile
        return server

try:
    Second(Path(sys.argv[1])).start()
except StoreUnavailableError as exc:
    sys.exit(f"error: {exc}")
"""


def test_a_command_starting_while_another_creates_the_database_is_told_to_wait(tmp_path: Path) -> None:
    """Two `build-kb` on a fresh workspace at once: the second's server started before the first
    created the database, then ArcadeDB's "locked by another process" came out of get_database
    as a 60-line Java traceback (exit 1), and its server.json replaced the first's."""
    db, started, created = tmp_path / "ws" / "db", tmp_path / "started", tmp_path / "created"
    second = subprocess.Popen(
        [sys.executable, "-c", _SECOND, str(db), str(started), str(created)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        while not started.exists():
            assert second.poll() is None, second.communicate()
            time.sleep(0.05)
        first = EmbeddedServer(db)
        first.start()
        try:
            first.database()
            mine = (db / "server.json").read_text(encoding="utf-8")
            created.touch()
            _, err = second.communicate(timeout=120)
            assert "is held by another process" in err and "Traceback" not in err, err
            assert (db / "server.json").read_text(encoding="utf-8") == mine, "the second replaced it"
        finally:
            first.stop()
    finally:
        second.kill()
