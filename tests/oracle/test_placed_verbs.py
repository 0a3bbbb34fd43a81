"""Where a thing is, said with a verb of sitting or staying ("sits in", "stayed in"): the fourth
session's reading rule. Replies are written for these tests, in the chatty and terse styles."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.relations import words

from .test_styles import ETH_SWITZERLAND, judged


def test_sitting_and_staying_are_being_in() -> None:
    assert words("sat in") == words("sits in") == words("is located in") == "in"
    assert words("stayed in") == words("remained in") == "in"
    assert words("sat on") == "on"
    assert words("sat") == "sat"  # alone it names nothing: no preposition, no place


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes! ETH Zurich sits in Zürich, and Zürich has stayed in Switzerland ever since.", "correct"),
        ("No. ETH Zurich has always sat in Munich.", "erroneous_knowledge"),
    ],
)
def test_a_placed_verb_is_read_as_located_in(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, ETH_SWITZERLAND, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
