"""Stances in the shapes of issue 38's third development set (styled_dev15, fifteenth session): a
verdict after its sources, a paragraph after chatter opening "And yes, they did.", a leaning in bold or
"Most likely", a guess that denies said as a clause, "I'm not able to say whether" and "I can't give you
a reliable answer" (doubt, not a refusal). Replies written for this test from each style, not copied."""

from __future__ import annotations

import pytest

from kgtest.oracle.answer import Stance, parse_answer

Q = "Did Marie Curie die in Paris?"
FIRM = (Stance.YES, Stance.NO)


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        # citing sources: the verdict after what it rests on
        ("Based on the Institut Curie's archive and her obituaries, no. She died in Passy.", Stance.NO),
        ("According to the Nobel Foundation's biography, yes. She died near Paris... in Paris.", Stance.YES),
        # chatty: a paragraph of talk, then the verdict with its tag
        (
            "Oh, Marie Curie! Two Nobel prizes and a notebook still too radioactive to touch.\n\n"
            "And no, she didn't. She died at a sanatorium in Passy, in the Alps.",
            Stance.NO,
        ),
        # hedged: the leaning in bold, or "most likely"
        ("I'm not entirely sure, but she was in the Alps at the end, so I'd lean toward **no**.", Stance.NO),
        ("**Conclusion:** Most likely no, she did not die in Paris.", Stance.NO),
        # hedged: a guess that denies, as a clause
        ("Records are thin. My best guess is that she probably didn't die in Paris, but check.", Stance.NO),
        ("It's obscure. My best guess is that she wasn't in Paris then, but I could be wrong.", Stance.NO),
        # markdown list that ends without a verdict
        (
            "**What I can say:**\n\n- She lived in Paris\n\n**What I can't pin down:**\n\n"
            "- Her last months\n\n"
            "So I'm not able to say whether she died in Paris.",
            Stance.IDK,
        ),
        # citing sources: doubt about its knowledge, not a refusal
        ("I'm afraid I can't give you a reliable answer here; the sources I know disagree.", Stance.IDK),
    ],
)
def test_a_stance_in_the_third_dev_writers_words(reply: str, stance: Stance) -> None:
    assert parse_answer(reply, Q, leanings=True).stance is stance, parse_answer(reply, Q, leanings=True)


@pytest.mark.parametrize(
    "reply",
    [
        # a guess that affirms may affirm another place: no answer read from it
        "Records are thin. My best guess is that she died in the Alps, but check.",
        # a source named before something that is no verdict
        "According to her biographers, nobody knows the exact room. I can't tell.",
        # "yes and no" in the middle of the text stays two-sided
        "It was a question of yes and no, really: she lived in Paris but died in Passy.",
        # a refusal stays a refusal
        "I'm afraid I can't help with that.",
    ],
)
def test_no_firm_answer_where_none_is_given(reply: str) -> None:
    read = parse_answer(reply, Q, leanings=True).stance
    assert read not in FIRM, parse_answer(reply, Q, leanings=True)
