"""The first `gen` after `build-kb`: against an earlier commit, in the same run.

    python bench/bench_first_gen.py WORKSPACE [--ref COMMIT] [--runs N] [--count C]

WORKSPACE is one `kgtest build-kb` has just built: it holds the KB view build-kb writes, but not
yet what `gen` keeps once it has run (the KB's compiled Prolog program and its derivations). Each
round drops those, then times a fresh `kgtest gen --count C --no-graph` of this tree and of the
earlier one (``git worktree``, bench/bench_regression.py's way), alternating, and requires
byte-identical suites. Prints the medians (wall and CPU seconds) and the ratio earlier / current.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

from bench_startup import env, package  # noqa: E402


def drop_gen_caches(ws: Path) -> None:
    for pattern in ("kbkey-*", "derivable-*"):
        for old in (ws / "cache" / "prolog").glob(pattern):
            old.unlink()


def first_gen(ws: Path, out: Path, count: int, path: Path | None) -> tuple[float, float]:
    drop_gen_caches(ws)
    args = ["gen", "--count", str(count), "--no-graph", "--quiet", "--out", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), *args], env=env(path))
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"gen failed ({done.returncode})")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("workspace", type=Path)
    parser.add_argument("--ref", default="HEAD")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--count", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kgtest-first-gen-") as tmp:
        view = package(args.ref, Path(tmp) / "ref")
        times: dict[str, list[tuple[float, float]]] = {"current": [], "earlier": []}
        try:
            for _ in range(args.runs):
                for kind, path in (("current", None), ("earlier", view)):
                    out = Path(tmp) / f"{kind}.jsonl"
                    times[kind].append(first_gen(args.workspace, out, args.count, path))
                if (Path(tmp) / "current.jsonl").read_bytes() != (Path(tmp) / "earlier.jsonl").read_bytes():
                    raise SystemExit("the two trees made different suites")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", f"{tmp}/ref/tree"])
    medians = {kind: _medians(seconds) for kind, seconds in times.items()}
    for kind, (wall, cpu) in medians.items():
        tree = args.ref if kind == "earlier" else "this tree"
        print(f"{kind:>8} ({tree}): {wall:6.2f} s wall, {cpu:6.2f} s CPU")
    ratio = medians["earlier"][0] / medians["current"][0]
    print(f"ratio earlier / current: {ratio:.2f}x wall; suites identical in every round")


def _medians(seconds: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(w for w, _ in seconds), statistics.median(c for _, c in seconds)


if __name__ == "__main__":
    main()
