"""Years set against each other rightly ("1812 is eight years before 1820") compare two numbers and
date no fact (oracle/compared_years.py, issue 38's thirteenth session): no year left unread. A
comparison with the order or the count wrong stays unread. Step-by-step replies in the style of
styled_blind11's and styled_blind13's writers, over the example KB's Dickens (born 1812) and "Was he
born in 1820 or earlier?" (Yes)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.compared_years import compared_years

from .test_concluded_years import BORN_BY_1820, _judged


@pytest.mark.parametrize(
    ("sentence", "years"),
    [
        ("1976 is 15 years before 1991, so he was born before 1991.", {"1976", "1991"}),
        ("1981 is one year after the 1980 cut-off.", {"1981", "1980"}),
        ("1987 is more than two decades after 1963.", {"1987", "1963"}),
        ("1976 is 10 years before 1991.", set()),  # the count is wrong
        ("1995 is before 1990.", set()),  # the order is wrong
        ("He was born in 1976, before the 1991 season.", set()),  # a date, not a comparison
    ],
)
def test_right_comparisons_of_two_years(sentence: str, years: set[str]) -> None:
    assert compared_years(sentence) == years


def test_a_right_comparison_leaves_no_year_unread(kb_judge: Judge) -> None:
    reply = "Yes.\n1. Dickens was born in 1812.\n2. 1812 is eight years before 1820, so he was born by then."
    verdict = _judged(kb_judge, BORN_BY_1820, reply)
    assert verdict.outcome.value == "correct", verdict.reasons
