"""Start-up of `gen`, `judge` and `inspect`: answered by the caches, against the uncached path.

    python bench/bench_startup.py [DUMP] [--workspace WS] [--runs N] [--ref COMMIT]

Builds a workspace from DUMP (default: Wikidata12k; ``--workspace`` reuses one already built
from it), a 12-case suite and a run of it whose every reply carries reasoning (a plug-in
system, ``Replier`` below), then times fresh processes from launch to exit, so imports count
as users feel them. Each command runs twice per round, in alternation:

* **cached**: as a user meets it the second time (the KB's stamp, view, compiled program and
  derivations in the workspace's cache, docs/performance.md "Start-up");
* **uncached**: the same command after the caches are deleted and the lingering database
  stopped (``kgtest db stop``), so it starts the database, reads the KB back, writes the
  program out, derives everything and parses every reply again;
* **linger 0**: cached, but with ``KGTEST_STORE_LINGER_S=0`` and no server lingering, so a
  command that writes the graph starts the database in its own process (as before kg/linger.py).

``--ref COMMIT`` adds a third column: that commit's tree (``git worktree``, as
bench/bench_regression.py does) on a copy of the workspace. Medians of ``--runs`` rounds,
the ratio uncached / cached, and the load average beside each row (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
DEFAULT = ROOT / ".." / "shared" / "data" / "wikidata" / "wikidata12k.nt.gz"
REASONED = "Yes. It is documented in the records of the city."


class Replier:
    """A system under test that gives every case the same reply (``plugin:bench_startup:Replier``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def respond(self, conversation: list[dict[str, str]]) -> str:
        return self.text


def env(path: Path | None = None, linger: str | None = None) -> dict[str, str]:
    """This folder on PYTHONPATH (for the plug-in), after ``path`` (another tree's package view)."""
    first = [str(path)] if path is not None else []
    joined = os.pathsep.join([*first, str(BENCH), os.environ.get("PYTHONPATH", "")])
    out = {
        **os.environ,
        "PYTHONPATH": joined,
        "KGTEST_WORKSPACE": "",
        "NEO4J_URI": "",
        "KGTEST_STORE_URI": "",
    }
    out.pop("KGTEST_STORE_LINGER_S", None)  # an earlier tree knows no such setting
    return out if linger is None else {**out, "KGTEST_STORE_LINGER_S": linger}


def kgtest(ws: Path, *args: str, path: Path | None = None, linger: str | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), *args],
        env=env(path, linger),
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"kgtest {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def timed(
    ws: Path, args: tuple[str, ...], path: Path | None = None, linger: str | None = None
) -> tuple[float, float]:
    """Wall seconds, and the CPU seconds (user and system, every thread) the process used.

    A lingering database's CPU is another process's, not counted: its start is in the wall time.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    kgtest(ws, *args, path=path, linger=linger)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def drop_caches(ws: Path) -> None:
    """What the start-up caches keep; the reply cache and the JVM's class cache stay."""
    kgtest(ws, "db", "stop")
    cache = ws / "cache"
    (cache / "kb-stamp.json").unlink(missing_ok=True)
    (cache / "kb-view.json").unlink(missing_ok=True)
    (cache / "parses.sqlite").unlink(missing_ok=True)
    for pattern in ("kbkey-*", "derivable-*", "kb-*.qlf", "kb.pl"):
        for old in (cache / "prolog").glob(pattern):
            old.unlink()


def prepare(ws: Path, dump: Path | None) -> tuple[str, str]:
    """The run id of 12 reasoned replies and a case id, in ``ws`` (built from ``dump`` if given)."""
    if dump is not None:
        kgtest(ws, "build-kb", str(dump), "--quiet")
    suite = ws / "suites" / "startup-12.jsonl"
    kgtest(ws, "gen", "--count", "12", "--seed", "7", "--quiet", "--out", str(suite))
    out = kgtest(ws, "run", str(suite), "--sut", f"plugin:bench_startup:Replier?text={REASONED}")
    run_id = out.split("run ")[1].split(":")[0]
    case = json.loads(suite.read_text(encoding="utf-8").splitlines()[0])["id"]
    return run_id, case


def package(ref: str, into: Path) -> Path:
    """A folder that imports ``kgtest`` from commit ``ref`` (bench/bench_regression.py's way)."""
    sys.path.insert(0, str(BENCH))
    from bench_regression import package_view

    tree = into / "tree"
    add = ["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach", str(tree), ref]
    subprocess.run(add, check=True, stdout=sys.stderr)
    return Path(package_view(tree, into / "view"))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--workspace", type=Path, help="a workspace already built from DUMP")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ref", help="also time this commit's tree (on a copy of the workspace)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kgtest-startup-") as tmp:
        ws = args.workspace or Path(tmp) / "ws"
        run_id, case = prepare(ws, None if args.workspace else args.dump)
        commands: dict[str, tuple[str, ...]] = {
            "gen --count 100 --no-graph": (
                "gen",
                "--count",
                "100",
                "--quiet",
                "--no-graph",
                "--out",
                f"{tmp}/g.jsonl",
            ),
            "gen --count 100": ("gen", "--count", "100", "--quiet", "--out", f"{tmp}/g.jsonl"),
            "judge (12 replies) --no-graph": ("judge", run_id, "--quiet", "--no-graph"),
            "judge (12 replies)": ("judge", run_id, "--quiet"),
            "inspect CASE": ("inspect", case),
        }
        earlier: tuple[Path, Path] | None = None
        if args.ref:
            view = package(args.ref, Path(tmp) / "ref")
            shutil.copytree(ws, Path(tmp) / "ref-ws", ignore=shutil.ignore_patterns("server.json"))
            earlier = (view, Path(tmp) / "ref-ws")
        try:
            rows = measure(ws, commands, args.runs, earlier)
        finally:
            if args.ref:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", f"{tmp}/ref/tree"])
    print(f"median of {args.runs} fresh processes each, seconds, wall (CPU: user + system, all threads);")
    print("load average (1 min) at the end of each row; ratios of the medians, cached in the denominator")
    kinds = [k for k in KINDS if k != "earlier" or args.ref]
    head = {"earlier": args.ref or ""}
    print(f"{'command':<31}" + "".join(f" {head.get(k, k):>13} {'ratio':>11}" for k in kinds) + "   load")
    for name, (medians, load) in rows.items():
        cached = medians["cached"]
        line = f"{name:<31} {_pair(cached)} {'':>11}"
        line += "".join(f" {_pair(medians[k])} {_ratio(medians[k], cached)}" for k in kinds[1:])
        print(f"{line}   {load:.1f}")


def _pair(t: tuple[float, float]) -> str:
    return f"{t[0]:5.2f} ({t[1]:5.2f})"


def _ratio(a: tuple[float, float], b: tuple[float, float]) -> str:
    return f"{a[0] / b[0]:4.1f}x ({a[1] / b[1]:3.1f}x)"


Seconds = tuple[float, float]
"""Wall and CPU seconds."""

KINDS = ("cached", "uncached", "linger 0", "earlier")
"""The columns; each round runs them as ``ORDER`` does."""
ORDER = ("linger 0", "uncached", "cached", "earlier")
"""An uncached run leaves the caches and a lingering database behind it, for the cached run next."""


def measure(
    ws: Path, commands: dict[str, tuple[str, ...]], runs: int, earlier: tuple[Path, Path] | None
) -> dict[str, tuple[dict[str, Seconds], float]]:
    """Per command: the median seconds of each kind, and the load at the end."""
    rows: dict[str, tuple[dict[str, Seconds], float]] = {}
    kinds = [k for k in ORDER if k != "earlier" or earlier is not None]
    for name, command in commands.items():
        kgtest(ws, *command)  # fills the caches this command reads
        if earlier is not None:
            kgtest(earlier[1], *command, path=earlier[0])  # the earlier tree's own cache, warm
        times: dict[str, list[Seconds]] = {kind: [] for kind in kinds}
        for _ in range(runs):
            for kind in kinds:
                times[kind].append(one(kind, ws, command, earlier))
        medians = {
            k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
            for k, v in times.items()
        }
        rows[name] = (medians, os.getloadavg()[0])
        shown = ", ".join(f"{k} {[round(w, 2) for w, _ in v]}" for k, v in times.items())
        print(f"  {name}: {shown}", file=sys.stderr)
    kgtest(ws, "db", "stop")
    return rows


def one(kind: str, ws: Path, command: tuple[str, ...], earlier: tuple[Path, Path] | None) -> Seconds:
    if kind == "uncached":
        drop_caches(ws)
    if kind == "linger 0":
        kgtest(ws, "db", "stop")
        return timed(ws, command, linger="0")
    if kind == "earlier":
        assert earlier is not None
        return timed(earlier[1], command, earlier[0])
    return timed(ws, command)


if __name__ == "__main__":
    main()
