"""A year said as a bound of a date (oracle/dated.py ``year_holds``, ``bounded``; claims.py): "he was
born before 1987" (styled_blind13 W2-018), "Matteo Trentin was born before 1988" (styled_blind11
W2-014) and "OHADA was not founded before 1998" are read as bounds of the birth or founding year,
checked as bounds, and never taken for the year itself (that read "born before 1987" as a birth in
1987, and the answer as not following). Over the example KB's Dickens (born 1812) and the question
"Was he born in 1820 or earlier?" (Yes)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_concluded_years import BORN_BY_1820, _judged


@pytest.mark.parametrize(
    "reply",
    [
        # terse
        "Yes. Dickens was born before 1820.",
        # step-by-step: a bound denied the other way
        "Yes.\n1. Dickens was not born after 1815.\n2. So he was born in 1820 or earlier.",
    ],
)
def test_a_bound_the_kbs_year_keeps_is_right(kb_judge: Judge, reply: str) -> None:
    verdict = _judged(kb_judge, BORN_BY_1820, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


@pytest.mark.parametrize(
    "reply", ["Yes. Dickens was born after 1815.", "Yes. Dickens was not born before 1815, so yes."]
)
def test_a_bound_the_kbs_year_breaks_is_wrong_knowledge(kb_judge: Judge, reply: str) -> None:
    verdict = _judged(kb_judge, BORN_BY_1820, reply)
    assert verdict.outcome.value in ("erroneous_knowledge", "both"), verdict.reasons
    assert any("1812" in r for r in verdict.reasons), verdict.reasons
