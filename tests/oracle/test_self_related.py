"""An unmatched triple relating an entity to itself ("the university only came into existence as a
university in 1380": a misread) in a sentence with a year no claim read leaves that sentence unread,
so a temporal verdict it could change is "cannot tell" (oracle/unread.py ``_to_itself``); before, the
denial read beside it was judged against the KB alone. Replies in the cited and terse styles, written
for this test over a temporal case of the example KB (tests/oracle/labelled/blind.jsonl's A-049)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge

CASE = next(
    TestCase.from_json(json.dumps(r["case"]))
    for r in map(json.loads, (Path(__file__).parent / "labelled" / "blind.jsonl").open(encoding="utf-8"))
    if r["id"] == "A-049"
)
"""Heidelberg University existed or Napoleon was alive in 1385 (No: the university dates from 1386)."""


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "No. According to the university's own history, Heidelberg University only came into "
            "existence as a university in 1390, so in 1385 it did not yet exist, and Napoleon was "
            "born in 1769.",
            "unreadable",
        ),
        ("No. Heidelberg University was founded in 1386 and Napoleon was born in 1769.", "correct"),
    ],
)
def test_a_year_said_in_words_nothing_read_is_unread(kb_judge: Judge, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(CASE, reply)])
    assert verdict.outcome.value == outcome, (verdict.reasons, verdict.claims)
