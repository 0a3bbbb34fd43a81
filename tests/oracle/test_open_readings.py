"""Statements the reading leaves open are no ground for a class (issue 38, the thirteenth session): a
denial of a degree of the asked relation ("never had a normal marriage": oracle/both.py), a copula and
a preposition alone between the question's two ends ("was never at Princeton University":
oracle/guessed.py), and a dated claim of a proof entity by a name the KB does not know in a case
with dates ("became Rossoneri Captain in 1988": oracle/unread_names.py). Each may be the very
statement the class turns on, so the oracle cannot tell; the plain statement beside each is still
read. Replies written for this test in the terse, hedged and step-by-step styles of
bench/styled_blind14's writers."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .cases import SPOUSE
from .test_reading_rules import PRINCETON_EINSTEIN, TESLA_NYC
from .test_styles import judged
from .test_unread_years import BECKHAM_MILAN


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("No. The two were never married in any normal sense.", "unreadable"),
        ("No. I believe the two were never married in a warm, friendly way.", "unreadable"),
        ("No. The two were never married.", "erroneous_knowledge"),  # the relation itself denied
    ],
)
def test_a_denied_degree_is_no_denial(judge: Judge, reply: str, outcome: str) -> None:
    verdict = judge.judge(SPOUSE, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("No. Einstein was never at Princeton University.", "unreadable"),
        ("No. Albert Einstein wasn't in Princeton University.", "unreadable"),
    ],
)
def test_a_bare_preposition_between_the_ends_says_no_one_relation(
    kb_judge: Judge, reply: str, outcome: str
) -> None:
    verdict = judged(kb_judge, PRINCETON_EINSTEIN, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        "Yes. Beckham became Rossoneri Captain in 1988.",
        "Yes. I believe Beckham became Captain of the Rossoneri in 1988, so he was playing in Milan then.",
    ],
)
def test_a_dated_unknown_value_in_a_dated_case_is_unread(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert "Rossoneri" in verdict.reasons[0], verdict.reasons


def test_a_dated_unknown_value_in_an_undated_case_stays_an_inference(kb_judge: Judge) -> None:
    reply = "No. Tesla became Chief Engineer of the Westinghouse Works in 1888."
    verdict = judged(kb_judge, TESLA_NYC, reply)
    assert verdict.outcome.value == "erroneous_inference", verdict.reasons
