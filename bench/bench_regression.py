"""build-kb against an earlier commit, in the same run: the bench that catches a regression.

    python bench/bench_regression.py [DUMP] [--ref COMMIT] [--runs N] [--fail-under R]

The earlier commit (default: the landing before issue 11, the last without the build's sanity
check) is checked out with ``git worktree add`` into a temporary folder and removed afterwards;
both versions run in this virtual environment. For each, in alternation so that the machine's
load falls on both alike:

* **parse**: reading the dump into a snapshot, alone in a fresh process (facts/s);
* **cold**: ``kgtest build-kb DUMP --quiet`` into an empty workspace, end to end (JVM start,
  parse, load, what follows), facts/s and the process's peak RSS;
* **re-run**: the same command again on that workspace (since the streamed build, one that
  only hashes the dump when nothing was written since; an earlier tree parses it again).

It prints the medians and the ratios current / earlier, and exits 1 when the cold ratio falls
under ``--fail-under`` (default 0.8). Issue 25's regression (the sanity check reading the whole
KB back, from issue 11) showed here as a cold ratio of 0.3-0.4 on a 200,000-fact dump.
``--current PATH`` runs another tree as the current version (a folder laid out like the repo).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / ".." / "shared" / "data" / "wikidata" / "wikidata12k.nt.gz"
BEFORE_SANITY = "accf370"
"""The landing before issue 11's merge: build-kb without the whole-KB sanity check."""

PARSE = """
import json, sys, time
from pathlib import Path
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
t0, c0 = time.perf_counter(), time.process_time()
b = SnapshotBuilder("bench")
read_dump(Path(sys.argv[1]), b)
snap = b.finish(builtin_catalog())
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
print(json.dumps({"facts": len(snap.facts), "seconds": seconds, "cpu": cpu}))
"""


def package_view(tree: Path, into: Path) -> Path:
    """A folder that imports as ``kgtest`` from ``tree`` (pyproject's package-dir, as links)."""
    mapping = tomllib.loads((tree / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    pkg = into / "kgtest"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    for name, folder in mapping.items():
        parts = name.split(".")
        if len(parts) == 2:
            (pkg / parts[1]).symlink_to(tree / folder)
    return into


def run(args: list[str], path: Path) -> tuple[float, float, str, float]:
    """Seconds, peak RSS in MiB, stdout and CPU seconds of one process with ``path`` first on
    PYTHONPATH. CPU time is the steadier figure on a shared machine: waiting for a core is not in it."""
    env = {**os.environ, "PYTHONPATH": str(path), "KGTEST_WORKSPACE": ""}
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, *args], stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{' '.join(args)} failed:\n{err.read().decode(errors='replace')[-3000:]}")
        cpu = usage.ru_utime + usage.ru_stime
        return seconds, usage.ru_maxrss / 1024, out.read().decode(), cpu


def measure(path: Path, dump: Path) -> dict[str, float]:
    parse = json.loads(run(["-c", PARSE, str(dump)], path)[2].strip().splitlines()[-1])
    with tempfile.TemporaryDirectory() as ws:
        build = ["-m", "kgtest.cli", "--workspace", ws, "build-kb", str(dump), "--quiet"]
        cold, rss, _, cpu = run(build, path)
        again = run(build, path)[0]
    n = parse["facts"]
    return {
        "facts": n,
        "parse": n / parse["seconds"],
        "parse_cpu": parse["cpu"],
        "cold": n / cold,
        "cpu": cpu,
        "rss": rss,
        "rerun": again,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--ref", default=BEFORE_SANITY, help="the earlier commit [default: %(default)s]")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--fail-under", type=float, default=0.8)
    parser.add_argument("--current", type=Path, default=ROOT, help="the tree to measure [default: this one]")
    args = parser.parse_args()
    dump = args.dump.resolve()

    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "src"
        git = ["git", "-C", str(ROOT), "worktree"]
        subprocess.run([*git, "add", "--detach", str(old), args.ref], check=True, capture_output=True)
        try:
            paths = {
                "earlier": package_view(old, Path(tmp) / "earlier"),
                "current": package_view(args.current.resolve(), Path(tmp) / "current"),
            }
            results: dict[str, list[dict[str, float]]] = {name: [] for name in paths}
            for _ in range(args.runs):
                for name, path in paths.items():
                    results[name].append(measure(path, dump))
        finally:
            subprocess.run([*git, "remove", "--force", str(old)], check=False)

    med = {name: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for name, rs in results.items()}
    print(f"{dump.name}: {med['current']['facts']:.0f} facts; {args.ref} vs the current tree, load {_load()}")
    print(f"{'':>8} {'parse f/s':>10} {'cold f/s':>9} {'cold CPU s':>10} {'peak MiB':>9} {'re-run s':>9}")
    for name, m in med.items():
        rates = f"{m['parse']:10.0f} {m['cold']:9.0f} {m['cpu']:10.1f}"
        print(f"{name:>8} {rates} {m['rss']:9.0f} {m['rerun']:9.2f}")
    ratio = {k: med["current"][k] / med["earlier"][k] for k in ("parse", "cold")}
    cpu = med["earlier"]["cpu"] / med["current"]["cpu"]
    ratios = f"{ratio['parse']:9.2f}x {ratio['cold']:8.2f}x {cpu:9.2f}x"
    print(f"{'ratio':>8} {ratios}  (current / earlier; CPU: earlier / current)")
    print(
        f"parse CPU s: {med['earlier']['parse_cpu']:.2f} earlier, {med['current']['parse_cpu']:.2f} current"
    )
    if ratio["cold"] < args.fail_under:
        print(f"REGRESSION: cold build-kb at {ratio['cold']:.2f}x of {args.ref} (under {args.fail_under})")
        sys.exit(1)


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
