"""Other values listed where the proof has its own (oracle/listed.py): two or more of a property that
has several, in one sentence and none denied, are a list or a correction, which the oracle cannot tell
apart; one other value said instead stays a miss. Replies are written for this test over the example
KB's "Is it true that James Clerk Maxwell influenced Albert Einstein?" (Yes)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_styles import judged

MAXWELL_EINSTEIN = "29e03fa9cb041717"


@pytest.mark.parametrize(
    "reply",
    [
        "No. Einstein's key influences were Isaac Newton, Ernst Mach and Baruch Spinoza.",  # terse
        "- **No.**\n- Einstein's main influences were Ernst Mach and Baruch Spinoza.",  # markdown
    ],
)
def test_a_list_of_other_values_cannot_be_told(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, MAXWELL_EINSTEIN, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert verdict.reasons[0].startswith("cannot tell: it lists other values"), verdict.reasons


def test_one_other_value_instead_is_still_a_miss(kb_judge: Judge) -> None:
    verdict = judged(kb_judge, MAXWELL_EINSTEIN, "No. Einstein was influenced by Ernst Mach, not by Maxwell.")
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons
