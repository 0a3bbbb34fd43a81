"""Stances in the thirteenth session's writers' words (issue 38): a refusal that declines to share or
to give an answer, a guess asked of oneself ("If I had to guess, I'd lean toward no") and a verdict
in the conditional both ways ("which would make the answer yes ... which would make it no").
Replies written for this test in the markdown-list, hedged, citing and step-by-step styles of
bench/styled_blind14's writers."""

from __future__ import annotations

import pytest

from kgtest.oracle.answer import Stance, parse_answer


@pytest.mark.parametrize(
    "reply",
    [
        "- I'm not able to share personal details such as home addresses.\n- Try an official source.",
        "I'm unable to help with this. Checking race start lists needs databases I can't access.",
        "I'm afraid I'd rather not give an answer on this one; border histories are contested.",
        "I would rather not offer an answer here. A historian would be the better source.",
    ],
)
def test_declining_to_share_or_to_answer_is_a_refusal(reply: str) -> None:
    assert parse_answer(reply, leanings=True).stance is Stance.REFUSAL, parse_answer(reply)


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("I'm honestly not sure here. If I had to guess, I'd lean toward no, though do check.", Stance.NO),
        ("I'm not sure of the line-up. If pressed, probably yes, but don't quote me.", Stance.YES),
    ],
)
def test_a_guess_asked_of_oneself_is_a_leaning(reply: str, stance: Stance) -> None:
    assert parse_answer(reply, leanings=True).stance is stance, parse_answer(reply, leanings=True)


def test_a_supposition_still_gives_no_leaning() -> None:
    reply = "I'm not sure. If it's the Australian rider, I'd lean toward no."
    assert parse_answer(reply, leanings=True).stance is Stance.IDK


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        (
            "1. Her birth year: I first thought 1961, which would make the answer yes.\n"
            "2. But she turned professional in 2012, so more likely 1992, which would make it no.\n"
            "3. I can't reconcile the two.",
            Stance.AMBIGUOUS,
        ),
        # one conditional, and no other way: the verdict stands
        ("1. He was born in 1961.\n2. That is before 1970, which would make the answer yes.", Stance.YES),
    ],
)
def test_conditional_verdicts_both_ways_are_ambiguous(reply: str, stance: Stance) -> None:
    assert parse_answer(reply, leanings=True).stance is stance, parse_answer(reply, leanings=True)


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        ("Ooh, good one. But I'm going to have to pass on giving you a definite answer.", Stance.REFUSAL),
        ("I'm sorry, but I'm not able to verify or confirm anyone's employment history.", Stance.REFUSAL),
        ("I'm not able to say for sure. The commune changed hands more than once.", Stance.IDK),
        ("Oh yes, easily! She was born in 1993, a decade before that.", Stance.YES),
    ],
)
def test_more_stances_in_the_writers_words(reply: str, stance: Stance) -> None:
    assert parse_answer(reply, leanings=True).stance is stance, parse_answer(reply, leanings=True)
