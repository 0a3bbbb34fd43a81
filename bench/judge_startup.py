"""Start-up of `kgtest judge` on a one-reply run: with the start-up caches, against without them.

    python bench/bench_judge.py --startup [--repeat N]

Builds a scratch workspace (the bundled KB, a small suite) and two one-reply runs through the
real command line: a bare "Yes." and a reply with reasoning. Each measurement is a fresh
process, timed from launch to exit, so imports count as users feel them; each is taken with
the caches of docs/performance.md's "Start-up" and the database lingering from the command
before, and right after deleting them and stopping it (the uncached path, which starts the
database to learn which KB it holds and parses every reply). A bare reply needs no model; the
reasoned one needs the parser and the rules, still no embeddings. bench/bench_startup.py
times the other commands, on Wikidata12k.
"""

from __future__ import annotations

import os
import statistics
import tempfile
from pathlib import Path

from bench_startup import drop_caches, kgtest, timed


def startup(repeat: int) -> None:
    with tempfile.TemporaryDirectory(prefix="kgtest-bench-") as tmp:
        ws = Path(tmp) / "ws"
        kgtest(ws, "build-kb", "example", "--quiet")
        kgtest(ws, "gen", "--count", "4", "--rules", "ground", "--quiet")
        suite = str(ws / "suites" / "suite.jsonl")
        runs = {}
        for name, text in (("bare", "Yes."), ("reasoned", "Yes. It is documented in the records.")):
            sut = f"plugin:bench_startup:Replier?text={text}"
            out = kgtest(ws, "run", suite, "--sut", sut, "--limit", "1")
            runs[name] = out.split("run ")[1].split(":")[0]
        commands = {
            f"{name}{graph}": ("judge", run_id, "--quiet", *(("--no-graph",) if graph else ()))
            for name, run_id in runs.items()
            for graph in ("", " --no-graph")
        }
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(repeat):
            for name, command in commands.items():
                kgtest(ws, *command)  # as a user meets it the second time: caches and database warm
                times.setdefault((name, "cached"), []).append(timed(ws, command)[0])
                drop_caches(ws)
                times.setdefault((name, "uncached"), []).append(timed(ws, command)[0])
        load = os.getloadavg()[0]
        print(f"start-up to judge one reply, median of {repeat} fresh processes (load average {load:.1f})")
        for name in commands:
            cached = statistics.median(times[(name, "cached")])
            uncached = statistics.median(times[(name, "uncached")])
            ratio = uncached / cached
            print(f"judge, {name:<22} {cached:6.2f} s cached {uncached:6.2f} s uncached {ratio:4.1f}x")
