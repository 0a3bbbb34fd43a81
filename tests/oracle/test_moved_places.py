"""A place administered or governed by another is in it (oracle/moved.py). Replies are written for
these tests, in the terse and chatty styles; between things that are not both places the words are
read as before."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge
from kgtest.oracle.moved import moved_into

from .test_styles import judged

ZURICH_SWITZERLAND = "859336dae3aa81b7"
"""Is it true that Zürich is located in Switzerland? (Yes)"""


def test_words_that_put_a_place_in_another() -> None:
    assert all(moved_into(Triple("A", s, "B")) for s in ["is administered by", "was governed by"])
    # active voice, other verbs (the wider reading taken back: docs/oracle.md) say nothing of it
    assert not any(
        moved_into(Triple("A", s, "B"))
        for s in ["administered by", "was handed to", "belonged to", "was founded by", "is governed from"]
    )


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes, Zürich is administered by the Canton of Zürich, a Swiss canton.", "correct"),
        ("Yes: Zürich is governed by the Canton of Zürich, which is in Switzerland.", "correct"),
    ],
)
def test_a_place_administered_by_another_is_in_it(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, ZURICH_SWITZERLAND, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
