"""Stances in the shapes the sixteenth set's three blind writers gave (issue 38, fifteenth session):
a refusal (after the doubt that is its reason too) and an "I don't know" in words of one's own, a
step's closing sentence that opens with the verdict, a leaning without "would", and a verdict held on
the reply's own claim ("If that's right, the answer would be no"). Replies written for this test from
each style, not copied from the set."""

from __future__ import annotations

import pytest

from kgtest.oracle.answer import Stance, parse_answer

Q = "Did Marie Curie die in Paris?"
FIRM = (Stance.YES, Stance.NO)


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        # terse refusal: what it cannot check, then that it will not answer
        (
            "I can't reliably verify places of death from that era, so I'm not able to answer that.",
            Stance.REFUSAL,
        ),
        ("Records differ on this. I'm unable to answer the question.", Stance.REFUSAL),
        ("Sorry, I can't verify death records from the 1930s, so I can't answer that.", Stance.REFUSAL),
        ("I can't answer that with confidence; the records differ.", Stance.IDK),
        # a markdown list that ends in "not enough information"
        (
            "- **Curie**: lived in Paris for decades.\n- **Death**: I can't confirm where.\n\n"
            "**Bottom line:** I don't have enough reliable information to say whether she died there.",
            Stance.IDK,
        ),
        (
            "She left Paris late. I don't have enough reliable information to tell if she died there.",
            Stance.IDK,
        ),
        # step by step: the last step's second sentence opens with the verdict
        (
            "Step 1: She worked in Paris.\nStep 2: She fell ill in 1934.\n"
            "Step 3: So she was in France at the end. No, she did not die in Paris itself.",
            Stance.NO,
        ),
        # hedged: a leaning with or without "would", "saying" before the verdict
        ("I'm not sure, but I lean towards no. She was in a sanatorium at the end.", Stance.NO),
        ("Hmm, I'm not entirely certain. She was in Savoy then; I'd lean toward saying no.", Stance.NO),
        ("I'm not certain. Paris was her home, so I'm leaning towards yes, but please check.", Stance.YES),
        # hedged: a verdict held on the reply's own claim being right
        (
            "I might be misremembering, but she died in Passy, in Savoy. If that's right, the answer "
            "would be no, not Paris, though it's worth checking an obituary.",
            Stance.NO,
        ),
        (
            "My recollection is that she died at a sanatorium in the Alps. If I'm right, the answer would be "
            "no.",
            Stance.NO,
        ),
    ],
)
def test_a_stance_in_the_fresh_writers_words(reply: str, stance: Stance) -> None:
    assert parse_answer(reply, Q, leanings=True).stance is stance, parse_answer(reply, Q, leanings=True)


@pytest.mark.parametrize(
    "reply",
    [
        # doubt about the answer is not a refusal
        "I'm unable to answer that with certainty; she was often in Paris.",
        # a supposition of something else gives no verdict
        "I can't recall where she was. If she had stayed in Paris, the answer would be yes.",
        "She was in the Alps. If he had died in Paris, the answer would be no for him as well.",
        # a verdict in the last line that a later one contradicts
        "Step 1: She lived in Paris.\nStep 2: So she died there. Yes, in Paris. No, in Savoy.",
    ],
)
def test_no_refusal_or_firm_answer_where_none_is_given(reply: str) -> None:
    read = parse_answer(reply, Q, leanings=True).stance
    assert read not in (*FIRM, Stance.REFUSAL), parse_answer(reply, Q, leanings=True)
