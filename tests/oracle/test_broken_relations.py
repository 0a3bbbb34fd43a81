"""A break of the asked relation read by what the reply says came after (oracle/both.py, issue 38's
thirteenth session): "broke off relations ... and they haven't been restored" denies it today, "ties
were restored after the war" states it, a break alone is left unread. Replies written for this test
in the terse and chatty styles of bench/styled_blind14's writers, over the example KB's "Is it true
that Norway has diplomatic relations with Denmark?" (Yes)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_concluded_years import ELSA_1910, _judged
from .test_opposites import NORWAY_DENMARK
from .test_styles import judged


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "No. In 1940 the two countries broke off relations, and they haven't been restored.",
            "erroneous_knowledge",
        ),
        (
            "No. Relations between Norway and Denmark were broken off in 1940 and never restored.",
            "erroneous_knowledge",
        ),
        (
            "Yes. In 1940 the two countries broke off relations, but ties were restored after the war.",
            "correct",
        ),
        (
            "Yes. Relations between Norway and Denmark were broken off in 1940 but restored in 1945.",
            "correct",
        ),
        ("No. In 1940 the two countries broke off relations.", "unreadable"),  # nothing of after
    ],
)
def test_a_break_is_read_by_what_came_after(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, NORWAY_DENMARK, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        # chatty: "the two" dated by the one year right after the relation's word
        ("Yes! Einstein knew Elsa Einstein well, and the two married in 1908.", "erroneous_knowledge"),
        ("No, not then. The two married in 1920.", "correct"),
    ],
)
def test_the_two_dated_by_one_year(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = _judged(kb_judge, ELSA_1910, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
