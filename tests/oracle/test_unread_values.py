"""A value of the question's own relation, in a sentence no claim of it was read from (oracle/
unread_values.py): "the composer of *Carmina Burana* was born on 10 July 1895 in Augsburg, Bavaria"
(styled_blind11 W2-020, `correct` for wrong knowledge: the description was no name, so nothing was
read). Replies are written for these tests over the example KB's Michelle Obama (born in Chicago) and
Tesla (died in New York City); neither Springfield nor the Hotel Wyndham is in it."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_reading_rules import MUNICH_BAVARIA, TESLA_NYC
from .test_styles import MICHELLE_CHICAGO, judged


@pytest.mark.parametrize(
    ("case_id", "reply"),
    [
        # citing: the subject a description, the value a place the KB does not know
        (
            MICHELLE_CHICAGO,
            "No. Per Britannica, the future First Lady was born on 17 January 1964 in Springfield.",
        ),
        # terse
        (TESLA_NYC, "Yes. The inventor of the induction motor died at the Hotel Wyndham, alone and in debt."),
    ],
)
def test_an_unread_value_of_the_questions_relation_cannot_be_told(
    kb_judge: Judge, case_id: str, reply: str
) -> None:
    verdict = judged(kb_judge, case_id, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert "were not read" in verdict.reasons[0], verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        "Yes. Michelle Obama was born in Chicago in January 1964.",  # a month is no place
        # the value read elsewhere
        "Yes. Born in January 1964, she grew up on the South Side. She was born in Chicago.",
    ],
)
def test_a_read_value_or_a_month_is_no_unread_value(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, MICHELLE_CHICAGO, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        # citing (styled_blind11 W3-014: "is listed under the Free Municipal Consortium of Agrigento")
        "According to the gazetteer, Munich is listed under the Isar Circle. So yes, it is in Bavaria.",
        # step-by-step
        "1. Munich was grouped under the Isarkreis in 1808.\n2. So yes, Munich is located in Bavaria.",
    ],
)
def test_the_subject_filed_under_an_unknown_place_cannot_be_told(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, MUNICH_BAVARIA, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
