"""Agreement (Cohen's kappa) of the offline CoQA reader with hand labels on real CoQA stories.

    python bench/measure_coqa_kappa.py [--coqa FILE] [--show tune] [--held-out]

Two sets of labels, kept here, not in tests (the stories are not the project's):

* **tuned-on** (bench/coqa_labels.json): perturbed orders of eight CoQA test stories, labelled by
  hand before the reader ran on them, whose disagreements the rules were then improved on: a
  training figure;
* **blind** (bench/coqa_blind/: sample.json drawn by bench/coqa_sample.py, labels/batch-*.json
  written by reviewers who saw only the task files): a *uniform* part (48 stories, one perturbed
  dialogue each) and an *enriched* part (24 stories whose dialogue this reader called largely
  unanswerable when drawn), each split into *tune* (disagreements may be looked at) and
  *held_out* (a third of the stories: only its figures are printed, and only with --held-out).

Turns CoQA marks as bad answers are context only and not judged, so not counted. A dialogue two
reviewers labelled gives the inter-reviewer kappa; the first reviewer's labels are the ones compared.
Each group is also given ``firm``: without the turns the reviewer marked borderline (``A?``, ``U?``).

The reader decides a turn answerable or unanswerable, or leaves it undecided (docs/dialogue.md,
"Undecided turns"): each group's line gives its coverage (the share of turns decided) and Cohen's
kappa and agreement on the decided turns only; undecided turns are never printed as disagreements.
``--reasons`` counts each group's undecided turns by reason (no label read).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.evidence import PathTable, as_shown, shipped
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.answerability import Decision, DialogueGraph, decide
from kgtest.report.stats import cohen_kappa

HERE = Path(__file__).resolve().parent
SHARED = (HERE / ".." / ".." / "shared" / "data" / "dialogues" / "coqa_test_400.json.gz").resolve()
BLIND = HERE / "coqa_blind"
FRESH = HERE / "coqa_blind2"
"""Issue 39's second blind sample (bench/coqa_sample.py --fresh): measured blind twice (second and fifth
sessions), tuned on (its disagreements shown with --show uniform/fresh,enriched/fresh) since the seventh."""
THIRD = HERE / "coqa_blind3"
"""Issue 39's third (bench/coqa_sample.py --third, enriched by unanswerable share): measured once
blind in the fourth session, tuned on (its disagreements shown) since the fifth."""
FOURTH = HERE / "coqa_blind4"
"""Issue 39's fourth (bench/coqa_sample.py --fourth): measured blind twice (seventh session), tuned on
(its disagreements shown with --show uniform/fourth,enriched/fourth) since the eighth."""
FIFTH = HERE / "coqa_blind5"
"""Issue 39's fifth (bench/coqa_sample.py --fifth): measured blind twice (eighth session), tuned on
(its disagreements shown with --show uniform/fifth,enriched/fifth) since the ninth."""
SIXTH = HERE / "coqa_blind6"
"""Issue 39's sixth (bench/coqa_sample.py --sixth): measured blind twice (ninth session), tuned on
(its disagreements shown with --show uniform/sixth,enriched/sixth) since the tenth."""
SEVENTH = HERE / "coqa_blind7"
"""Issue 39's seventh (bench/coqa_sample.py --seventh): measured blind twice (tenth session), tuned on
(its disagreements shown with --show uniform/seventh,enriched/seventh) since the tenth's second round."""
EIGHTH = HERE / "coqa_blind8"
"""Issue 39's eighth (bench/coqa_sample.py --eighth): measured blind twice (tenth session's second
round), tuned on (its disagreements shown with --show uniform/eighth,enriched/eighth) since the eleventh."""
NINTH = HERE / "coqa_blind9"
"""Issue 39's ninth (bench/coqa_sample.py --ninth): measured blind twice (eleventh session), tuned on
(its disagreements shown with --show uniform/ninth,enriched/ninth) since its second round."""
TENTH = HERE / "coqa_blind10"
"""Issue 39's tenth (bench/coqa_sample.py --tenth): measured blind twice (eleventh session's second
round), tuned on (its disagreements shown with --show uniform/tenth,enriched/tenth) since the twelfth."""
ELEVENTH = HERE / "coqa_blind11"
"""Issue 39's eleventh (bench/coqa_sample.py --eleventh): measured blind twice (twelfth session), tuned on
(its disagreements shown with --show uniform/eleventh,enriched/eleventh) since the thirteenth."""
TWELFTH = HERE / "coqa_blind12"
"""Issue 39's twelfth (bench/coqa_sample.py --twelfth): measured blind at the thirteenth and fourteenth
sessions' ends, tuned on (its disagreements shown with --show uniform/twelfth,enriched/twelfth) since
the fifteenth."""
THIRTEENTH = HERE / "coqa_blind13"
"""Issue 39's thirteenth (bench/coqa_sample.py --thirteenth; uniform only, the last stories no sample
held): untouched, measured with --thirteenth at the end."""

LATER = {
    "fresh": FRESH,
    "third": THIRD,
    "fourth": FOURTH,
    "fifth": FIFTH,
    "sixth": SIXTH,
    "seventh": SEVENTH,
    "eighth": EIGHTH,
    "ninth": NINTH,
    "tenth": TENTH,
    "eleventh": ELEVENTH,
    "twelfth": TWELFTH,
    "thirteenth": THIRTEENTH,
}
"""Every sample drawn after the first, by its flag, in the order drawn; the last is the held-out one."""


@dataclass(frozen=True, slots=True)
class Labelled:
    """One perturbed dialogue and a reviewer's label per turn (``A...`` or ``U...``)."""

    story: str
    perturbation: str
    turns: tuple[str, ...]
    labels: tuple[str, ...]
    group: str
    """``tuned-on``, or ``uniform/tune``, ``enriched/held_out``..."""


def tuned_on() -> list[Labelled]:
    orders = json.loads((HERE / "coqa_labels.json").read_text(encoding="utf-8"))["orders"]
    return [
        Labelled(o["story"], o["perturbation"], tuple(o["turns"]), tuple(o["labels"]), "tuned-on")
        for o in orders
    ]


def blind(folder: Path = BLIND) -> tuple[list[Labelled], list[tuple[str, str]]]:
    """A blind sample's dialogues with their first reviewer's labels, and the (first, second) label
    pairs of turns two reviewers labelled."""
    entries = json.loads((folder / "sample.json").read_text(encoding="utf-8"))["dialogues"]
    by_key: dict[str, list[list[str]]] = {}
    for path in sorted((folder / "labels").glob("batch-*.json")):
        for key, labels in json.loads(path.read_text(encoding="utf-8")).items():
            by_key.setdefault(key, []).append(labels)
    out, pairs = [], []
    for i, e in enumerate(entries):
        found = by_key.get(f"D{i:03d}")
        if not found:
            continue
        if len(found[0]) != len(e["turns"]):
            print(f"D{i:03d} left out: {len(found[0])} labels for {len(e['turns'])} turns")
            continue
        group = f"{e['part']}/{e['split']}"
        out.append(Labelled(e["story"], e["perturbation"], tuple(e["turns"]), tuple(found[0]), group))
        for other in found[1:]:
            if len(other) == len(found[0]):
                pairs += list(zip(found[0], other, strict=True))
    return out, pairs


def decisions(
    items: Sequence[Labelled], seeds: dict[str, SeedDialogue], table: PathTable | None = None
) -> list[list[Decision]]:
    """Each dialogue's decisions as asked; ``table`` (None: the shipped one) weighs the paths only
    the order shown gives (evidence.as_shown)."""
    graphs = []
    for item in items:
        s = seeds[item.story]
        assert s.story is not None
        shown = as_shown([s.rounds[_origin(t) - 1] for t in item.turns], table or shipped())
        graphs.append(DialogueGraph(s.story.graph, shown))
    return decide(graphs)


def _origin(turn: str) -> int:
    return int(turn.rstrip("*"))


def compared(
    items: Sequence[Labelled], seeds: dict[str, SeedDialogue], all_decisions: Sequence[Sequence[Decision]]
) -> Iterator[tuple[Labelled, int, Decision, str]]:
    """Every judged turn: the dialogue, the turn's place, the reader's decision, the label."""
    for item, ds in zip(items, all_decisions, strict=True):
        for i, (t, d, label) in enumerate(zip(item.turns, ds, item.labels, strict=True)):
            if seeds[item.story].rounds[_origin(t) - 1].judged:
                yield item, i, d, label


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--coqa", type=Path, default=SHARED)
    parser.add_argument("--show", default="tuned-on,uniform/tune,enriched/tune",
                        help="groups whose disagreements are printed (never held-out ones)")  # fmt: skip
    parser.add_argument("--held-out", action="store_true", help="also print the held-out parts' figures")
    parser.add_argument("--fresh", action="store_true",
                        help="also the second blind sample's (tuned on since session seven)")  # fmt: skip
    parser.add_argument("--third", action="store_true",
                        help="also the third blind sample's (tuned on since the fifth session)")  # fmt: skip
    parser.add_argument(
        "--fourth", action="store_true", help="also the fourth blind sample's (tuned on since session eight)"
    )
    parser.add_argument("--fifth", action="store_true",
                        help="also the fifth blind sample's (tuned on since session nine)")  # fmt: skip
    parser.add_argument("--sixth", action="store_true",
                        help="also the sixth blind sample's (tuned on since session ten)")  # fmt: skip
    parser.add_argument("--seventh", action="store_true",
                        help="also the seventh blind sample's (tuned on since round two)")  # fmt: skip
    parser.add_argument("--eighth", action="store_true",
                        help="also the eighth blind sample's (tuned on since session eleven)")  # fmt: skip
    parser.add_argument("--ninth", action="store_true",
                        help="also the ninth blind sample's (tuned on since round two)")  # fmt: skip
    parser.add_argument("--tenth", action="store_true",
                        help="also the tenth blind sample's (tuned on since session twelve)")  # fmt: skip
    parser.add_argument("--eleventh", action="store_true",
                        help="also the eleventh blind sample's (tuned on since session 13)")  # fmt: skip
    parser.add_argument("--twelfth", action="store_true",
                        help="also the twelfth blind sample's (tuned on since session 15)")  # fmt: skip
    parser.add_argument("--thirteenth", action="store_true",
                        help="also the thirteenth blind sample's (never shown)")  # fmt: skip
    parser.add_argument("--reasons", action="store_true", help="also each part's undecided turns by reason")
    args = parser.parse_args()
    sample, pairs = blind()
    for flag, folder in LATER.items():
        if getattr(args, flag):
            more, more_pairs = blind(folder)
            sample, pairs = [*sample, *more], [*pairs, *more_pairs]
    items = [*tuned_on(), *sample]
    if not args.held_out:
        items = [i for i in items if not i.group.endswith("held_out")]
    wanted = {i.story for i in items}
    stories = [s for s in read_dialogue_file(args.coqa).stories if s.id in wanted]
    seeds = {s.id.removeprefix("coqa-"): s for s in CoqaReader().read(stories)[0]}
    rows = list(compared(items, seeds, decisions(items, seeds)))
    show = set(args.show.split(","))
    for item, i, d, label in rows:
        if (
            item.group in show
            and not item.group.endswith(("held_out", "thirteenth"))
            and d.answerable is not None
            and d.answerable != label.startswith("A")
        ):
            question = seeds[item.story].rounds[_origin(item.turns[i]) - 1].question
            missing = ", ".join(f"{m.kind} {m.target}" for m in d.missing) or "-"
            where = (
                f"{item.group:<14} {item.story[:10]} {item.perturbation:<3} turn {i + 1:>2} [{item.turns[i]}]"
            )
            tool = "A" if d.answerable else "U"  # undecided turns are not shown
            print(f"  {where} {question!r}: tool {tool} (missing {missing}), hand {label}")
    groups = dict.fromkeys(item.group for item, *_ in rows)
    for group in [*groups, "blind, all"]:
        blind_all = group == "blind, all"
        mine = [(d, label) for item, _, d, label in rows
                if item.group == group or (blind_all and item.group != "tuned-on")]  # fmt: skip
        firm = [(d, label) for d, label in mine if label[1:2] != "?"]  # the reviewer did not hesitate
        for name, part in ((group, mine), (f"{group}, firm", firm if len(firm) < len(mine) else [])):
            if part:
                _summary(name, [d.answerable for d, _ in part], [label.startswith("A") for _, label in part])
    if args.reasons:
        _reasons([(item.group, d) for item, _, d, _ in rows])
    if pairs:
        first, second = [a.startswith("A") for a, _ in pairs], [b.startswith("A") for _, b in pairs]
        kappa = cohen_kappa(first, second)
        print(f"reviewers against each other: {len(pairs)} turns labelled twice, kappa {kappa:.3f}")


def _reasons(rows: Sequence[tuple[str, Decision]]) -> None:
    """Each group's undecided turns counted by the kind, pronoun and reason of their doubts (a turn
    once for each distinct one). Reads no label, so held-out and fresh groups are shown too: why
    the reader leaves a part undecided can be compared without looking at how it agrees."""
    turns: Counter[str] = Counter(group for group, _ in rows)
    counts: dict[str, Counter[str]] = {}
    for group, d in rows:
        if d.answerable is None:
            found = {
                " ".join(filter(None, (x.requirement.kind, x.requirement.pronoun, x.reason)))
                for x in d.doubts
            }
            counts.setdefault(group, Counter()).update(found)
    for group, reasons in counts.items():
        print(f"{group}: {reasons.total()} doubts on {turns[group]} turns, by reason")
        for reason, n in reasons.most_common():
            print(f"  {n:>4} ({n / turns[group]:.3f} of turns) {reason}")


def _summary(group: str, tool: list[bool | None], hand: list[bool]) -> None:
    """Coverage (the share of turns decided) and, on the decided turns, agreement and Cohen's kappa."""
    pairs = [(t, h) for t, h in zip(tool, hand, strict=True) if t is not None]
    decided, labels = [t for t, _ in pairs], [h for _, h in pairs]
    agree = sum(a == b for a, b in pairs) / len(pairs) if pairs else 0.0
    kappa = cohen_kappa(decided, labels) if pairs else 0.0
    counts = f"{len(hand):>4} turns ({hand.count(False):>3} labelled U), {len(pairs):>4} decided"
    print(
        f"{group:<24} {counts}, coverage {len(pairs) / len(hand):.3f}; on decided: {labels.count(False):>3} "
        f"labelled U, {decided.count(False):>3} decided U, agreement {agree:.3f}, Cohen's kappa {kappa:.3f}"
    )


if __name__ == "__main__":
    main()
