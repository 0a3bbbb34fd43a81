"""MR1 and MR2 against people: real SmolLM2 answers to KB and CoQA dialogues, labelled by hand.

dialogue_labels.jsonl holds every distinct answer of two SmolLM2-135M runs (`kgtest dialogue`,
gold history, 24 tokens): 10 KB dialogues of the example KB with their five perturbations, and
7 CoQA test stories cut to four rounds. Each answer was labelled from the KB's facts (or the
story), the question and the answer alone, before the comparator ran on it, by these rules:

* ``label`` (MR1): ``right`` when the answer states the gold value as a reply to the question:
  the same year (a full date in that year counts), the gold entity by any name or a short form,
  a true and more specific value (a position held for "What did he work as?", a place within
  the gold place), an occupation for the field; the words around it do not matter. ``wrong``
  when it gives another value, the gold value about something else ("The story is set in
  1940." for "When did he die?"), no answer, or "Unknown". On an unanswerable turn, ``right``
  only when it declines.
* ``says``: what it claims in answer to the question, in a few words (``-`` before a claim
  that answers something else). MR2: two answers to the same question with the same
  answerability agree when both are right or both say the same; otherwise a bug.

The test prints precision and recall of each relation's flags (a flag is a failed check, a bug
is a labelled wrong answer or disagreement) and fails below 95% / 90% on the KB part.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from kgtest.oracle import ViewKb
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.gold import Gold
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.oracle.metamorphic.relations import Answered, Check, check_relations

LABELS = Path(__file__).with_name("dialogue_labels.jsonl")
PRECISION, RECALL = 0.95, 0.90


@dataclass(frozen=True, slots=True)
class Score:
    flagged: int
    bugs: int
    caught: int

    @property
    def precision(self) -> float:
        return self.caught / self.flagged if self.flagged else 1.0

    @property
    def recall(self) -> float:
        return self.caught / self.bugs if self.bugs else 1.0


def rows() -> list[dict[str, Any]]:
    return [json.loads(line) for line in LABELS.read_text(encoding="utf-8").splitlines() if line]


def answered(row: dict[str, Any]) -> Answered:
    g = row["gold"]
    gold = Gold(
        g["kind"],
        g["subject"],
        g["relation"],
        tuple(g["values"]),
        tuple(g["named"]),
        tuple(g["named_labels"]),
    )
    return Answered(
        row["id"], row["dialogue"], "DS", row["id"], row["origin"], row["origin"], 0, row["answerable"],
        row["question"], row["answer"], tuple(row["expected"]), gold,
    )  # fmt: skip


def disagree(x: dict[str, Any], y: dict[str, Any]) -> bool:
    """The labelled MR2 bug: not both right, and not the same claim."""
    both_right = x["label"] == y["label"] == "right"
    return not both_right and x["says"].lower() != y["says"].lower()


def score(source: str, checks: list[Check], labelled: list[dict[str, Any]]) -> dict[str, Score]:
    by_id = {r["id"]: r for r in labelled if r["source"] == source}
    mine = [c for c in checks if c.left.case_id in by_id]
    mr1 = [(not c.passed, by_id[c.left.case_id]["label"] == "wrong") for c in mine if c.relation == "MR1"]
    found = {
        frozenset((c.left.case_id, c.right.case_id)): not c.passed
        for c in mine
        if c.relation == "MR2" and c.right
    }
    groups: dict[tuple[str, int, bool], list[dict[str, Any]]] = {}
    for r in by_id.values():
        groups.setdefault((r["dialogue"], r["origin"], r["answerable"]), []).append(r)
    mr2 = [
        (found[frozenset((x["id"], y["id"]))], disagree(x, y))
        for group in groups.values()
        for x, y in combinations(group, 2)
    ]
    return {name: _score(pairs) for name, pairs in (("MR1", mr1), ("MR2", mr2))}


def _score(pairs: list[tuple[bool, bool]]) -> Score:
    return Score(sum(f for f, _ in pairs), sum(b for _, b in pairs), sum(f and b for f, b in pairs))


@pytest.fixture(scope="module")
def checks(embedder: Embedder, example_kb: ViewKb) -> list[Check]:
    labelled = rows()
    kb = [answered(r) for r in labelled if r["source"] == "kb"]
    coqa = [answered(r) for r in labelled if r["source"] == "coqa"]
    mss = MixedSimilarity(embedder)
    return check_relations(kb, mss, kb=example_kb) + check_relations(coqa, mss)


def test_the_labelled_set_is_large_enough_and_has_both_kinds_of_answer() -> None:
    labelled = rows()
    pairs = sum(
        len(
            list(combinations([r for r in labelled if (r["dialogue"], r["origin"], r["answerable"]) == k], 2))
        )
        for k in {(r["dialogue"], r["origin"], r["answerable"]) for r in labelled}
    )
    assert len(labelled) + pairs >= 300
    for source in ("kb", "coqa"):
        labels = {r["label"] for r in labelled if r["source"] == source}
        assert labels == {"right", "wrong"}, source


def test_mr1_and_mr2_agree_with_people_on_kb_dialogues(checks: list[Check]) -> None:
    labelled = rows()
    report = []
    for source in ("kb", "coqa"):
        for relation, s in score(source, checks, labelled).items():
            report.append(
                f"{source:<5} {relation}: precision {s.precision:.3f} ({s.caught}/{s.flagged} flags are "
                f"bugs), recall {s.recall:.3f} ({s.caught}/{s.bugs} bugs flagged)"
            )
    print("\n" + "\n".join(report))
    for relation, s in score("kb", checks, labelled).items():
        assert s.precision >= PRECISION and s.recall >= RECALL, (relation, s)
