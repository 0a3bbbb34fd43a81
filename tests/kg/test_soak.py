"""The lingering server's soak, short: commands from two workspaces (one a copy of the other),
servers and clients killed between them; no hang, no failure, nothing lost (tests/kg/soak.py;
bench/soak_linger.py runs hundreds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .soak import soak


@pytest.mark.timeout(600)
def test_commands_from_two_workspaces_survive_killed_servers_and_clients(tmp_path: Path) -> None:
    found = soak(tmp_path, 6, seed=3, timeout=120, plan={2: "server", 3: "client"})
    print(f"\n{found.summary()}")
    assert not found.hangs and not found.failed, found.hangs + found.failed
    assert found.servers_killed == 1 and found.clients_killed == 1
    assert sum(map(len, found.written.values())) >= 4 and not found.lost, found.lost
