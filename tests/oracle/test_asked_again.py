"""The question's own statement said again in words no property phrase reads (issue 38, fourteenth
session; oracle/unread_asked.py).

"Omonia Aradippou was one of the participants in the 2018–19 Cypriot Cup" (styled_blind13 W2-014),
"Step two: check whether Steve Cummings is among its participants — he is." (styled_blind14 W3-026):
the case's relation in its own words (Wikidata's aliases, kgtest's paraphrases) between the
question's two ends, or one and "he"/"its", where the proof holds the statement, agree with it and are
read as it. Said the other way round, of a relation between things of one kind, denied, dated, with a
third name, or where the statement is false, they still block a class. Replies are written for these
tests in the step-by-step style of those sets, over the example KB."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_reading_rules import MUNICH_BAVARIA
from .test_styles import CURIE_CHEMISTRY, DARWIN_LENIN, PRINCETON_EINSTEIN, judged


@pytest.mark.parametrize(
    ("case", "reply"),
    [
        (
            PRINCETON_EINSTEIN,
            "Yes. Step two: check whether Albert Einstein is among Princeton University's employees — he is.",
        ),
        # a source the KB does not know, citing it (styled_blind9 W1-048's shape)
        (
            PRINCETON_EINSTEIN,
            "Yes. Reference databases such as Wikidata accordingly list Princeton University among his"
            " employers.",
        ),
        (
            CURIE_CHEMISTRY,
            "Yes. Step two: check whether Marie Curie is among the laureates of the Nobel Prize in Chemistry"
            " — she is.",
        ),
    ],
)
def test_the_statement_said_again_is_read_as_it(kb_judge: Judge, case: str, reply: str) -> None:
    verdict = judged(kb_judge, case, reply)
    assert verdict.outcome.value == "correct", verdict.reasons
    assert verdict.reasons[0].startswith("read as a fact of the case it restates"), verdict.reasons


def test_the_statement_denied_once_where_the_proof_finds_it_false_is_read_as_that(kb_judge: Judge) -> None:
    """styled_blind14 W2-039's shape: "Hamburg had nothing to do with his birth" (a word of the
    relation's phrases, "birth" of "birth place"); said twice over, it may be a double negation."""
    said = judged(
        kb_judge, DARWIN_LENIN, "No. Vladimir Lenin had nothing to do with Robert Darwin's marriage."
    )
    assert said.outcome.value == "correct", said.reasons
    # a bare "nothing" (styled_dev14 D2-014: "Nothing connects his death to San Francisco.")
    nothing = judged(
        kb_judge, DARWIN_LENIN, "No. Nothing connects Vladimir Lenin to Robert Darwin's marriage."
    )
    assert nothing.outcome.value == "correct", nothing.reasons
    twice = judged(kb_judge, DARWIN_LENIN, "No. Robert Darwin had no spouse called Vladimir Lenin, not ever.")
    assert twice.outcome.value == "unreadable", twice.reasons


@pytest.mark.parametrize(
    ("case", "reply"),
    [
        # answered the other way: a denial of what the KB holds
        (
            PRINCETON_EINSTEIN,
            "Yes. Step two: check whether Albert Einstein is among Princeton University's employees"
            " — he isn't.",
        ),
        # dated: the year may be another than the KB's
        (
            PRINCETON_EINSTEIN,
            "Yes. Step two: check whether Albert Einstein is among Princeton University's employees"
            " — he is, since 1933.",
        ),
        # a third name the KB may know otherwise
        (
            PRINCETON_EINSTEIN,
            "Yes. Albert Einstein was one of Princeton University's employees, with Kurt Gödel.",
        ),
        # backwards, between two places: Bavaria is no division of Munich
        (
            MUNICH_BAVARIA,
            "Yes. Step two: check whether Bavaria is among the administrative divisions of Munich — it is.",
        ),
        # the statement is false: said positively, it is what the KB contradicts
        (
            DARWIN_LENIN,
            "No. Step two: check whether Robert Darwin is among Vladimir Lenin's spouses — he is.",
        ),
    ],
)
def test_a_restatement_that_may_be_wrong_still_blocks(kb_judge: Judge, case: str, reply: str) -> None:
    verdict = judged(kb_judge, case, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
