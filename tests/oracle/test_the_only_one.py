"""A reply that names nothing but calls the case's only entity by its kind ("No - the club wasn't
founded until 1967") speaks of that entity (oracle/pronouns.py ``_the_only_one``): read as no one,
a wrong founding year passed as correct. Replies are written for this test over the example KB's
"Python existed" case of the labelled blind set (created in 1991)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge

PYTHON = "82309794ebb15887"
"""Event 1 happened in Y if Python existed in the year after Y; did it happen in 1976? (No)"""


def _case() -> TestCase:
    for line in (Path(__file__).parent / "labelled" / "blind.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)["case"]
        if isinstance(case, dict) and case["id"] == PYTHON:
            return TestCase.from_json(json.dumps(case))
    raise AssertionError(f"no case {PYTHON} in blind.jsonl")


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("No - the language was only created in 1985.", "erroneous_knowledge"),  # terse
        ("No. Honestly, the language wasn't founded until 1985!", "erroneous_knowledge"),  # chatty
        ("No. The language was created in 1991.", "correct"),
    ],
)
def test_the_cases_only_entity_by_its_kind(kb_judge: Judge, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert verdict.outcome.value == outcome, verdict.reasons


def test_two_kinds_name_no_one(kb_judge: Judge) -> None:
    reply = "No - the language was created in 1985 and the book in 1987."
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert not any(c.triple.subject == "Python" for c in verdict.claims), verdict.claims
