"""Judged dialogue rounds per second, the MORTAR table of a run, and SUT calls saved by the prefix cache.

    python bench/bench_mortar.py SUITE [--replies RUN/dialogue_replies.jsonl] [--example-kb]

SUITE is a dialogue suite (``kgtest gen --dialogues ...`` or ``--dialogues-from ...``). The answers
judged are a run's replies when ``--replies`` names one (e.g. SmolLM2's), else the gold answers
(``Unknown`` where a turn is unanswerable). ``--example-kb`` gives the relations the bundled example
KB (what ``kgtest build-kb example`` loads) to name and relate entities, for suites written from it.
In one process:

1. MR1-MR3 over every pair (``check_relations``: answers read once, all leads' MSS in one
   ``score_many``, each distinct lead embedded once and cached) against one pair at a time (a
   fresh comparison per check, with an embedder that keeps only the pair's texts, so each pair
   calls the model). Both start with an empty embedding cache; the baseline runs on the first N
   checks only and its rate is extrapolated.
2. The run's table: per relation tested, conflicts, bug rate, mean MSS of all and of the buggy
   checks, and unique / severe bugs per seed question (docs/metamorphic.md, "Measured").
3. SUT calls: conversations a run asks with the prefix cache (distinct ones) against without
   (one per round), with gold history, dialogue rounds alone.
"""

from __future__ import annotations

import argparse
import json
import time
from importlib import resources
from pathlib import Path

from kgtest.core.records import from_plain
from kgtest.generator.case import read_suite
from kgtest.generator.kbview import KbView
from kgtest.kg.build import EXAMPLE
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.kb_lookup import ViewKb
from kgtest.oracle.metamorphic.gold import typed_gold
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.oracle.metamorphic.relations import Answered, Check, check_relations
from kgtest.oracle.metamorphic.rounds import answered_rounds
from kgtest.report.dialogue_tables import bugs, method_of, rows
from kgtest.runner.dialogue_rounds import RoundReply, conversation


def gold_answered(suite: Path) -> list[Answered]:
    out = []
    for case in read_suite(suite):
        d = case.dialogue
        if d is None:
            continue
        for t in d.turns:
            q = d.round(t.origin).question
            out.append(
                Answered(
                    case.id, d.dialogue, d.perturbation, d.name, t.position, t.origin, t.copy,
                    t.answerable, q, t.expected[0], t.expected, typed_gold(d, t),
                )
            )  # fmt: skip
    return out


def read_replies(path: Path) -> list[RoundReply]:
    return [from_plain(RoundReply, json.loads(line)) for line in path.read_text().splitlines() if line]


def example_kb() -> ViewKb:
    """The bundled example KB, read from its N-Triples without a database."""
    catalog = builtin_catalog()
    builder = SnapshotBuilder(EXAMPLE)
    with resources.as_file(resources.files("kgtest.kg") / "data" / "example.nt") as path:
        read_dump(path, builder)
    snap = builder.finish(catalog)
    facts = tuple(snap.facts[k] for k in sorted(snap.facts))
    return ViewKb(KbView(snap.entities, facts, catalog.with_labels(snap.property_labels)))


def table(checks: list[Check], answered: list[Answered]) -> None:
    print(f"{'relation':<14} {'tested':>7} {'conflicts':>9} {'bug rate':>8} {'MSS':>6} {'MSS bugs':>8}")
    for r in rows(checks, lambda c: (method_of(c),)):
        buggy = "-" if r.mean_mss_buggy is None else f"{r.mean_mss_buggy:.3f}"
        print(
            f"{r.group + ' ' + r.relation:<14} {r.tested:>7} {r.conflicts:>9} {r.bug_rate:>8.3f} "
            f"{r.mean_mss:>6.3f} {buggy:>8}"
        )
    per = {r.group: r.bug_rate for r in rows(checks, lambda c: c.perturbations) if r.relation == "MR2"}
    print("MR2 bug rate per perturbation: " + ", ".join(f"{k} {v:.3f}" for k, v in per.items()))
    for b in bugs(checks, answered):
        print(f"bugs {b.method}: {b.unique} unique of {b.questions} seed questions, {b.severe} severe")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("suite", type=Path)
    parser.add_argument("--replies", type=Path)
    parser.add_argument("--example-kb", action="store_true")
    parser.add_argument("--baseline-pairs", type=int, default=300)
    args = parser.parse_args()
    cases = list(read_suite(args.suite))
    if args.replies:
        answered, _ = answered_rounds(cases, read_replies(args.replies))
    else:
        answered = gold_answered(args.suite)
    kb = example_kb() if args.example_kb else None

    batched = MixedSimilarity(Embedder())
    started = time.perf_counter()
    checks = check_relations(answered, batched, kb=kb)
    fast = time.perf_counter() - started
    single = MixedSimilarity(Embedder(cache_size=2))
    sample = checks[: args.baseline_pairs]
    started = time.perf_counter()
    for c in sample:  # each check on its own: its one or two answers read and compared afresh
        check_relations([c.left] if c.right is None else [c.left, c.right], single, kb=kb)
    slow = (time.perf_counter() - started) * len(checks) / len(sample)
    rounds = len(answered)
    print(
        f"{rounds} judged rounds, {len(checks)} checks, {len({a.answer for a in answered})} distinct answers"
    )
    rate = f"{rounds / fast:10.1f} rounds/s  {len(checks) / fast:10.1f} checks/s"
    print(f"batched, cached:     {rate}  ({fast:.2f} s)")
    print(
        f"one check at a time: {rounds / slow:9.1f} rounds/s  {len(checks) / slow:10.1f} checks/s  "
        f"({slow:.1f} s, extrapolated from {len(sample)} checks)  ratio {slow / fast:.1f}x"
    )
    table(checks, answered)

    asked = 0
    seen: set[str] = set()
    for case in cases:
        d = case.dialogue
        if d is None:
            continue
        shown = [t.expected[0] for t in d.turns]
        for t in d.turns:
            asked += 1
            seen.add(json.dumps(conversation(d, case.prompt, t.position, shown[: t.position - 1])))
    distinct = len(seen)
    print(
        f"SUT calls: {asked} rounds, {distinct} distinct conversations with the prefix cache: "
        f"{asked - distinct} saved ({(asked - distinct) / asked:.1%})"
    )


if __name__ == "__main__":
    main()
