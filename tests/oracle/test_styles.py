"""Claims read from sentences that are no plain subject-verb-object statement (issue 24's kinds).

Each reply is judged with the example KB against a case of the labelled set; the replies are
written for these tests, not taken from the labelled sets.
"""

from __future__ import annotations

from functools import cache

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge, Verdict

from .labelled import labelled

FEYNMAN_CORNELL = "0d083145734c5a17"
EINSTEIN_NOBEL = "a3fe81c45303619e"
HEISENBERG_NOBEL = "a3e1e96ffb96a86d"
CURIE_CHEMISTRY = "60541b1bfdaca739"
PRINCETON_EINSTEIN = "380f10678c559401"
MICHELLE_CHICAGO = "fc9e20e9a6e17190"
DARWIN_LENIN = "e2782b12c7b7b29b"
ETH_SWITZERLAND = "afc6eadf70b9853f"
OBAMA_OXFORD = "ff936ecd1ec3f060"
VICTORIA_1902 = "02411ece870587d9"


@cache
def _cases() -> dict[str, TestCase]:
    return {i.case.id: i.case for i in labelled()}


def judged(judge: Judge, case_id: str, reply: str) -> Verdict:
    (verdict,) = judge.judge_many([(_cases()[case_id], reply)])
    return verdict


@pytest.mark.parametrize(
    ("case_id", "reply", "outcome"),
    [
        # 1. a building in the right place is no other place of death
        (PRINCETON_EINSTEIN, "Yes. Einstein died at Princeton Hospital in Princeton in 1955.", "correct"),
        # 2. a dated award name is the award; a count of prizes names none
        (HEISENBERG_NOBEL, "Yes, he won the 1932 Nobel Prize in Physics.", "correct"),
        (CURIE_CHEMISTRY, "Yes. She won two Nobel Prizes, in physics and in chemistry.", "correct"),
        # 3. a relative clause of place
        (
            FEYNMAN_CORNELL,
            "Yes. Cornell employed Feynman. Chicago is the city where he passed away.",
            "erroneous_knowledge",
        ),
        # 4. "he" is the person, not the prize; "it" is the prize, not the person
        (
            FEYNMAN_CORNELL,
            "Yes. Cornell employed Feynman. The Nobel Prize in Physics went to Feynman in 1965, "
            "but he died in 1991.",
            "erroneous_knowledge",
        ),
        (
            EINSTEIN_NOBEL,
            "No. Einstein was nominated for the Nobel Prize in Physics but never received it.",
            "erroneous_knowledge",
        ),
        # 6. a date is a year, not the day of the month
        (MICHELLE_CHICAGO, "Yes. She was born on 17 January 1964 in Chicago.", "correct"),
        (MICHELLE_CHICAGO, "Yes. She was born on 17 January 1966 in Chicago.", "erroneous_knowledge"),
        # 7. lifetimes decide a marriage, and "not born until" is a birth
        (DARWIN_LENIN, "No. Robert Darwin died in 1848 and Lenin was not born until 1870.", "correct"),
        (VICTORIA_1902, "No. Queen Victoria died in 1901, so she was not alive in 1902.", "correct"),
        # 8. the documented exception: the reply's own premises prove what it then denies
        (
            ETH_SWITZERLAND,
            "No. ETH Zurich is located in Zürich, Zürich is located in the Canton of Zürich, and the Canton "
            "of Zürich is located in Switzerland. Therefore ETH Zurich is not located in Switzerland.",
            "erroneous_inference",
        ),
        # 9. a claim the KB neither proves nor refutes leaves a right No right
        (OBAMA_OXFORD, "No. Barack Obama was born in Honolulu and studied at Occidental College.", "correct"),
    ],
)
def test_claims_in_any_style_are_read(kb_judge: Judge, case_id: str, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, case_id, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


def test_won_is_an_award_received_not_a_backwards_winner(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, FEYNMAN_CORNELL, "Yes. Cornell employed Feynman, who won the Nobel Prize in Physics."
    )
    assert any(c.statement == ("Q39246", "P166", "Q38104") and c.status == "proven" for c in verdict.claims)
