"""Copy the tuning part of a blind labelled set into the tests, with what the judge asks the KBs.

    python bench/record_blind_kb.py BLIND.jsonl --kb litwd1k=WS [--split tune]

Writes tests/oracle/labelled/blind.jsonl (the chosen split's replies, each with its case) and,
for each KB other than the bundled example, tests/oracle/labelled/blind_<kb>_kb.json: every name,
entity and entity's facts the judge looked up while judging those replies (tests/oracle/
replay_kb.py), so tests/oracle/test_blind.py judges them as against the full KB, without it.
Then judges the replies again from the recordings and says whether every verdict is the same.
Run it again after a change to the oracle changes what it looks up.
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import ExitStack
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests.oracle.replay_kb
sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure_blind_styles import read_records, workspace_kb

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge
from tests.oracle.replay_kb import RecordingKb, ReplayKb

LABELLED = Path(__file__).resolve().parents[1] / "tests" / "oracle" / "labelled"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("blind", type=Path)
    parser.add_argument("--kb", action="append", default=[], help="NAME=WORKSPACE for each KB but example")
    parser.add_argument("--split", default="tune")
    args = parser.parse_args()
    if args.split == "held":
        raise SystemExit("held replies stay out of the tests")
    torch.set_num_threads(1)
    records = [r for r in read_records(args.blind, args.blind.parent) if r["split"] == args.split]
    with (LABELLED / "blind.jsonl").open("w", encoding="utf-8") as out:
        for r in records:
            out.write(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n")
    same = True
    with ExitStack() as stack:
        for spec in args.kb:
            name, _, where = spec.partition("=")
            mine = [r for r in records if r["kb"] == name]
            pairs = [(TestCase.from_json(json.dumps(r["case"])), r["reply"]) for r in mine]
            recording = RecordingKb(workspace_kb(Path(where), stack))
            live = Judge(kb=recording).judge_many(pairs)
            path = LABELLED / f"blind_{name}_kb.json"
            recording.dump(path)
            replayed = Judge(kb=ReplayKb(path)).judge_many(pairs)
            differ = [r["id"] for r, a, b in zip(mine, live, replayed, strict=True) if a.outcome != b.outcome]
            same = same and not differ
            size = path.stat().st_size
            print(
                f"{name}: {len(mine)} replies, {path.name} {size:,} bytes, "
                f"verdicts differing: {differ or 'none'}"
            )
    print(f"wrote {LABELLED / 'blind.jsonl'} ({len(records)} replies)")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
