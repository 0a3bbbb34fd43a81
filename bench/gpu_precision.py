"""Whether an hf: model's greedy replies depend on its precision and batch size (run on a GPU).

    python bench/gpu_precision.py SUITE --model FOLDER [--gguf FILE] [--device cuda]
        [--dtypes float32,bfloat16] [--batches 16,128]

Asks SUITE once per (dtype, batch size) in a fresh workspace each, then prints each run's asking
time and, for every pair of runs, how many replies are the same word for word and how many begin
with the same word (the answer). docs/runner.md quotes its figures from an H200 (twelfth session).
"""

from __future__ import annotations

import argparse
import itertools
import json
import tempfile
from pathlib import Path

import kgtest


def replies(path: Path) -> dict[str, str]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {r["case_id"]: r["exchanges"][-1]["reply"]["text"] for r in rows}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("suite", type=Path)
    parser.add_argument("--model", required=True, help="a model folder (or a packaged name: smollm2)")
    parser.add_argument("--gguf", help="a GGUF file in the folder")
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--dtypes", default="float32,bfloat16")
    parser.add_argument("--batches", default="16,128")
    args = parser.parse_args()
    got: dict[str, dict[str, str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for dtype, batch in itertools.product(args.dtypes.split(","), map(int, args.batches.split(","))):
            query = f"device={args.device}&dtype={dtype}" + (f"&gguf={args.gguf}" if args.gguf else "")
            [done] = kgtest.run(
                [args.suite], [f"hf:{args.model}?{query}"], workspace=Path(tmp) / f"{dtype}-{batch}",
                batch_size=batch,
            )  # fmt: skip
            name = f"{dtype}/{batch}"
            got[name] = replies(done.summary.replies_path)
            print(f"{name:<16} asking {done.summary.seconds:6.1f} s, {done.summary.completion_tokens} tokens")
    for a, b in itertools.combinations(got, 2):
        same = sum(got[a][k] == got[b][k] for k in got[a])
        lead = sum(got[a][k].split()[:1] == got[b][k].split()[:1] for k in got[a])
        print(f"{a} vs {b}: {same}/{len(got[a])} replies identical, {lead} begin with the same word")


if __name__ == "__main__":
    main()
