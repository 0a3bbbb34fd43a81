"""Writing the report's xlsx for a large dialogue run: this tree against an earlier commit, in one run.

    python bench/bench_report_xlsx.py [--ref COMMIT] [--sides N [N ...]]

A judged ConvQuestions run of 2,688 dialogue cases has ~40,000 conflict sides, each a row of the
"dialogue conflicts" sheet. For each N, a synthetic report with N sides is written by this tree
and by ``--ref`` (``git worktree``, bench/bench_regression.py's way), in fresh processes, and
the seconds of ``write_xlsx`` alone are printed with the ratio earlier / current. The two
workbooks must hold the same cells.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

from bench_startup import package  # noqa: E402

WRITE = """
import json, sys, time
from pathlib import Path
from kgtest.report.rates import build_report
from kgtest.report.xlsx import write_xlsx
sides, out = int(sys.argv[1]), Path(sys.argv[2])
conflicts = [
    {"relation": "MR1", "mss": 0.5, "severe": i % 2 == 0, "sides": [
        {"case_id": f"c{i}-{n}", "dialogue": f"d{i}", "position": n, "answerable": True,
         "question": f"=Who wrote book {i}?", "answer": "Unknown", "expected": ["a writer", "x"]}
        for n in (1, 2)]}
    for i in range(sides // 2)
]
section = {"system": "plugin:bots:Yes", "run_id": "r1", "relations": [], "perturbations": [],
           "conflicts": conflicts}
report = build_report([], dialogues=[section])
t0 = time.perf_counter()
write_xlsx(report, out)
print(json.dumps({"seconds": time.perf_counter() - t0}))
"""

DUMP = """
import json, sys
from openpyxl import load_workbook
book = load_workbook(sys.argv[1])
print(json.dumps({ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in book}))
"""


def write(path: Path | None, sides: int, out: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(path) if path else os.environ.get("PYTHONPATH", "")}
    done = subprocess.run(
        [sys.executable, "-c", WRITE, str(sides), str(out)], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    return float(json.loads(done.stdout)["seconds"])


def cells(book: Path) -> str:
    return subprocess.run(
        [sys.executable, "-c", DUMP, str(book)], capture_output=True, text=True, check=True
    ).stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", default="HEAD~1")
    parser.add_argument("--sides", type=int, nargs="+", default=[1000, 2000, 4000])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kgtest-bench-xlsx-") as tmp:
        earlier = package(args.ref, Path(tmp))
        try:
            for sides in args.sides:
                old, new = Path(tmp) / f"old-{sides}.xlsx", Path(tmp) / f"new-{sides}.xlsx"
                before, now = write(earlier, sides, old), write(None, sides, new)
                if cells(old) != cells(new):
                    raise SystemExit(f"{sides} sides: the two workbooks hold different cells")
                ratio = before / now
                print(
                    f"{sides:>7} sides: {args.ref} {before:8.2f} s  this tree {now:6.2f} s  {ratio:6.1f}x",
                    flush=True,
                )
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(Path(tmp) / "tree")])


if __name__ == "__main__":
    main()
