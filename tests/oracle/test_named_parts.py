"""A place said to have units "such as" or "like" named ones holds each of them (spacy_parse.py
``named_parts``, the sixth session's rule): "Grand Est, home to departments such as Meuse", "taking in
departments such as Ain", "with departments like Gironde"; a pronoun after them stands for the place,
not a unit. Sentences and replies are written for this test, in the markdown, hedged and chatty
styles."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge

from .cases import IN_ENGLAND


@pytest.mark.parametrize(
    ("text", "part", "whole"),
    [
        (
            "- **Grand Est** is the north-eastern region, home to departments such as **Meuse**.",
            "Meuse",
            "Grand Est",
        ),
        (
            "Auvergne-Rhône-Alpes lies in the centre-east, taking in departments such as Ain and Rhône.",
            "Rhône",
            "Auvergne-Rhône-Alpes",
        ),
        (
            "Oh, Nouvelle-Aquitaine is way down south-west, with departments like Gironde!",
            "Gironde",
            "Nouvelle-Aquitaine",
        ),
        ("Grand Est, created in 2016, groups departments such as Meuse.", "Meuse", "Grand Est"),
    ],
)
def test_named_units_are_in_the_place(extractor: SpacyExtractor, text: str, part: str, whole: str) -> None:
    (triples,) = extractor.extract([text])
    assert (part, "is in", whole) in {(t.subject, t.relation, t.object) for t in triples if not t.negated}


def test_units_named_as_kinds_or_of_no_place_are_not_read(extractor: SpacyExtractor) -> None:
    texts = ["Germany has many cities such as Berlin.", "He visited regions like Bavaria."]
    (first, second) = extractor.extract(texts)
    assert ("Berlin", "is in", "Germany") in {(t.subject, t.relation, t.object) for t in first}
    assert not any(t.relation == "is in" and t.object == "He" for t in second)


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "Yes. England is a country of Britain, home to counties such as Oxfordshire, "
            "and Oxford lies in Oxfordshire.",
            "correct",
        ),
    ],
)
def test_a_named_unit_is_read_in_a_reply(kb_judge: Judge, reply: str, outcome: str) -> None:
    (verdict,) = kb_judge.judge_many([(IN_ENGLAND, reply)])
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_pronoun_after_named_units_is_the_place(extractor: SpacyExtractor) -> None:
    """ "... departments such as Ain and Puy-de-Dôme, so Somme didn't belong to it": the region, not Ain."""
    text = (
        "Auvergne-Rhône-Alpes is in the centre-east of the country, "
        "taking in departments such as Ain and Puy-de-Dôme, so Somme didn't belong to it."
    )
    (triples,) = extractor.extract([text])
    (denied,) = [t for t in triples if t.object_pronoun == "it"]
    assert denied.antecedents[:2] == ("Somme", "Auvergne-Rhône-Alpes"), denied.antecedents
