"""A place the KB does not know, said beside the KB's own value of a one-valued relation, says where
that value is ("born in Chicago, Cook County, Illinois": the region around it), not a second value
that refutes it (oracle/checks.py ``o_unknown_beside``); alone, it still does. Replies written for
these tests, in the terse and step-by-step styles."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

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
