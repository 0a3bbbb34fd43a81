"""A post held at a place of work is employment there (oracle/posts.py): the fifth session's rule.
Replies are written for this test, in the terse and chatty styles."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge
from kgtest.oracle.posts import held_post

from .test_styles import judged

CAMBRIDGE_HAWKING = "98715cc961e208d4"
"""Is it true that University of Cambridge employed Stephen Hawking? (Yes)"""


def test_a_post_is_a_job_noun_after_a_verb_of_holding() -> None:
    held = ["held post at", "held a professorship at", "took up a lectureship at", "made career at"]
    assert all(held_post(Triple("A", s, "B")) for s in held)
    # no post ("took place at"), a sense of "position" far down, or a place rather than an employer
    assert not any(
        held_post(Triple("A", s, "B")) for s in ["took place at", "held position at", "held post in"]
    )


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes — Hawking held the Lucasian professorship at the University of Cambridge.", "correct"),
        (
            "No way! Hawking never held a post at the University of Cambridge, he only studied there.",
            "erroneous_knowledge",
        ),
    ],
)
def test_a_held_post_is_read_as_employment(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, CAMBRIDGE_HAWKING, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
