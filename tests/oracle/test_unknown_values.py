"""A value the KB does not know, said where the proof has its own (oracle/unknown_value.py): where it
may be another name of the proof's value or a place within or around it, the oracle cannot tell;
otherwise it stays another value, as documented. Replies are written for this test over the example
KB's Munich (in Upper Bavaria, in Bavaria), which knows no Isar valley, Alpine foreland or Swabia."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_reading_rules import MUNICH_BAVARIA
from .test_styles import judged


@pytest.mark.parametrize(
    "reply",
    [
        # the proof's value named beside it: two names of one place, or one within the other
        "Yes. Munich lies in the Isar district - Upper Bavaria - of Bavaria.",
        # an address read as two unknown places: one may be around the proof's value
        "Yes. Munich lies in the Isar valley, in the Alpine foreland, and Bavaria contains it.",
        # a containment the KB leaves open, by a place put in one around the proof's value
        "Yes. Munich was part of the state of Swabia, and Swabia is a region of Bavaria.",
    ],
)
def test_an_unknown_value_that_may_be_the_proofs_cannot_be_told(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, MUNICH_BAVARIA, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert "which the KB does not know" in verdict.reasons[0], verdict.reasons


def test_an_unknown_place_put_beside_the_proofs_value_is_still_a_miss(kb_judge: Judge) -> None:
    verdict = judged(kb_judge, MUNICH_BAVARIA, "Yes. Munich is located in Swabia, which is in Bavaria.")
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons
