"""`kgtest run --sut smollm2` with the packaged model read from its GGUF file, against its converted copy.

    python bench/bench_model_load.py [--runs N] [--count C]

Builds the bundled example in a scratch workspace and a suite of C fact questions, then times
fresh `kgtest run` processes, alternating: **gguf** with ``KGTEST_MODEL_CACHE=0`` (every load
reads the GGUF file, as before runner/gguf_cache.py), **converted** with the cache on and its
entry made by a first untimed run. Each round starts with no replies cached and requires the
same reply texts from both. Prints medians (wall and CPU seconds) and the ratio gguf / converted.
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


def kgtest(ws: Path, *args: str, cache: bool = True, xdg: Path) -> tuple[float, float]:
    env = {**os.environ, "KGTEST_WORKSPACE": "", "XDG_CACHE_HOME": str(xdg)}
    env["KGTEST_MODEL_CACHE"] = "1" if cache else "0"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), *args], env=env)
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"kgtest {' '.join(args)} failed ({done.returncode})")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def fresh_run(ws: Path, cache: bool, xdg: Path) -> tuple[float, float, list[str]]:
    """One `kgtest run` that has to ask everything; the texts of its replies in case order."""
    shutil.rmtree(ws / "runs", ignore_errors=True)
    for old in (ws / "cache").glob("replies.sqlite*"):
        old.unlink()
    wall, cpu = kgtest(ws, "run", "--sut", "smollm2", "--quiet", cache=cache, xdg=xdg)
    [replies] = (ws / "runs").glob("*/replies.jsonl")
    rows = [json.loads(line) for line in replies.read_text(encoding="utf-8").splitlines() if line]
    said = sorted((r["case_id"], e["position"], e["reply"]["text"]) for r in rows for e in r["exchanges"])
    if not said or any(e["reply"]["error"] for r in rows for e in r["exchanges"]):
        raise SystemExit(f"a reply failed or none came: {replies}")
    return wall, cpu, [text for _, _, text in said]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kgtest-bench-model-") as tmp:
        ws, xdg = Path(tmp) / "ws", Path(tmp) / "xdg"
        kgtest(ws, "build-kb", "example", "--quiet", xdg=xdg)
        kgtest(ws, "gen", "--count", str(args.count), "--no-graph", "--quiet", xdg=xdg)
        fresh_run(ws, True, xdg)  # makes the converted entry, untimed
        times: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
        for _ in range(args.runs):
            seen = {}
            for cache in (False, True):
                wall, cpu, texts = fresh_run(ws, cache, xdg)
                times[cache].append((wall, cpu))
                seen[cache] = texts
            if seen[False] != seen[True]:
                raise SystemExit(f"the replies differ: {seen[False]} != {seen[True]}")
        for cache, name in ((False, "gguf"), (True, "converted")):
            walls, cpus = zip(*times[cache], strict=True)
            print(f"{name:>10}: wall {statistics.median(walls):6.2f} s  cpu {statistics.median(cpus):6.2f} s")
        ratio = statistics.median(w for w, _ in times[False]) / statistics.median(w for w, _ in times[True])
        print(f"gguf / converted (wall): {ratio:.2f}x over {args.runs} rounds, same replies each round")


if __name__ == "__main__":
    main()
