"""Judged replies per second: batched with cached models, against one reply at a time.

    python bench/bench_judge.py [FACTS_TSV] [--replies N] [--batch B] [--threads T]
    python bench/bench_judge.py --startup [--repeat N]     (bench/judge_startup.py)

FACTS_TSV defaults to ../shared/data/wikidata/demo_facts.tsv (real Wikidata facts and labels);
without it a seeded synthetic table is used. Each fact becomes a case (proven Yes) and gets one
of four replies in the catalog's words: correct, a wrong fact, a wrong conclusion, "I don't
know"; each is a verdict and one to four sentences of reasoning. The share judged as intended
is printed as a sanity check, not as accuracy on real model output. Models load before the
clock starts. Three runs: one reply at a time, batches of B (both with empty caches), and the
batches again with warm caches (a second system under test judged against the same suite).
"""

from __future__ import annotations

import argparse
import csv
import random
import time
from collections import Counter
from pathlib import Path

import torch

from kgtest.generator.case import Answer, EvidenceFact, Proof, TestCase
from kgtest.generator.proofs import conclusion
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge
from kgtest.oracle.embeddings import Embedder

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wikidata" / "demo_facts.tsv"


def tsv_facts(path: Path) -> list[EvidenceFact]:
    with path.open(encoding="utf-8") as rows:
        return [
            EvidenceFact(
                r["subject"],
                r["subject_label"],
                r["property"],
                r["property_label"],
                r["object"],
                r["object_label"],
            )
            for r in csv.DictReader(rows, delimiter="\t")
            if r["object"].startswith("Q") and r["subject_label"] and r["object_label"]
        ]


def synthetic_facts(n: int = 2_000) -> list[EvidenceFact]:
    rng = random.Random(0)
    towns = [f"Town {c}{d}" for c in "ABCDEFGH" for d in "KLMNOPQR"]
    return [
        EvidenceFact(f"Q{i}", f"Person {i} Smith", "P19", "place of birth", f"T{t}", towns[t])
        for i, t in enumerate(rng.randrange(len(towns)) for _ in range(n))
    ]


def workload(facts: list[EvidenceFact], n: int) -> list[tuple[TestCase, str]]:
    rng = random.Random(1)
    catalog = builtin_catalog()
    objects = [f.object_label for f in facts]
    out = []
    for i in range(n):
        fact = facts[i % len(facts)]
        s, o = fact.subject_label, fact.object_label
        phrase = catalog.resolve(fact.property, fact.property_label).phrase
        question = f"Is it true that {s}'s {fact.property_label} is {o}?"
        case = TestCase(
            id=f"bench{i % len(facts)}",
            kind="fact",
            rule="ground",
            domain="unknown",
            question=question,
            prompt=question,
            expected=Answer.YES,
            evidence=(fact,),
            proof=Proof("ground", conclusion((fact.subject, fact.property, fact.object), True), (fact,)),
        )
        other = rng.choice(objects)
        reply = [
            f"Yes. {s} {phrase} {o}.\n\n1. {s} is documented in public records.\n"
            f"2. The records state that {s} {phrase} {o}.\n3. Therefore, the statement is true.",
            f"No. {s} {phrase} {other}, according to most sources. {o} is not mentioned in "
            f"connection with {s}. So the answer is no.",
            f"No. Although {s} {phrase} {o}, this does not settle the question. The statement "
            "cannot be confirmed.",
            f"I don't know. I have no reliable information about {s}.",
        ][i % 4]
        out.append((case, reply))
    return out


INTENDED = ["correct", "erroneous_knowledge", "erroneous_inference", "idk"]
"""The class a person gives each of the four reply shapes, in ``workload``'s order."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("facts", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--replies", type=int, default=2_000)
    parser.add_argument("--single", type=int, default=300, help="replies judged one at a time")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--startup", action="store_true", help="time `kgtest judge` on one reply instead")
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per start-up measurement")
    args = parser.parse_args()
    if args.startup:
        from judge_startup import startup

        startup(args.repeat)
        return
    torch.set_num_threads(args.threads)
    facts = tsv_facts(args.facts) if args.facts.exists() else synthetic_facts()
    source = args.facts.name if args.facts.exists() else "synthetic facts"
    pairs = workload(facts, args.replies)
    extractor = SpacyExtractor()
    print(f"{len(pairs)} replies on {len(facts)} facts from {source}; torch threads {args.threads}")

    single = Judge(extractor=extractor, embedder=Embedder())
    t0 = time.perf_counter()
    for case, reply in pairs[: args.single]:
        single.judge(case, reply)
    one_rate = args.single / (time.perf_counter() - t0)

    embedder = Embedder()
    batched = Judge(extractor=extractor, embedder=embedder)
    runs, calls = [], []
    for _ in range(2):  # cold caches, then warm
        before, t0 = embedder.encode_calls, time.perf_counter()
        verdicts = [
            v for i in range(0, len(pairs), args.batch) for v in batched.judge_many(pairs[i : i + args.batch])
        ]
        runs.append(len(pairs) / (time.perf_counter() - t0))
        calls.append(embedder.encode_calls - before)
    outcomes = Counter(v.outcome.value for v in verdicts)
    agree = sum(v.outcome.value == INTENDED[i % 4] for i, v in enumerate(verdicts)) / len(verdicts)
    batches = -(-len(pairs) // args.batch)

    print(f"one at a time        {one_rate:8.1f} replies/s  ({args.single} replies)")
    print(
        f"batches of {args.batch:<4}      {runs[0]:8.1f} replies/s  {runs[0] / one_rate:5.1f}x  (cold caches)"
    )
    print(f"batches, warm caches {runs[1]:8.1f} replies/s  {runs[1] / one_rate:5.1f}x")
    print(f"embedding model calls for {batches} batches: {calls[0]} cold, {calls[1]} warm")
    print("outcomes:", ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"agreement with the intended class of each reply: {agree:.1%}")


if __name__ == "__main__":
    main()
