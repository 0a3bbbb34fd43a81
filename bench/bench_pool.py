"""gen and judge on 1 and 2 worker processes: wall time, ratio in the same run, outputs compared.

    python bench/bench_pool.py --workspace DIR [--count N] [--temporal N] [--replies N] [--rounds R]
                                [--only gen|judge]

DIR is a workspace with a KB built (e.g. `kgtest --workspace DIR build-kb
../shared/data/wikidata/wikidata12k.nt.gz`). Each round runs ``kgtest gen`` (N fact cases and N
temporal cases at depth 2, --no-graph) and ``kgtest judge`` (a run of a witness that states
its evidence and lies about a third of the answers, tests/cli/scale_bots.py) as fresh
commands, with --workers 1 and --workers 2 in alternating order, so both see the same load.
Prints each time, the medians and their ratio, the load average (``uptime``) around each
measurement, and whether the outputs were byte-identical (they must be).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KGTEST = [sys.executable, "-m", "kgtest.cli"]


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _timed(args: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system, the command's worker processes included)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([*KGTEST, *args], check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def _rounds(label: str, command: dict[int, list[str]], output: Path, rounds: int) -> None:
    times: dict[int, list[float]] = {1: [], 2: []}
    outputs: dict[int, bytes] = {}
    for r in range(rounds):
        for workers in (1, 2) if r % 2 == 0 else (2, 1):
            before = _load()
            seconds, cpu = _timed(command[workers])
            times[workers].append(seconds)
            outputs[workers] = output.read_bytes()
            print(
                f"  {label} workers={workers} round {r + 1}: {seconds:6.1f} s wall, {cpu:6.1f} s CPU "
                f"(load {before} -> {_load()})"
            )
    one, two = statistics.median(times[1]), statistics.median(times[2])
    same = "byte-identical" if outputs[1] == outputs[2] else "DIFFERENT"
    print(f"{label}: median 1 worker {one:.1f} s, 2 workers {two:.1f} s, speed-up {one / two:.2f}x; {same}")


def main() -> None:
    how = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=how)
    parser.add_argument("--workspace", type=Path, required=True)
    parser.add_argument("--count", type=int, default=2000, help="fact cases gen makes")
    parser.add_argument("--temporal", type=int, default=1000, help="temporal cases gen makes (depth 2)")
    parser.add_argument("--replies", type=int, default=6000, help="fact cases asked and judged")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=("gen", "judge"), help="time this command alone")
    args = parser.parse_args()
    ws = str(args.workspace)
    print(f"cores: {len(os.sched_getaffinity(0))}; load at start {_load()}")

    suite = args.workspace / "suites" / "bench-pool.jsonl"
    gen = ["--workspace", ws, "gen", "--count", str(args.count), "--mtl-depth", "2", "--temporal-count",
           str(args.temporal), "--seed", "7", "--no-graph", "--quiet", "--out", str(suite)]  # fmt: skip
    if args.only != "judge":
        _rounds("gen", {w: [*gen, "--workers", str(w)] for w in (1, 2)}, suite, args.rounds)
    if args.only == "gen":
        return

    asked = args.workspace / "suites" / "bench-pool-judge.jsonl"
    kinds = "ground,symmetric,inverse,transitive,composite,negation"
    _timed(["--workspace", ws, "gen", "--count", str(args.replies), "--rules", kinds, "--seed", "7",
            "--no-graph", "--quiet", "--out", str(asked)])  # fmt: skip
    spec = f"plugin:tests.cli.scale_bots:MixedWitness?suite={asked}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [*KGTEST, "--workspace", ws, "run", str(asked), "--sut", spec, "--quiet"],
        check=True, env=env, cwd=ROOT, capture_output=True, text=True,
    ).stdout  # fmt: skip
    run_id = out.split()[1].rstrip(":")
    verdicts = args.workspace / "runs" / run_id / "verdicts.jsonl"
    print(f"judging run {run_id}: {out.splitlines()[0]}")
    judge = ["--workspace", ws, "judge", run_id, "--no-graph", "--quiet"]
    _rounds("judge", {w: [*judge, "--workers", str(w)] for w in (1, 2)}, verdicts, args.rounds)


if __name__ == "__main__":
    main()
