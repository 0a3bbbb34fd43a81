"""Judged dialogue rounds per second, and SUT calls saved by the prefix cache.

    python bench/bench_mortar.py SUITE [--replies RUN/dialogue_replies.jsonl] [--repeat N]

SUITE is a dialogue suite (``kgtest gen --dialogues-from ...``). The answers judged are a run's
replies when ``--replies`` names one (e.g. SmolLM2's), else the gold answers (``Unknown`` where a
turn is unanswerable). In one process, against a baseline in the same run:

1. MR1-MR3 over every pair (``check_relations``: all pairs' MSS in one ``score_many``, each
   distinct answer embedded once and cached) against one pair at a time (``MixedSimilarity.score``
   per pair, an embedder that keeps only the pair's two answers, so each pair calls the model).
   Both start with an empty embedding cache; the baseline runs on the first N pairs only and its
   rate is extrapolated, as it would take minutes for all.
2. SUT calls: conversations a run asks with the prefix cache (distinct ones) against without
   (one per round), with gold history, dialogue rounds alone.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from kgtest.generator.case import read_suite
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.oracle.metamorphic.relations import Answered, check_relations
from kgtest.oracle.metamorphic.rounds import answered_rounds
from kgtest.runner.dialogue import conversation, read_round_replies


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
                    t.answerable, q, t.expected[0], t.expected,
                )
            )  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("suite", type=Path)
    parser.add_argument("--replies", type=Path)
    parser.add_argument("--baseline-pairs", type=int, default=300)
    args = parser.parse_args()
    cases = list(read_suite(args.suite))
    if args.replies:
        answered, _ = answered_rounds(cases, read_round_replies(args.replies))
    else:
        answered = gold_answered(args.suite)

    batched = MixedSimilarity(Embedder())
    started = time.perf_counter()
    checks = check_relations(answered, batched)
    fast = time.perf_counter() - started
    pairs = [(c.left.answer, c.right.answer if c.right else c.left.expected[0]) for c in checks]
    single = MixedSimilarity(Embedder(cache_size=2))
    sample = pairs[: args.baseline_pairs]
    started = time.perf_counter()
    for a, b in sample:
        single.score(a, b)
    slow = (time.perf_counter() - started) * len(pairs) / len(sample)
    rounds = len(answered)
    print(
        f"{rounds} judged rounds, {len(checks)} checks, {len({a.answer for a in answered})} distinct answers"
    )
    rate = f"{rounds / fast:10.1f} rounds/s  {len(checks) / fast:10.1f} checks/s"
    print(f"batched, cached:     {rate}  ({fast:.2f} s)")
    print(
        f"one pair at a time: {rounds / slow:10.1f} rounds/s  {len(checks) / slow:10.1f} checks/s  "
        f"({slow:.1f} s, extrapolated from {len(sample)} pairs)  ratio {slow / fast:.1f}x"
    )

    asked = distinct = 0
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
