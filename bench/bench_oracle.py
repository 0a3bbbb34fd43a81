"""The oracle's accuracy on the labelled replies, with and without each way of reading relations.

    python bench/bench_oracle.py [--labelled FILE]

Judges tests/oracle/labelled/replies.jsonl (or FILE: tests/oracle/labelled/styled.jsonl is the
second set) against the bundled example KB with
Wikidata's aliases, kgtest's paraphrases and the cosine fallback each switched off in turn,
and prints, per split: verdicts read right on replies with a clear answer, unclear replies
read as Yes or No, and classes right. The answer reading does not depend on these settings;
the classes do, through what the reply's claims are read to say.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from importlib import resources
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the labelled set's loader lives in tests/

from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.oracle import Judge, JudgeSettings, ViewKb
from kgtest.oracle.embeddings import Embedder
from tests.oracle.labelled import FIXTURE, judge, labelled, score

SETTINGS = {
    "labels, aliases, paraphrases, cosine": JudgeSettings(),
    "  without the cosine fallback": JudgeSettings(fallback=False),
    "  without Wikidata's aliases": JudgeSettings(aliases=False),
    "  without kgtest's paraphrases": JudgeSettings(paraphrases=False),
    "labels and phrases only": JudgeSettings(aliases=False, paraphrases=False, fallback=False),
    "labels and phrases, cosine": JudgeSettings(aliases=False, paraphrases=False),
}


def example_kb() -> ViewKb:
    catalog = builtin_catalog()
    builder = SnapshotBuilder("example")
    with resources.as_file(resources.files("kgtest.kg") / "data" / "example.nt") as path:
        read_dump(path, builder)
    snapshot = builder.finish(catalog)
    facts = tuple(snapshot.facts[k] for k in sorted(snapshot.facts))
    return ViewKb(KbView(snapshot.entities, facts, catalog.with_labels(snapshot.property_labels)))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--labelled", type=Path, default=Path(os.environ.get("KGTEST_LABELLED", FIXTURE)))
    args = parser.parse_args()
    torch.set_num_threads(1)
    items = labelled(args.labelled)
    kb, extractor, embedder = example_kb(), SpacyExtractor(), Embedder()
    print(f"{len(items)} labelled replies from {args.labelled}")
    for name, settings in SETTINGS.items():
        t0 = time.perf_counter()
        verdicts = judge(Judge(settings, extractor=extractor, embedder=embedder, kb=kb), items)
        took = time.perf_counter() - t0
        print(f"{name} ({took:.1f} s)")
        for split in (*sorted({i.split for i in items}), "all"):
            part = [(i, v) for i, v in zip(items, verdicts, strict=True) if split in ("all", i.split)]
            print("  " + score([i for i, _ in part], [v for _, v in part]).line(split))


if __name__ == "__main__":
    main()
