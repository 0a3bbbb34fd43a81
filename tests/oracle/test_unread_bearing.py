"""An unread sentence blocks a class only where it could bear on the proof's facts or the question
(oracle/unread_bearing.py): an aside relating two things the KB knows in words that cannot say the
proof's relation is no premise and, by bench/styled_blind11/DEFINITIONS.md, no wrong knowledge of the
case's facts (styled_blind11 W3-020, "Manhattan is a different borough from Brooklyn"). Replies are
written for these tests over the example KB's Munich (in Upper Bavaria, in Bavaria) and, for a year,
its dated case "Was it true in 1988 that David Beckham played for A.C. Milan?" (No)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_reading_rules import MUNICH_BAVARIA, TESLA_NYC
from .test_styles import judged
from .test_unread_years import BECKHAM_MILAN


@pytest.mark.parametrize(
    "reply",
    [
        # chatty: an aside about a person and the city
        "Yes! Munich is located in Bavaria. Fun fact: Albert Einstein went to school in Munich as a boy.",
        # terse
        "Yes. Munich is located in Bavaria. Angela Merkel visited Munich often.",
        # a year in an undated case: its facts hold whenever, so the year dates none of them
        "Yes. Munich is located in Bavaria. Angela Merkel visited Munich in 1990.",
    ],
)
def test_an_aside_that_cannot_say_the_proofs_relation_keeps_the_class(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, MUNICH_BAVARIA, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        # a word of containment about a proof's place ("capital")
        "Yes. Munich is located in Bavaria. Angela Merkel visited Munich, the capital of Upper Bavaria.",
        # both ends of a proof's fact, moved apart (restated as it, it is read: test_restated_facts.py)
        "Yes. Munich is located in Bavaria. Hitler's putsch split Munich from Upper Bavaria.",
        # a denial about a proof's place needs no word of the relation
        "Yes. Munich is located in Bavaria. Angela Merkel never visited Munich.",
    ],
)
def test_a_sentence_that_may_bear_on_the_proof_still_blocks(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, MUNICH_BAVARIA, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        # a career aside with a year, in words that date none of the case's facts (styled_blind12
        # W2-004: "Di Gregorio ... came through the Française des Jeux system in the mid-2000s")
        "No. Beckham was the face of a Milan fashion house in 2000.",
        "No. Beckham captained England in 2002.",
    ],
)
def test_a_year_in_words_dating_nothing_of_a_dated_case_keeps_the_class(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        # a year set against the question's
        "No. Beckham captained England long after 1988.",
        "No. Beckham captained England from 2000 until 2006.",
        # in the words of the case's relation ("played for A.C. Milan in 2009" is read, dated: dated.py)
        "No. Beckham played his Milan football in 2009.",
    ],
)
def test_a_year_that_may_date_a_fact_of_a_dated_case_still_blocks(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        # "place of death": "place" names any place (styled_blind9 W2-051, "Mytishchi is a city in ...")
        "Yes, Tesla died in New York City. Budapest was a place Tesla visited.",
        "Yes, Tesla died in New York City. Tesla toured Paris, the city of light.",
    ],
)
def test_a_place_noun_of_a_relations_name_says_no_relation(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, TESLA_NYC, reply)
    assert verdict.outcome.value == "correct", verdict.reasons
