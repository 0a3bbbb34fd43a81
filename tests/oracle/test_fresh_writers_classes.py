"""Classes on shapes the sixteenth set's blind writers gave (issue 38, fifteenth session): a wrong
premise that takes the proof's fact away, then the answer said again as the conclusion ("Her profile
lists her birthplace as San Diego. So yes, she was born in Los Angeles": the answer does not follow
from its own premises, so `both`), and a thing of a temporal case dated where the KB has no date of it
("The German Empire lasted until 1933, so ...": cannot tell, not a wrong inference). The cases are
real ones (labelled/fresh_writers_cases.jsonl, from the set's CoDEx-S and Wikidata12k cases); the
replies are written for this test in the writers' styles. The KB holds the cases' own facts."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge
from kgtest.oracle.embeddings import Embedder

from .labelled_kb import cases_judge, outcome, read_cases

_CASES = read_cases("fresh_writers_cases.jsonl")
BRUNSWICK = "ec8a3585acfcb4d2"
"""Was Brunswick in the German Empire at any time in the 1920s? (No: 1871-1919)"""
MARRANO = "adbcd1333228f2b5"
"""Was Laura Marrano born in Los Angeles? (Yes)"""


@pytest.fixture(scope="module")
def judge(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    return cases_judge(_CASES.values(), extractor, embedder)


def _outcome(judge: Judge, case_id: str, reply: str) -> str:
    return outcome(judge, _CASES[case_id], reply)


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        # citing sources: a wrong birthplace, then the right answer said again as the conclusion
        (
            "Her player profile lists her birthplace as San Diego, California, and local papers covered her "
            "junior years there. So yes, she was born in Los Angeles.",
            "both",
        ),
        ("Her player profile lists her birthplace as Los Angeles. So yes, she was born there.", "correct"),
        # terse: a wrong birthplace and the answer its premise gives
        ("No. Her player profile lists her birthplace as San Diego.", "erroneous_knowledge"),
    ],
)
def test_an_answer_said_again_after_a_premise_that_takes_the_proof_away(
    judge: Judge, reply: str, outcome: str
) -> None:
    assert _outcome(judge, MARRANO, reply) == outcome


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        # terse and chatty: the asked thing's own end, which the KB does not date
        (
            "Yes. The German Empire lasted until 1933, so Brunswick was part of it throughout the 1920s.",
            "unreadable",
        ),
        ("Oh yes! The German Empire lasted until 1933, and Brunswick was in it all along.", "unreadable"),
        # a bare wrong answer dates nothing: a wrong inference as before
        ("Yes.", "erroneous_inference"),
    ],
)
def test_a_thing_dated_where_the_kb_has_no_date_is_cannot_tell(
    judge: Judge, reply: str, outcome: str
) -> None:
    assert _outcome(judge, BRUNSWICK, reply) == outcome
