"""A year denied (oracle/checks.py ``_judged``, oracle/dated.py ``year_holds``): "he was not born in
1992" is right where the KB gives 1993 and wrong where it gives 1992; a bound ("not born in 1820 or
earlier") is checked as one (styled_blind11 W3-026: the denial was checked as if said, so a right reply
looked like wrong knowledge). And a source giving a named person's fact (oracle/rewrite.py):
"ProCyclingStats ... give Richard Carapaz's date of birth as 29 May 1993". Over the example KB's
Dickens (born 1812)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.rewrite import readable

from .test_concluded_years import BORN_BY_1820, _judged


@pytest.mark.parametrize(
    "reply",
    [
        # citing
        "Yes. Forster's biography gives Charles Dickens's date of birth as 7 February 1812; he was not born "
        "in 1830.",
        # terse
        "Yes. Dickens was born in 1812, not in 1830.",
        # step-by-step: a bound denied ("or earlier"), right for a birth after it
        "Yes.\n1. Dickens was born in 1812.\n2. So he was not born in 1811 or earlier.",
    ],
)
def test_a_year_denied_that_the_kb_does_not_give_is_right(kb_judge: Judge, reply: str) -> None:
    verdict = _judged(kb_judge, BORN_BY_1820, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


def test_a_year_denied_that_the_kb_gives_is_wrong(kb_judge: Judge) -> None:
    verdict = _judged(kb_judge, BORN_BY_1820, "Yes. Dickens was not born in 1812; he was born in 1811.")
    assert verdict.outcome.value in ("erroneous_knowledge", "both", "unreadable"), verdict.reasons
    assert any("1812" in r for r in verdict.reasons), verdict.reasons


def test_a_source_gives_a_named_persons_fact() -> None:
    said = readable(
        "ProCyclingStats and his Wikipedia article both give Richard Carapaz's date of birth as 1993."
    )
    assert said == "Richard Carapaz's date of birth is 1993."
