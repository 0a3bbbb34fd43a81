"""A reply relating the question's ends in words read only as one of several relations ("belonged
to": owned by, part of or member of) is not called an erroneous inference: that class says the reply's
statements are right and only its answer fails, and the statement left open between relations may be
the one the answer follows from (oracle/guessed.py ``guessed_between_ends``). Replies in the hedged and
step-by-step styles, written for this test."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .cases import IN_ENGLAND


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "I'm fairly sure the answer is no. Oxford lies in Oxfordshire, and Oxfordshire is in England, "
            "but Oxford itself never belonged to England.",
            "unreadable",
        ),
        (
            "1. Oxford lies in Oxfordshire.\n2. Oxfordshire is in England.\n\nAnswer: No.",
            "erroneous_inference",
        ),
        # terse: one end related to another thing, "belongs to" read as owned by or has part, may say
        # where Oxford lies (styled_blind12 W1-028, "belongs to Jönköping County, not Västra Götaland")
        ("No. Oxford sits on the Thames but belongs to Berkshire, not England.", "unreadable"),
    ],
)
def test_an_open_bond_of_the_two_ends_is_no_inference(kb_judge: Judge, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(IN_ENGLAND, reply)])
    assert verdict.outcome.value == outcome, verdict.reasons
