"""A place that passes, comes, falls or ends up in another, or is put, folded, assigned or handed to
it, is in it; one administered or governed by another too; a partnership between places is a
twinning (oracle/moved.py). Replies are written for these tests, in the terse, chatty and
step-by-step styles; between things that are not both places the words are read as before."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge
from kgtest.oracle.moved import moved_into, partnered

from .test_styles import EINSTEIN_NOBEL, judged

ZURICH_SWITZERLAND = "859336dae3aa81b7"
"""Is it true that Zürich is located in Switzerland? (Yes)"""
PRAGUE_BERLIN = "27152739dfa8c423"
"""Is it true that Prague is twinned with Berlin? (Yes)"""


def test_words_that_put_a_place_in_another() -> None:
    said = ["is administered by", "was governed by", "passed to", "came under", "came back to"]
    said += ["was folded into", "ended up in", "was handed over to", "was assigned to", "moved to"]
    assert all(moved_into(Triple("A", s, "B")) for s in said)
    # a verb that carries the thing over is read passive only; a merger of equals, "belonged to" (owned
    # by, part of or member of) and other prepositions say nothing of it
    said = ["administered by", "handed to", "merged with", "belonged to", "was founded by", "flowed into"]
    assert not any(moved_into(Triple("A", s, "B")) for s in said)


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes, Zürich is administered by the Canton of Zürich, a Swiss canton.", "correct"),
        ("Yes: Zürich is governed by the Canton of Zürich, which is in Switzerland.", "correct"),
        ("Yes! Zürich came under the Canton of Zürich, and that canton ended up in Switzerland.", "correct"),
        ("1. Zürich never came under the Canton of Zürich.\n\nConclusion: No.", "erroneous_knowledge"),
    ],
)
def test_a_place_put_in_another_is_in_it(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, ZURICH_SWITZERLAND, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_prize_handed_to_a_person_is_no_place(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, EINSTEIN_NOBEL, "Yes. The Nobel Prize in Physics was handed over to Einstein in 1921."
    )
    handed = [c for c in verdict.claims if "handed" in c.triple.relation]
    assert handed and all(c.statement is None or c.statement[1] != "P131" for c in handed)


def test_a_name_in_a_relative_clause_is_a_later_antecedent(extractor: SpacyExtractor) -> None:
    (triples,) = extractor.extract(
        ["Savoy was a duchy that was folded into France. Geneva never belonged to it."]
    )
    denied = next(t for t in triples if t.object_pronoun == "it")
    assert denied.antecedents.index("Savoy") < denied.antecedents.index("France")


def test_words_of_a_partnership() -> None:
    said = [
        "has partnership with",
        "concluded partnership with",
        "signed twinning with",
        "formed partnerships with",
    ]
    assert all(partnered(Triple("A", s, "B")) for s in said)
    assert not any(
        partnered(Triple("A", s, "B")) for s in ["signed agreements with", "is partner of", "has ties with"]
    )


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes. Prague concluded a city partnership with Berlin.", "correct"),
        ("Yes — Berlin signed a twinning with Prague, one of its many partners.", "correct"),
        ("No. Prague has never had a partnership with Berlin.", "erroneous_knowledge"),
    ],
)
def test_a_partnership_between_places_is_a_twinning(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, PRAGUE_BERLIN, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_partnership_of_people_is_no_twinning(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, EINSTEIN_NOBEL, "Yes, in 1921. Einstein had a long partnership with Niels Bohr."
    )
    partnership = [c for c in verdict.claims if "partnership" in c.triple.relation]
    assert partnership and all(c.statement is None or c.statement[1] != "P190" for c in partnership)
