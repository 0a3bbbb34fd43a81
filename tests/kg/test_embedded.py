"""The embedded database's start-up, where it can go wrong before any query."""

from __future__ import annotations

import socket
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
            store = GraphStore(endpoint, engine="embedded")
            assert store.query("RETURN 1 AS one") == [{"one": 1}]
            store.close()
        finally:
            server.stop()
