"""Agreement (Cohen's kappa) of the offline CoQA reader with hand labels on real CoQA stories.

    python bench/measure_coqa_kappa.py [--coqa FILE] [--labels bench/coqa_labels.json]

The labels (kept here, not in tests: the stories are not the project's) were written by hand for
perturbed orders of eight CoQA test stories; this reads the stories, decides every labelled turn
and prints the agreement and each disagreement.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.dialogue import DialogueGraph, decide

HERE = Path(__file__).resolve().parent
SHARED = HERE.parents[0] / ".." / "shared" / "data" / "dialogues" / "coqa_test_400.json.gz"


def cohen_kappa(a: list[bool], b: list[bool]) -> float:
    n = len(a)
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    pa, pb = sum(a) / n, sum(b) / n
    chance = pa * pb + (1 - pa) * (1 - pb)
    return (observed - chance) / (1 - chance)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--coqa", type=Path, default=SHARED.resolve())
    parser.add_argument("--labels", type=Path, default=HERE / "coqa_labels.json")
    args = parser.parse_args()
    orders = json.loads(args.labels.read_text(encoding="utf-8"))["orders"]
    wanted = {o["story"] for o in orders}
    stories = [s for s in read_dialogue_file(args.coqa).stories if s.id in wanted]
    seeds = {s.id.removeprefix("coqa-"): s for s in CoqaReader().read(stories)[0]}
    graphs = []
    for o in orders:
        s = seeds[o["story"]]
        assert s.story is not None
        graphs.append(
            DialogueGraph(s.story.graph, tuple(s.rounds[int(t.rstrip("*")) - 1].graph for t in o["turns"]))
        )
    tool, hand = [], []
    for o, decisions in zip(orders, decide(graphs), strict=True):
        for t, d, label in zip(o["turns"], decisions, o["labels"], strict=True):
            tool.append(d.answerable)
            hand.append(label.startswith("A"))
            if d.answerable != hand[-1]:
                question = seeds[o["story"]].rounds[int(t.rstrip("*")) - 1].question
                missing = ", ".join(f"{m.kind} {m.target}" for m in d.missing) or "-"
                print(f"  {o['story'][:10]} {o['perturbation']:<3} turn {d.position:>2} [{t}] {question!r}: "
                      f"tool {'A' if d.answerable else 'U'} (missing {missing}), hand {label}")  # fmt: skip
    agree = sum(a == b for a, b in zip(tool, hand, strict=True))
    kappa = cohen_kappa(tool, hand)
    print(f"{len(hand)} turns, {hand.count(False)} labelled unanswerable, {tool.count(False)} decided "
          f"unanswerable; agreement {agree / len(hand):.3f}, Cohen's kappa {kappa:.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
