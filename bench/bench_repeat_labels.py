"""Echo (A8) and self-repetition (A9) on the labelled SmolLM2 replies: first labels, and a blind second set.

    python bench/bench_repeat_labels.py

The first labels (tests/oracle/conversation/repeat_labels.jsonl) were written by the person who wrote
the detectors; a second reviewer labels the same replies blind (repeat_blind/replies.jsonl and
task.md, nothing else) into repeat_blind/labels.jsonl. This prints precision and recall of each
detector against each set, and how often the two labellers agree (Cohen's kappa), so a reader
sees whether the detectors were fitted to their author's reading. Without the second set it says
so and prints the first alone.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the labelled set's loader lives in tests/

from kgtest.oracle.conversation.repeats import Repeats, find_repeats
from kgtest.report.stats import cohen_kappa
from tests.oracle.conversation.repeat_labels import KINDS, independent, load, reply_id


def scores(said: Sequence[bool], truth: Sequence[bool]) -> tuple[float, float, int, int]:
    """Precision, recall, found, labelled."""
    hits = sum(s and t for s, t in zip(said, truth, strict=True))
    return hits / max(1, sum(said)), hits / max(1, sum(truth)), sum(said), sum(truth)


def detected(found: Repeats, kind: str) -> bool:
    return found.is_echo if kind == "echo" else found.is_repeat


def main() -> None:
    sides = load()
    rows = [
        (reply_id(n, k), labels, found)
        for n, side in enumerate(sides, 1)
        for k, (labels, found) in enumerate(zip(side.labels, find_repeats(side.rounds), strict=True), 1)
    ]
    second = independent()
    print(f"{len(rows)} replies in {len(sides)} conversation sides")
    if second is None:
        print(
            "no second labels yet (tests/oracle/conversation/repeat_blind/labels.jsonl): first labels alone"
        )
    elif missing := {i for i, _, _ in rows} - set(second):
        raise SystemExit(f"the second labels miss {len(missing)} replies, e.g. {sorted(missing)[:3]}")
    for kind in KINDS:
        said = [detected(f, kind) for _, _, f in rows]
        first = [kind in labels for _, labels, _ in rows]
        p, r, n_said, n_true = scores(said, first)
        print(f"{kind}: first labels,  {n_true} labelled, {n_said} found: precision {p:.3f}, recall {r:.3f}")
        if second is not None:
            other = [kind in second[i] for i, _, _ in rows]
            p, r, _, n_true = scores(said, other)
            print(f"{kind}: second labels, {n_true} labelled: precision {p:.3f}, recall {r:.3f}")
            differ = [i for (i, _, _), x, y in zip(rows, first, other, strict=True) if x != y]
            agree = len(rows) - len(differ)
            kappa = cohen_kappa(first, other)
            print(f"{kind}: the labellers agree on {agree} of {len(rows)}, kappa {kappa:.3f}")
            if differ:
                print(f"{kind}: they differ on {', '.join(differ)}")


if __name__ == "__main__":
    main()
