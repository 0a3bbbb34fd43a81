"""Judging speed against another checkout of kgtest, in one run: the ratio of their times.

    python bench/bench_judge_ratio.py BASE_TREE [--rounds 2] [--repeat 3]

BASE_TREE is a checkout of the commit to compare with (``git worktree add /tmp/base 2627fb5``). The
same labelled replies (tests/oracle/labelled/replies.jsonl, styled.jsonl, and blind.jsonl's cases
of the bundled KB) are judged with the bundled example KB in fresh processes, this tree's code and
the base's taking turns (``--rounds``) so a busy machine slows both alike; each process makes one
judge, judges the replies once to warm its models, rules, KB and caches (as `kgtest judge` is warm
after its first batch), then times ``--repeat`` passes over them (no verdict is kept between
passes) and keeps its best. Prints replies per second for
each and the ratio of this tree's time to the base's (over 1: slower).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
LABELLED = HERE / "tests" / "oracle" / "labelled"

CHILD = r"""
import json, sys, time
from importlib import resources
import torch
torch.set_num_threads(1)
from kgtest.generator.case import TestCase
from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.oracle import Judge, ViewKb
from kgtest.oracle.embeddings import Embedder

catalog = builtin_catalog()
builder = SnapshotBuilder("example")
with resources.as_file(resources.files("kgtest.kg") / "data" / "example.nt") as path:
    read_dump(path, builder)
snapshot = builder.finish(catalog)
facts = tuple(snapshot.facts[k] for k in sorted(snapshot.facts))
kb = ViewKb(KbView(snapshot.entities, facts, catalog.with_labels(snapshot.property_labels)))
pairs = [(TestCase.from_json(json.dumps(c)), r) for c, r in json.load(open(sys.argv[1]))]
judge = Judge(extractor=SpacyExtractor(), embedder=Embedder(), kb=kb)
judge.judge_many(pairs)  # models, rules, KB and the relations' keys warm, as in a run of `kgtest judge`
best = None
for _ in range(int(sys.argv[2])):
    start = time.perf_counter()
    judge.judge_many(pairs)
    took = time.perf_counter() - start
    best = took if best is None else min(best, took)
print(json.dumps({"seconds": best, "replies": len(pairs)}))
"""


def workload() -> list[tuple[dict[str, object], str]]:
    out = []
    for name in ("replies.jsonl", "styled.jsonl", "blind.jsonl"):
        for line in (LABELLED / name).read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record.get("kb", "example") == "example":
                out.append((record["case"], record["reply"]))
    return out


def timed(tree: Path, pairs_file: Path, repeat: int) -> float:
    """The best time of a fresh process judging the replies with ``tree``'s kgtest."""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "kgtest").symlink_to(tree)  # the checkout is the package (its root is kgtest/)
        env = {**os.environ, "PYTHONPATH": tmp}
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(pairs_file), str(repeat)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=tmp,
        )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return float(result["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("base", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pairs = workload()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(pairs, f)
    times: dict[str, list[float]] = {"this": [], "base": []}
    for _ in range(args.rounds):
        times["base"].append(timed(args.base.resolve(), Path(f.name), args.repeat))
        times["this"].append(timed(HERE, Path(f.name), args.repeat))
    Path(f.name).unlink()
    for name, found in times.items():
        print(
            f"{name}: {len(pairs)} replies, best {min(found):.2f} s, "
            f"{len(pairs) / min(found):.0f} replies/s ({found})"
        )
    print(f"ratio this/base: {min(times['this']) / min(times['base']):.2f}")


if __name__ == "__main__":
    main()
