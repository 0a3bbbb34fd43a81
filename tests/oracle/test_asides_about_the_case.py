"""Asides about the case that cannot be a premise of its answer (issue 38, fourteenth session).

An erroneous inference says the reply's statements are right and only its answer fails, so every
sentence it says of the case must be read (cannot_tell.py): one may state, in words nothing reads, the
wrong fact the answer follows from. But a sentence that names a case entity and relates it to nothing
the case's facts could be said in (no word of a proof fact's relation, not both ends of one, no
denial, no year where the case has years) cannot be such a premise: "Cassavetes was a New Yorker"
(styled_blind13 W1-021) in a reply about where he died. Such an aside no longer keeps the class
(unread_bearing.py ``about``); one by a pronoun still does (what "he" stands for is not checked), and so
does one with a year in a dated case ("set up in December 1995", styled_blind14 W3-037). Replies are
written for these tests over the example KB."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.unread import Unread

from .test_reading_rules import TESLA_NYC
from .test_styles import VICTORIA_1902, judged


def test_an_aside_that_relates_nothing_of_the_case_leaves_the_class(kb_judge: Judge) -> None:
    reply = (
        "No. Nikola Tesla died in New York City. "
        "Tesla was a Serbian-American with a famous rivalry with Thomas Edison."
    )
    verdict = judged(kb_judge, TESLA_NYC, reply)
    assert verdict.outcome.value == "erroneous_inference", verdict.reasons


@pytest.mark.parametrize(
    "aside",
    [
        "Tesla's death came in New York City.",  # the case's relation in other words
        "He was a Serbian-American with a famous rivalry with Thomas Edison.",  # whom "he" means is unchecked
    ],
)
def test_an_aside_that_may_be_a_premise_still_keeps_the_class(kb_judge: Judge, aside: str) -> None:
    verdict = judged(kb_judge, TESLA_NYC, f"No. Nikola Tesla died in New York City. {aside}")
    assert verdict.outcome.value == "unreadable", verdict.reasons


def test_a_year_in_a_dated_case_may_date_its_facts(kb_judge: Judge) -> None:
    ground = judged(kb_judge, VICTORIA_1902, "Yes.").ground
    victoria = next(e.id for e in ground.entities if e.label == "Queen Victoria")
    bearing = kb_judge._bearing

    def aside(text: str) -> Unread:
        return Unread(text, ("Queen Victoria",), frozenset({victoria}), False)

    assert bearing.about(aside("Victoria was the figurehead of the British Empire by 1876."), ground)
    assert not bearing.about(aside("Victoria was the figurehead of the British Empire."), ground)
