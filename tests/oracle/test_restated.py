"""The question asked back, quoted or talked about, and suppositions, are cut before claims are read."""

from __future__ import annotations

import pytest

from kgtest.oracle.restated import strip_restated

ASKED = "Is it true that Carl Friedrich Gauss died in London?"
NEGATED = "It is false that Nikola Tesla died in Venice. Please judge the truthfulness of this statement."


@pytest.mark.parametrize(
    ("question", "text", "left"),
    [
        (
            ASKED,
            'The answer to "Is it true that Carl Friedrich Gauss died in London?" follows.',
            "The answer to follows.",
        ),
        (ASKED, "Is it true that Gauss died in London? He died in Göttingen.", "He died in Göttingen."),
        (ASKED, "The question asks whether Gauss died in London. He did not.", "He did not."),
        (
            NEGATED,
            "It is false that Nikola Tesla died in Venice. Tesla died in New York.",
            "Tesla died in New York.",
        ),
        (ASKED, "Hypothesis: Gauss died in London. Gauss died in Göttingen.", "Gauss died in Göttingen."),
        # The question's statement in the reply's own words is a claim, and stays.
        (ASKED, "Carl Friedrich Gauss died in London.", "Carl Friedrich Gauss died in London."),
        (ASKED, 'He called it "the prince of mathematics".', 'He called it "the prince of mathematics".'),
        # Belief, not a supposition (the hedged style): the sentence is the reply's claim.
        (ASKED, "If I remember right, he died in Göttingen.", "If I remember right, he died in Göttingen."),
        (ASKED, "If memory serves me, he died in 1855.", "If memory serves me, he died in 1855."),
        (
            ASKED,
            "If I'm remembering correctly, he was born in Norway.",
            "If I'm remembering correctly, he was born in Norway.",
        ),
        (ASKED, "If I'm not mistaken, he died in 1855.", "If I'm not mistaken, he died in 1855."),
        (ASKED, "If he had died in London, I would know.", ""),
    ],
)
def test_what_is_cut_and_what_stays(question: str, text: str, left: str) -> None:
    assert strip_restated(text, question) == left
