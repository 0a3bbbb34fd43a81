"""The fifth session's reading rules, each from a reply style rather than one reply: a fact said to
have ended ("no longer"), a relational noun with its kind after "of" ("its head of state"), and a
class noun given by its instances ("countries such as Sweden and Denmark"). The replies are written
for these tests, in the hedged and markdown styles."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge

from .test_styles import judged

NORWAY_DENMARK = "46295baff7d2f283"
"""Is it true that Norway has diplomatic relations with Denmark? (Yes)"""
MAXWELL_EINSTEIN = "29e03fa9cb041717"
"""Is it true that James Clerk Maxwell influenced Albert Einstein? (Yes; the KB has Newton too)"""


def rows(extractor: SpacyExtractor, text: str) -> set[tuple[str, str, str, bool]]:
    (triples,) = extractor.extract([text])
    return {(t.subject, t.relation, t.object, t.negated) for t in triples}


def test_no_longer_denies_and_of_kind_names_the_relation(extractor: SpacyExtractor) -> None:
    found = rows(extractor, "Belize became a republic, so Elizabeth II was no longer its head of state.")
    assert ("Elizabeth II", "was head of state of", "Elizabeth II", True) in found  # the oracle picks "its"
    assert ("Paris", "was capital of", "France", False) in rows(extractor, "Paris was the capital of France.")
    assert ("Bonn", "lay in", "Germany", True) in rows(extractor, "By then Bonn no longer lay in Germany.")
    assert ("Bonn", "lay in", "Germany", False) in rows(extractor, "Bonn lay in Germany for longer.")


def test_a_class_noun_given_by_its_instances(extractor: SpacyExtractor) -> None:
    found = rows(
        extractor, "Norway has relations with countries such as Sweden, the United Kingdom and Denmark."
    )
    assert {o for s, r, o, _ in found if r == "has relations with"} == {"Sweden", "United Kingdom", "Denmark"}
    found = rows(extractor, "Tolstoy was influenced by writers like Pushkin and Dickens.")
    assert {o for _, r, o, _ in found if r == "was influenced by"} == {"Pushkin", "Dickens"}
    # a single thing, or a class whose instances are not named, stands as it is
    assert {o for *_, o, _ in rows(extractor, "Norway has relations with many countries.")} == {
        "many countries"
    }


@pytest.mark.parametrize(
    ("case_id", "reply", "outcome"),
    [
        (
            NORWAY_DENMARK,
            "No, I believe not: if I remember correctly, Norway no longer has diplomatic relations "
            "with Denmark.",
            "erroneous_knowledge",
        ),
        (
            MAXWELL_EINSTEIN,
            "**Yes.**\n\n- Einstein was influenced by physicists such as Isaac Newton and "
            "James Clerk Maxwell.",
            "correct",
        ),
        (
            MAXWELL_EINSTEIN,
            "**No.**\n\n- Einstein was never influenced by physicists such as James Clerk Maxwell.",
            "erroneous_knowledge",
        ),
    ],
)
def test_ended_facts_and_instances_are_read(kb_judge: Judge, case_id: str, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, case_id, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
