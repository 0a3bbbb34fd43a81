"""A place that belongs, or is handed, put or passed, to another is in it (oracle/moved.py), and "the
newly created X" is X: the fifth session's rules. Replies are written for these tests, in the terse
and step-by-step styles; between things that are not both places the words are read as before."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge
from kgtest.oracle.moved import moved_into

from .test_styles import EINSTEIN_NOBEL, judged

ZURICH_SWITZERLAND = "859336dae3aa81b7"
"""Is it true that Zürich is located in Switzerland? (Yes)"""


def test_words_that_move_a_thing_into_another() -> None:
    said = [
        "was handed to",
        "was handed over to",
        "were put into",
        "belonged to",
        "came back to",
        "was ceded to",
    ]
    assert all(moved_into(Triple("A", s, "B")) for s in said)
    # a verb that carries the thing over is read passive only; other prepositions say nothing of it
    assert not any(
        moved_into(Triple("A", s, "B"))
        for s in ["handed to", "was handed by", "flowed into", "administered by"]
    )


def test_a_participle_before_a_name_is_no_part_of_it(extractor: SpacyExtractor) -> None:
    (triples,) = extractor.extract(["In 2005 it was handed to the newly created Province of Olbia-Tempio."])
    assert "Province of Olbia-Tempio" in {t.object for t in triples}


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes: Zürich belongs to the Canton of Zürich, which belongs to Switzerland.", "correct"),
        ("Yes: Zürich was handed over to the Canton of Zürich, which is in Switzerland.", "correct"),
        ("Yes, Zürich is administered by the Canton of Zürich, a Swiss canton.", "correct"),
        (
            "1. Zürich never belonged to Switzerland.\n2. Its cantons were all Swiss.\n\nConclusion: No.",
            "erroneous_knowledge",
        ),
    ],
)
def test_a_place_given_to_another_is_in_it(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, ZURICH_SWITZERLAND, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_prize_handed_to_a_person_is_no_place(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, EINSTEIN_NOBEL, "Yes. The Nobel Prize in Physics was handed to Einstein in 1921."
    )
    handed = [c for c in verdict.claims if c.triple.relation == "was handed to"]
    assert handed and all(c.statement is None or c.statement[1] != "P131" for c in handed)
