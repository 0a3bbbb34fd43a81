"""Does build-kb stay linear in time and flat in memory as the dump grows?

    python bench/bench_scale.py [--copies 7 21 70] [--src LITWD1K] [--max-rss-ratio 1.6]

Makes each dump from a real one with bench/scale_dump.py (LitWD1K renamed K times: 7 copies
are 203,119 facts, 70 are 2,031,190), runs a cold ``kgtest build-kb DUMP --quiet`` into a fresh
workspace for each, and prints facts, wall and CPU seconds, facts per second and per CPU second,
and the process's peak RSS (Python and the JVM together). It exits 1 when the largest dump's
peak RSS exceeds ``--max-rss-ratio`` times the smallest's, or its CPU seconds per fact exceed
``--max-time-ratio`` times the smallest's: what the in-memory snapshot did (5.5 GB and still
growing after 18 minutes on 2,030,000 facts).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LITWD1K = ROOT / ".." / "shared" / "data" / "wikidata" / "litwd1k.nt.gz"
FACTS_PER_COPY = 29_017
"""LitWD1K's facts; every copy adds as many."""


def build(dump: Path, workspace: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS in MiB of one cold build-kb."""
    args = [sys.executable, "-m", "kgtest.cli", "--workspace", str(workspace), "build-kb", str(dump)]
    args.append("--quiet")
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        if os.waitstatus_to_exitcode(status) != 0:
            err.seek(0)
            raise SystemExit(f"build-kb {dump} failed:\n{err.read().decode(errors='replace')[-3000:]}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--copies", type=int, nargs="+", default=[7, 21, 70])
    parser.add_argument("--src", type=Path, default=LITWD1K.resolve())
    parser.add_argument("--dumps", type=Path, help="keep the dumps here, made once [default: temporary]")
    parser.add_argument("--max-rss-ratio", type=float, default=2.0)
    parser.add_argument("--max-time-ratio", type=float, default=1.5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "bench"))
    from scale_dump import scale

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.dumps or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for k in sorted(args.copies):
            dump = folder / f"litwd1k-x{k}.nt.gz"
            if not dump.exists():
                scale(args.src, dump, k)
            wall, cpu, rss = build(dump, Path(tmp) / f"ws{k}")
            facts = k * FACTS_PER_COPY
            rows.append((k, facts, wall, cpu, rss))
            print(
                f"x{k:<3} {facts:>9,} facts  {wall:7.1f} s  {cpu:7.1f} CPU s  {facts / wall:7,.0f} f/s  "
                f"{facts / cpu:7,.0f} f/CPU s  peak {rss:6,.0f} MiB  load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
    (_, f0, _, c0, r0), (_, f1, _, c1, r1) = rows[0], rows[-1]
    rss_ratio, time_ratio = r1 / r0, (c1 / f1) / (c0 / f0)
    print(f"largest / smallest: peak RSS {rss_ratio:.2f}x, CPU seconds per fact {time_ratio:.2f}x")
    if rss_ratio > args.max_rss_ratio or time_ratio > args.max_time_ratio:
        print("NOT BOUNDED: memory or time per fact grows with the dump")
        sys.exit(1)


if __name__ == "__main__":
    main()
