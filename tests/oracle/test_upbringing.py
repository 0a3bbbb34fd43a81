"""Where someone grew up is an aside in a case asking a place of birth or death (oracle/upbringing.py;
issue 38, fifteenth session: styled_blind10 W2-004, styled_blind13 W3-013). It no longer holds the
reply's class back, unless it says a birth or a death in any words, or the reply argues from it
(styled_blind14 W2-040). Replies are written for these tests in the chatty and step-by-step styles,
over the example KB's "Is it true that Donald Trump was born in New York City?"."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_places_and_names import TRUMP_NYC
from .test_styles import judged

MOVED = "Yes! Donald Trump was born in New York City. His family later moved to Chicago, and he grew up there"


@pytest.mark.parametrize(
    "reply",
    [
        f"{MOVED}.",
        "1. Donald Trump was born in New York City.\n2. He was raised in Chicago, where his father built"
        " houses.\nSo yes.",
    ],
)
def test_an_upbringing_is_no_fact_of_the_case(kb_judge: Judge, reply: str) -> None:
    assert judged(kb_judge, TRUMP_NYC, reply).outcome.value == "correct"


def test_an_upbringing_the_reply_argues_from_still_blocks(kb_judge: Judge) -> None:
    reply = f"{MOVED}. Growing up in Chicago never made him a Chicago native."
    verdict = judged(kb_judge, TRUMP_NYC, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
