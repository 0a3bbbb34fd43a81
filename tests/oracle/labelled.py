"""The labelled replies (tests/oracle/labelled/replies.jsonl) and how the oracle scores on them.

Each line: ``id``, ``split`` (``dev`` | ``test``), ``source`` (``smollm2``: a real reply of the
packaged model to a suite of the bundled KB; ``written``: written by hand for one kind of
reply), the hand label (``stance``: yes / no / idk / refusal / ambiguous / missing;
``outcome``: an oracle ``Outcome``) with a one-line ``why``, the ``reply`` and the ``case``
(a suite line). Set ``KGTEST_LABELLED`` to a file of the same shape to score another set.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge, Outcome, Verdict

FIXTURE = Path(__file__).parent / "labelled" / "replies.jsonl"
CLEAR = frozenset({"yes", "no", "idk", "refusal"})
"""Stances a reader can take from the reply; ``ambiguous`` and ``missing`` are not."""
CLASSES = frozenset(
    {
        o.value
        for o in (Outcome.CORRECT, Outcome.ERRONEOUS_KNOWLEDGE, Outcome.ERRONEOUS_INFERENCE, Outcome.BOTH)
    }
)


@dataclass(frozen=True, slots=True)
class Labelled:
    id: str
    split: str
    source: str
    stance: str
    outcome: str
    why: str
    reply: str
    case: TestCase


def labelled(path: Path | None = None) -> list[Labelled]:
    path = path or Path(os.environ.get("KGTEST_LABELLED", FIXTURE))
    out = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            d = json.loads(line)
            case = TestCase.from_json(json.dumps(d["case"]))
            out.append(
                Labelled(
                    d["id"], d["split"], d["source"], d["stance"], d["outcome"], d["why"], d["reply"], case
                )
            )
    return out


@dataclass(frozen=True, slots=True)
class Score:
    replies: int
    clear: int
    read_right: int
    unclear: int
    unclear_read_firm: int
    classed: int
    class_right: int

    @property
    def reading(self) -> float:
        return self.read_right / self.clear if self.clear else 1.0

    @property
    def classes(self) -> float:
        return self.class_right / self.classed if self.classed else 1.0

    def line(self, name: str) -> str:
        return (
            f"{name:<12} {self.replies:4d} replies | verdict read right {self.read_right}/{self.clear} = "
            f"{self.reading:.1%} | unclear read as Yes/No {self.unclear_read_firm}/{self.unclear} | "
            f"classes {self.class_right}/{self.classed} = {self.classes:.1%}"
        )


def judge(judge: Judge, items: Sequence[Labelled]) -> list[Verdict]:
    return judge.judge_many((i.case, i.reply) for i in items)


def score(items: Iterable[Labelled], verdicts: Iterable[Verdict]) -> Score:
    counts: Counter[str] = Counter()
    for item, verdict in zip(items, verdicts, strict=True):
        counts["replies"] += 1
        stance = verdict.answer.stance.value
        if item.stance in CLEAR:
            counts["clear"] += 1
            counts["read_right"] += stance == item.stance
        else:
            counts["unclear"] += 1
            counts["unclear_read_firm"] += stance in ("yes", "no")
        if item.outcome in CLASSES:
            counts["classed"] += 1
            counts["class_right"] += verdict.outcome.value == item.outcome
    return Score(**{k: counts[k] for k in Score.__slots__})  # type: ignore[attr-defined]
