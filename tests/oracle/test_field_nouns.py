"""The asked relation's noun as a field line's name: "- **Birthplace:** Santa Monica, California"
(styled_blind13 W3-005), "- **Employer:** University of Chicago" (styled_blind9 W2-025), issue 38,
fourteenth session, second round (oracle/rewrite.py ``_NOUN_FIELD``). Said of the question's subject
where the question asks that property, and read as its claim, right or wrong; another property's noun
is left as it was. Replies are written for these tests in the markdown-list style, over the example KB."""

from __future__ import annotations

from kgtest.oracle import Judge
from kgtest.oracle.rewrite import readable

from .test_places_and_names import TRUMP_NYC
from .test_styles import judged


def test_the_asked_nouns_field_line_is_read_as_its_claim(kb_judge: Judge) -> None:
    right = judged(kb_judge, TRUMP_NYC, "**Yes.** Quick summary:\n\n- **Birthplace:** New York City")
    assert right.outcome.value == "correct", right.reasons
    wrong = judged(kb_judge, TRUMP_NYC, "**No.** Quick summary:\n\n- **Birthplace:** Chicago")
    assert wrong.outcome.value == "erroneous_knowledge", wrong.reasons


def test_only_the_asked_propertys_noun_names_the_subject() -> None:
    text = "- **Birthplace:** Ulm\n- **Employer:** Princeton University"
    read = readable(text, asked=("Albert Einstein", "P108"))
    assert read == "- **Birthplace:** Ulm\n- Albert Einstein was employed by Princeton University"
    assert readable("His birthplace was Ulm.", asked=("Albert Einstein", "P19")) == "His birthplace was Ulm."
