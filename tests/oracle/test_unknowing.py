"""A sentence saying the writer knows of no link states no fact (oracle/unknowing.py; issue 38,
fifteenth session: styled_blind16 W2-011, styled_dev14b E3-019, E3-020, two writers). Replies are
written for these tests in the hedged style, over the example KB's "Is it true that Donald Trump was
born in New York City?"."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.unknowing import only_unknowing
from kgtest.oracle.unread import Unread

from .test_places_and_names import TRUMP_NYC
from .test_styles import judged


@pytest.mark.parametrize(
    "aside",
    ["I'm not aware of any link between him and Chicago.", "Chicago doesn't fit anything I know about him."],
)
def test_knowing_of_no_link_holds_no_class_back(kb_judge: Judge, aside: str) -> None:
    verdict = judged(kb_judge, TRUMP_NYC, f"I believe so: Donald Trump was born in New York City. {aside}")
    assert verdict.outcome.value == "correct", verdict.reasons


def test_knowing_of_no_link_beside_a_fact_is_not_only_that() -> None:
    said = "I'm not aware of any link to Chicago, where he died in 1990."
    assert not only_unknowing(Unread(said, ("Chicago",), frozenset(), False))
    assert only_unknowing(Unread("I'm not aware of any link to Chicago.", ("Chicago",), frozenset(), False))
