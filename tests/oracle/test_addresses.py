"""Names joined by commas after a place say where it is ("born in Chicago, Cook County, Illinois": an
address, kg/extract/spacy_addresses.py), not a second value of a one-valued relation that refutes the
KB's own, even where the KB knows no such region; a place alone still refutes. Replies written for
these tests, in the terse and step-by-step styles."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_reading_rules import TESLA_NYC
from .test_styles import MICHELLE_CHICAGO, judged


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes. Michelle Obama was born in Chicago, Cook County, Nowhereland.", "correct"),
        ("1. She was born in 1964 in Chicago, Cook County, Nowhereland.\n2. So yes.", "correct"),
        ("Yes. Michelle Obama was born in Nowhereland.", "both"),  # wrong, and the Yes does not follow
    ],
)
def test_an_unknown_place_beside_the_known_one_is_where_it_is(
    kb_judge: Judge, reply: str, outcome: str
) -> None:
    verdict = judged(kb_judge, MICHELLE_CHICAGO, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        "Yes. Tesla died in 1943 at the Hotel New Yorker, his last home in New York City.",
        "**Yes.**\n\n- Tesla died in January 1943 at the Hotel New Yorker, his suite in New York City.",
        "Yes! Poor Tesla passed away at the Hotel New Yorker, his modest home in New York City, in 1943.",
    ],
)
def test_a_building_placed_by_an_apposition_is_no_other_place_of_death(kb_judge: Judge, reply: str) -> None:
    """ "at Greenacres, his estate in Beverly Hills": the building is in the KB's place (tenth session)."""
    verdict = judged(kb_judge, TESLA_NYC, reply)
    assert verdict.outcome.value == "correct", verdict.reasons
