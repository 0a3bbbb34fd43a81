"""A soak of the lingering server: many commands from two workspaces, servers and clients killed between.

Used by tests/kg/test_soak.py (a short one, for CI) and bench/soak_linger.py (hundreds of commands).
Two workspaces hold the example KB, the second a ``cp -a`` of the first made while the first's
server lingered (so each must tell its server from the other's, kg/identity.py). Each step runs one
real ``kgtest`` command in a fresh process on a random workspace (``gen`` writing its suite's
graph, or ``kb stats``), and now and then, before it, kills that workspace's lingering server with
SIGKILL, or starts a ``gen`` and kills it with SIGKILL mid-way. Then:

* no hang: every command ends within its timeout;
* none fails: every command not killed exits 0 (a server killed between commands is replaced by
  the next command that needs one);
* nothing lost: every suite a finished ``gen`` wrote is in its workspace's graph, whole (its
  digest set and as many cases as its file holds), and in no other workspace's.
"""

from __future__ import annotations

import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from kgtest.core.processes import alive
from kgtest.core.settings import load_settings
from kgtest.kg.embedded import server_state
from kgtest.kg.linger import dismiss
from kgtest.kg.store import open_store

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Soak:
    commands: int = 0
    failed: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    servers_killed: int = 0
    clients_killed: int = 0
    seconds: list[float] = field(default_factory=list)
    written: dict[Path, list[Path]] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, object]:
        return {
            "commands": self.commands, "servers_killed": self.servers_killed,
            "clients_killed": self.clients_killed, "failed": len(self.failed), "hangs": len(self.hangs),
            "suites_written": sum(map(len, self.written.values())), "lost": len(self.lost),
            "median_s": round(statistics.median(self.seconds), 2) if self.seconds else 0,
            "max_s": round(max(self.seconds), 2) if self.seconds else 0,
        }  # fmt: skip


def _env() -> dict[str, str]:
    return {**os.environ, "NEO4J_URI": "", "KGTEST_STORE_URI": "", "KGTEST_STORE_LINGER_S": "120",
            "PYTHONPATH": str(ROOT)}  # fmt: skip


def _argv(ws: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), *args]


def kgtest(ws: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_argv(ws, *args), env=_env(), capture_output=True, text=True, timeout=timeout)


def workspaces(root: Path) -> list[Path]:
    """Two workspaces of the example KB: the second copied (``cp -a``) while the first's server lingers."""
    first = root / "one"
    for args in (("build-kb", "example", "--quiet"), ("kb", "stats")):
        done = kgtest(first, *args)
        assert done.returncode == 0, done.stderr
    second = root / "two"
    subprocess.run(["cp", "-a", str(first), str(second)], check=True)
    return [first, second]


def soak(
    root: Path,
    steps: int,
    seed: int = 0,
    timeout: float = 180,
    kill_share: float = 0.12,
    plan: dict[int, str] | None = None,
) -> Soak:
    """``steps`` commands; before each, with ``kill_share`` each, a server or a client killed, or as
    ``plan`` says (step -> ``server`` or ``client``)."""
    rng = random.Random(seed)
    spaces = workspaces(root)
    done = Soak(written={ws: [] for ws in spaces})
    try:
        for step in range(steps):
            ws = spaces[step % 2] if plan is not None else rng.choice(spaces)
            roll = rng.random()
            kill = (
                plan.get(step, "")
                if plan is not None
                else ("server" if roll < kill_share else "client" if roll < 2 * kill_share else "")
            )
            if kill == "server":
                done.servers_killed += _kill_server(ws)
            elif kill == "client":
                _kill_client(ws, step, rng)
                done.clients_killed += 1
            suite = (ws / "suites" / f"soak-{step}.jsonl").resolve()
            args = ("gen", "--count", "3", "--seed", str(step), "--quiet", "--out", str(suite))
            if rng.random() < 0.3 and not kill:
                args = ("kb", "stats")
            started = time.monotonic()
            try:
                ran = kgtest(ws, *args, timeout=timeout)
            except subprocess.TimeoutExpired:
                done.hangs.append(f"step {step}: {' '.join(args)} in {ws.name}")
                continue
            finally:
                done.seconds.append(time.monotonic() - started)
                done.commands += 1
            if ran.returncode != 0:
                done.failed.append(f"step {step}: {' '.join(args)} in {ws.name}: {ran.stderr[-600:]}")
            elif args[0] == "gen":
                done.written[ws].append(suite)
        done.lost = _lost(done.written)
    finally:
        for ws in spaces:
            dismiss(ws / "db", 60)
    return done


def _kill_server(ws: Path) -> int:
    pid = server_state(ws / "db").get("pid")
    if not isinstance(pid, int) or not alive(pid):
        return 0
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return 1


def _kill_client(ws: Path, step: int, rng: random.Random) -> None:
    """A ``gen`` killed with SIGKILL part-way (its suite is not counted as written)."""
    out = ws / "suites" / f"killed-{step}.jsonl"
    client = subprocess.Popen(
        _argv(ws, "gen", "--count", "3", "--seed", str(10_000 + step), "--quiet", "--out", str(out)),
        env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    time.sleep(rng.uniform(0.3, 3.0))
    client.kill()
    client.wait()


def _lost(written: dict[Path, list[Path]]) -> list[str]:
    """Suites a finished gen wrote that its workspace's graph does not hold whole, or another's does."""
    lost: list[str] = []
    found: dict[Path, dict[str, tuple[str, int]]] = {}
    for ws in written:
        with open_store(load_settings(ws, env=_env()), shared=True) as store:  # through its lingering server
            rows = store.query(
                "MATCH (s:Suite) OPTIONAL MATCH (c:TestCase)-[:IN_SUITE]->(s) "
                "RETURN s.path AS path, s.digest AS digest, count(c) AS cases"
            )
        found[ws] = {str(r["path"]): (str(r["digest"] or ""), int(r["cases"])) for r in rows}
    for ws, suites in written.items():
        for suite in suites:
            cases = len(suite.read_text(encoding="utf-8").splitlines())
            digest, held = found[ws].get(str(suite), ("", -1))
            if not digest or held != cases:
                lost.append(f"{suite}: graph holds {held} of {cases} cases, digest {digest!r}")
            for other in written:
                if other != ws and str(suite) in found[other]:
                    lost.append(f"{suite} is in the graph of {other}")
    return lost


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(soak(Path(tmp), int(sys.argv[1]) if len(sys.argv) > 1 else 10).summary()))
