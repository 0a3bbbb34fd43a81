"""A server proves which workspace it serves (kg/identity.py): only its own folder and secret pass."""

from __future__ import annotations

import socket
import time
from pathlib import Path

from kgtest.kg.identity import Identity, IdentityServer, probe


def test_only_the_same_folder_with_the_same_secret_is_proven(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    server = IdentityServer(Identity(tmp_path / "a", b"secret"), {"pid": 12, "uri": "bolt://127.0.0.1:9"})
    try:
        said = probe(Identity(tmp_path / "a", b"secret"), server.port)
        assert said is not None and said["pid"] == 12 and said["workspace"] == str((tmp_path / "a").resolve())
        assert probe(Identity(tmp_path / "b", b"secret"), server.port) is None, "a copy: another folder"
        assert probe(Identity(tmp_path / "a", b"guess"), server.port) is None, "no secret, no proof"
        server.state["relay_port"] = 5  # announced later: the proof says it from then on
        assert (probe(Identity(tmp_path / "a", b"secret"), server.port) or {}).get("relay_port") == 5
    finally:
        server.close()
    assert probe(Identity(tmp_path / "a", b"secret"), server.port) is None, "closed: nothing answers"


def test_a_client_that_sends_nothing_does_not_hold_up_the_others(tmp_path: Path) -> None:
    server = IdentityServer(Identity(tmp_path, b"secret"), {"pid": 1})
    silent = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
    try:
        started = time.monotonic()
        assert probe(Identity(tmp_path, b"secret"), server.port) is not None
        assert time.monotonic() - started < 2
    finally:
        for conn in silent:
            conn.close()
        server.close()
