"""A "there" whose place the sentence named only as a modifier ("Sidney Sheldon was a Chicago kid —
he was born there", styled_dev15 F1-012) is that place (oracle/references.py): before, the parse
offered no antecedent, "born in there" was unread and a wrong birthplace passed unchecked. Replies
are written for this test, in three styles, over the labelled blind set's "It is false that Max
Planck was born in Rome" (example KB: born in Kiel)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge

PLANCK = "e5b1bc5bc4e4bb8b"
HERE = Path(__file__).parent / "labelled"


def _case() -> TestCase:
    for line in (HERE / "blind.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)["case"]
        if isinstance(case, dict) and case["id"] == PLANCK:
            return TestCase.from_json(json.dumps(case))
    raise AssertionError(f"no case {PLANCK} in blind.jsonl")


def _birthplaces(verdict: object) -> set[str]:
    claims = getattr(verdict, "claims", ())
    return {c.object.label for c in claims if c.statement is not None and c.statement[1] == "P19"}


@pytest.mark.parametrize(
    ("reply", "place"),
    [
        ("Yes, it's false. Planck was a Kiel boy - he was born there in 1858.", "Kiel"),  # chatty
        ("Yes. Planck, a Munich native, was born there.", "Munich"),  # terse, wrong
        ("Yes. Step 1: Max Planck was a Kiel kid, born in that town in 1858. Step 2: not Rome.", "Kiel"),
    ],
)
def test_there_is_the_place_the_sentence_named(kb_judge: Judge, reply: str, place: str) -> None:
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert place in _birthplaces(verdict), (verdict.claims, verdict.reasons)


def test_a_wrong_birthplace_through_there_is_wrong_knowledge(kb_judge: Judge) -> None:
    reply = "Yes, it's false: Planck, a Munich native, was born there in 1858."
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons


def test_two_places_compete(kb_judge: Judge) -> None:
    reply = "Yes, it's false. Planck was a Kiel kid with Munich roots - he was born there in 1858."
    (verdict,) = kb_judge.judge_many([(_case(), reply)])
    assert not _birthplaces(verdict), verdict.claims
