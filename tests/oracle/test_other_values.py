"""Another value the KB does not know, beside the proof's own fact, misses nothing (checks.py
``_miss``, the sixth session's rule). A reply that names a thing the KB has no entity for (a race
series where the KB has its editions, a region it has no label for) and states the proof's fact
itself adds a value rather than missing the proof's; one that names it instead of the proof's fact
still misses it. Replies are written for this test, in the citing and step-by-step styles."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .cases import IN_ENGLAND
from .test_styles import EINSTEIN_NOBEL, judged


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "Yes. Einstein received the Nobel Prize in Physics in 1921 (Nobel Foundation), "
            "and he received the Matteucci Medal as well.",
            "correct",
        ),
        ("Yes. Einstein received the Matteucci Medal, the highest prize in physics.", "both"),
    ],
)
def test_an_unknown_award_beside_the_proofs_own(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, EINSTEIN_NOBEL, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "1. Oxford is a city in the Thames Valley.\n2. It is located in Oxfordshire.\n"
            "3. Oxfordshire is in England.\n\nAnswer: Yes.",
            "correct",
        ),
        (  # the proof's two ends related in other words
            "Yes. Oxford is a city in the Thames Valley. Oxford belongs to Oxfordshire, which is in England.",
            "correct",
        ),
        (
            "1. Oxford is a city in the Thames Valley.\n2. The Thames Valley is in England.\n\nAnswer: Yes.",
            "erroneous_knowledge",
        ),
    ],
)
def test_an_unknown_place_beside_the_proofs_own(kb_judge: Judge, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(IN_ENGLAND, reply)])
    assert verdict.outcome.value == outcome, verdict.reasons
