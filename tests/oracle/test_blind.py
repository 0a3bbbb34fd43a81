"""The oracle on a third labelled set: replies written blind, in six styles, over two KBs (issue 38).

tests/oracle/labelled/blind.jsonl holds the ``tune`` part of a set two reviewers who never saw the
oracle's code wrote and labelled (stance, class, why) from docs/oracle.md's definitions, before
any judging: terse, chatty, hedged, markdown lists, step-by-step and citing replies to fact and
temporal cases of the bundled example KB and of LiterallyWikidata's litwd1k. The oracle was tuned
on these replies; a ``held`` part was kept aside (docs/history/oracle-measured.md gives both
figures). litwd1k is not bundled: the judge reads what it asked of it from
blind_litwd1k_kb.json (replay_kb.py).

Prints the figures (``-s``) and fails below what the oracle reaches: 98% of clear answers read
right, no unclear answer read as Yes or No and no Yes read as No, 95% of the classes it gives
right, and a class for 70% of the replies labelled with one (the rest it says it cannot tell).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from kgtest.generator.case import TestCase
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge, Verdict
from kgtest.oracle.embeddings import Embedder

from .labelled import CLASSES, CLEAR
from .replay_kb import ReplayKb

HERE = Path(__file__).parent / "labelled"
FIRM = ("yes", "no")


def records() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (HERE / "blind.jsonl").read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def judged(
    kb_judge: Judge, extractor: SpacyExtractor, embedder: Embedder
) -> list[tuple[dict[str, Any], Verdict]]:
    items = records()
    judges = {
        "example": kb_judge,
        "litwd1k": Judge(extractor=extractor, embedder=embedder, kb=ReplayKb(HERE / "blind_litwd1k_kb.json")),
    }
    verdicts: dict[int, Verdict] = {}
    for name, judge in judges.items():
        mine = [k for k, r in enumerate(items) if r["kb"] == name]
        pairs = [(TestCase.from_json(json.dumps(items[k]["case"])), items[k]["reply"]) for k in mine]
        verdicts.update(zip(mine, judge.judge_many(pairs), strict=True))
    return [(r, verdicts[k]) for k, r in enumerate(items)]


def test_the_blind_set_has_six_styles_two_kbs_and_every_class() -> None:
    items = records()
    assert len(items) >= 150
    assert {r["style"] for r in items} == {"terse", "chatty", "hedged", "markdown", "step-by-step", "citing"}
    assert {r["kb"] for r in items} == {"example", "litwd1k"}
    assert {r["outcome"] for r in items} >= CLASSES | {"idk", "refusal", "ambiguous"}
    assert {r["split"] for r in items} == {"tune"}


def test_classes_given_are_right_and_cover_most_replies(judged: list[tuple[dict[str, Any], Verdict]]) -> None:
    counts: Counter[str] = Counter()
    for record, verdict in judged:
        stance = verdict.answer.stance.value
        if record["stance"] in CLEAR:
            counts["clear"] += 1
            counts["read"] += stance == record["stance"]
            counts["flipped"] += record["stance"] in FIRM and stance in FIRM and stance != record["stance"]
        else:
            counts["unclear_firm"] += stance in FIRM
        if record["outcome"] in CLASSES:
            counts["classed"] += 1
            given = verdict.outcome.value in CLASSES
            counts["given"] += given
            counts["right"] += given and verdict.outcome.value == record["outcome"]
    reading, precision = counts["read"] / counts["clear"], counts["right"] / counts["given"]
    coverage = counts["given"] / counts["classed"]
    print(
        f"\nblind tune {len(judged)} replies | read right {counts['read']}/{counts['clear']} "
        f"= {reading:.1%} | "
        f"unclear as Yes/No {counts['unclear_firm']} | Yes<->No {counts['flipped']} | classes given "
        f"{counts['given']}/{counts['classed']} = {coverage:.1%}, right {counts['right']}/{counts['given']} "
        f"= {precision:.1%}"
    )
    wrong = [(r["id"], r["outcome"], v.outcome.value) for r, v in judged if _wrong(r, v)]
    print("classes given wrong:", wrong)
    assert reading >= 0.98
    assert counts["unclear_firm"] == 0 and counts["flipped"] == 0
    assert precision >= 0.95
    assert coverage >= 0.70


def _wrong(record: dict[str, Any], verdict: Verdict) -> bool:
    return (
        record["outcome"] in CLASSES
        and verdict.outcome.value in CLASSES
        and verdict.outcome.value != record["outcome"]
    )
