"""A relation said to end, with the year it ended ("left the Lakers in 2016"), is the evidence's relation
between the two with that last year (claims.py ``_ended``, dated.py): the fifth session's rule.
Without a year it says neither that the fact held nor that it holds, and stays unread. Replies are
written for this test, in the terse style."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_styles import judged

KOBE_1954 = "686fcad57c3d3f7b"
"""Event 1 in Y: Kobe Bryant played for the Lakers or Steve Jobs was alive; was it false in 1954? (Yes)"""


@pytest.mark.parametrize(
    ("reply", "outcome", "when"),
    [
        (
            "Yes. Steve Jobs was born in 1955, and Kobe Bryant left the Los Angeles Lakers in 2016.",
            "correct",
            2016,
        ),
        (
            "Yes. Steve Jobs was born in 1955, and Kobe Bryant left the Los Angeles Lakers in 2009.",
            "erroneous_knowledge",
            2009,
        ),
    ],
)
def test_a_relation_ended_in_a_year_is_dated_by_it(
    kb_judge: Judge, reply: str, outcome: str, when: int
) -> None:
    verdict = judged(kb_judge, KOBE_1954, reply)
    (left,) = [c for c in verdict.claims if c.triple.relation == "left"]
    assert left.statement is not None and left.when == (None, when)
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_relation_ended_without_a_year_is_not_read(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, KOBE_1954, "Yes. Steve Jobs was born in 1955, and Kobe Bryant left the Los Angeles Lakers."
    )
    (left,) = [c for c in verdict.claims if c.triple.relation == "left"]
    assert left.statement is None
    assert verdict.outcome.value == "unreadable", verdict.reasons
