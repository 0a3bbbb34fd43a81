"""Perturbed dialogues with proven answerability per second: KB-built and CoQA (offline IE).

    python bench/bench_dialogue.py [--dump DUMP] [--coqa FILE] [--dialogues N] [--variants V] [--stories S]

DUMP defaults to ../shared/data/wikidata/litwd1k.nt.gz, FILE to
../shared/data/dialogues/coqa_test_400.json.gz. In one process, against baselines in the same run:

1. KB dialogues: seed dialogues written from the KB, all five perturbations (V variants each),
   answerability decided and every proof re-checked by prolog/dialogue.pl in batched queries;
   against (a) one Prolog query per round (the turn's prefix asked about its last turn, as a
   per-round check would) and (b) plain Python set checks (no proofs; the brute force of the tests).
2. CoQA offline: stories read into round graphs (spaCy entities and parse, triples, pronouns,
   ellipsis) against spaCy's ``nlp.pipe`` over the same texts alone; then their perturbations
   decided as in 1.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from kgtest.generator.dialogue.cases import dialogue_cases
from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.kb_dialogues import kb_dialogues
from kgtest.generator.dialogue.kb_index import KbIndex
from kgtest.generator.dialogue.perturb import PERTURBATIONS, perturb, rng_for
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.prolog.answerability import (
    DialogueGraph,
    RefKind,
    StoryGraph,
    decide,
    dialogue_term,
    failed_checks,
)
from kgtest.prolog.engine import engine

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    t0 = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t0


def graphs(seeds: Sequence[SeedDialogue], variants: int, seed: int) -> list[DialogueGraph]:
    out = []
    for s in seeds:
        story = s.story.graph if s.story is not None else StoryGraph()
        for name in PERTURBATIONS:
            for v in range(1, variants + 1):
                placements = perturb(len(s.rounds), name, rng_for(seed, s.id, name, v))
                if placements:
                    out.append(DialogueGraph(story, tuple(s.rounds[p.origin - 1].graph for p in placements)))
    return out


def python_sets(d: DialogueGraph) -> list[bool]:
    """Answerability with sets, no proofs: the baseline a Python-only generator would use."""
    out: list[bool] = []
    known: set[str] = set()
    stated = set(d.story.states)
    for k, t in enumerate(d.turns):
        ok = all(n in stated for n in t.needs)
        for r in t.refers:
            if r.kind is RefKind.ELLIPSIS:
                ok = ok and k > 0 and out[k - 1] and d.turns[k - 1].frame == r.target
            elif r.kind is RefKind.PRONOUN:
                ok = ok and (r.target in known or (r.pronoun, r.target) in d.story.pronouns)
            else:
                ok = ok and (r.target in known or r.target in d.story.names)
        out.append(ok)
        known |= set(t.names) | (set(t.introduces) if ok else set())
        stated |= set(t.states) if ok else set()
    return out


def per_round_prolog(batch: Sequence[DialogueGraph]) -> int:
    """One query per round: the dialogue up to the round, asking about its last turn."""
    rounds = 0
    for d in batch:
        for k in range(1, len(d.turns) + 1):
            prefix = DialogueGraph(d.story, d.turns[:k])
            engine().query(f"dialogue:answerability({dialogue_term(prefix)}, Ds), last(Ds, D)", limit=1)
            rounds += 1
    return rounds


def decide_and_check(batch: Sequence[DialogueGraph]) -> int:
    decisions = decide(batch)
    failed = failed_checks(list(zip(batch, decisions, strict=True)))
    assert not failed, failed
    return sum(len(d.turns) for d in batch)


def answerability(label: str, batch: list[DialogueGraph], baseline_share: int) -> None:
    rounds = sum(len(d.turns) for d in batch)
    print(f"{label}: {len(batch)} perturbed dialogues, {rounds} rounds")
    decide_and_check(batch[:20])  # warm: the rules' first calls, the clause indexes
    _, proven = timed(lambda: decide_and_check(batch))
    decided, decide_s = timed(lambda: decide(batch))
    sets, sets_s = timed(lambda: [python_sets(d) for d in batch])
    prolog = [[x.answerable for x in ds] for ds in decided]
    exact = [(a, b) for a, b in zip(sets, prolog, strict=True) if None not in b]  # no weak reading in play
    assert all(a == b for a, b in exact), "Prolog and the Python baseline disagree"
    sample = batch[: max(1, len(batch) // baseline_share)]
    per_round, per_round_s = timed(lambda: per_round_prolog(sample))
    unanswerable = sum(x is False for row in prolog for x in row)
    undecided = sum(x is None for row in prolog for x in row)
    print(f"  unanswerable rounds: {unanswerable} ({unanswerable / rounds:.1%}), undecided {undecided}")
    print(f"  prolog, batched, decided and every proof re-checked  {rounds / proven:10,.0f} rounds/s"
          f"  {len(batch) / proven:8,.0f} dialogues/s")  # fmt: skip
    print(f"  prolog, batched, decided only                        {rounds / decide_s:10,.0f} rounds/s")
    per_round_rate = per_round / per_round_s
    print(
        f"  baseline: one Prolog query per round ({len(sample)} dialogues)  {per_round_rate:6,.0f} rounds/s"
    )
    print(f"  baseline: Python set checks, no proofs               {rounds / sets_s:10,.0f} rounds/s")
    print(f"  batched with proofs vs one query per round: {rounds / proven / (per_round / per_round_s):.1f}x")


def kb_part(dump: Path, count: int, variants: int, seed: int) -> None:
    catalog = builtin_catalog()
    builder = SnapshotBuilder(f"dump:{dump.name}")
    read_dump(dump, builder)
    snap = builder.finish(catalog)
    view = KbView(
        snap.entities,
        tuple(sorted(snap.facts.values(), key=lambda f: f.id)),
        catalog.with_labels(snap.property_labels),
    )
    index, index_s = timed(lambda: KbIndex.build(view))
    (seeds, report), seeds_s = timed(lambda: kb_dialogues(index, count, seed))
    print(f"{dump.name}: {len(view.entities)} entities, {len(view.facts)} facts; index {index_s:.2f} s; "
          f"{len(seeds)} seed dialogues ({sum(len(s.rounds) for s in seeds)} rounds) of {report.candidates} "
          f"candidate topics in {seeds_s:.2f} s")  # fmt: skip
    answerability("KB dialogues", graphs(seeds, variants, seed), baseline_share=5)
    (cases, _), cases_s = timed(lambda: dialogue_cases(seeds, PERTURBATIONS, variants, seed))
    rounds = sum(len(c.dialogue.turns) for c in cases if c.dialogue is not None)
    print(f"  whole step (perturb, prove, re-check, cases as JSON-ready records): {len(cases)} cases, "
          f"{rounds / cases_s:,.0f} rounds/s, {len(cases) / cases_s:,.0f} dialogues/s")  # fmt: skip


def coqa_part(path: Path, stories: int, variants: int, seed: int) -> None:
    data = read_dialogue_file(path).stories[:stories]
    reader, load_s = timed(CoqaReader)
    texts = [t for s in data for t in (s.story, *(x for r in s.rounds for x in (r.question, r.answers[0])))]
    spans = [r.span or r.answers[0] for s in data for r in s.rounds]
    _, pipe_s = timed(lambda: reader.docs(texts))
    from kgtest.kg.extract.triples import make_extractor

    extractor = make_extractor("spacy")
    _, spans_s = timed(lambda: extractor.extract(spans))
    (seeds, skipped), read_s = timed(lambda: reader.read(data))
    rounds = sum(len(s.rounds) for s in seeds)
    print(
        f"{path.name}: {len(data)} stories ({skipped} skipped), {rounds} rounds; spaCy loads {load_s:.1f} s"
    )
    pipe_rate = rounds / pipe_s
    print(f"  spaCy nlp.pipe alone, the same {len(texts)} texts  {pipe_s:6.2f} s  {pipe_rate:7,.0f} rounds/s")
    print(f"  kgtest's triple extractor, {len(spans)} rationales   {spans_s:6.2f} s")
    share, with_triples = pipe_s / read_s, (pipe_s + spans_s) / read_s
    print(f"  offline IE, whole (parse, triples, pronouns, ellipsis)  {read_s:6.2f} s  "
          f"{rounds / read_s:7,.0f} rounds/s = {share:.2f} of the pipe's speed, {with_triples:.2f} of pipe + "
          "extractor")  # fmt: skip
    answerability("CoQA dialogues", graphs(seeds, variants, seed), baseline_share=5)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--dump", type=Path, default=(SHARED / "wikidata" / "litwd1k.nt.gz").resolve())
    parser.add_argument(
        "--coqa", type=Path, default=(SHARED / "dialogues" / "coqa_test_400.json.gz").resolve()
    )
    parser.add_argument("--dialogues", type=int, default=300)
    parser.add_argument("--stories", type=int, default=100)
    parser.add_argument("--variants", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine().load_rules("dialogue.pl")
    kb_part(args.dump, args.dialogues, args.variants, args.seed)
    coqa_part(args.coqa, args.stories, args.variants, args.seed)


if __name__ == "__main__":
    main()
