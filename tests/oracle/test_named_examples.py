"""A plural class noun given by its instances ("relations with countries such as Hungary", "writers
like Pushkin") has them as objects (kg/extract/spacy_parse.py ``examples``); such a noun under a
relation's "with" names the relation's other ends, not a place's parts (spacy_parts.py). Replies are
written for these tests, in the terse and chatty styles."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge

from .test_styles import judged

AUSTRIA_HUNGARY = "7ae346fbd6cdd07e"
"""Is it true that Austria has diplomatic relations with Hungary? (Yes)"""


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes. Austria has diplomatic relations with neighbours such as Hungary.", "correct"),
        ("No. Austria never had diplomatic relations with countries like Hungary.", "erroneous_knowledge"),
    ],
)
def test_the_named_instances_are_the_objects(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, AUSTRIA_HUNGARY, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


def test_countries_a_relation_names_are_no_parts(extractor: SpacyExtractor) -> None:
    (triples,) = extractor.extract(["Albania also has relations with countries such as Germany and Kosovo."])
    assert {t.object for t in triples if t.relation == "has relations with"} == {"Germany", "Kosovo"}
    assert not any(t.relation == "is in" for t in triples)  # not "Germany is in Albania"
    (triples,) = extractor.extract(["Grand Est, with departments like Meuse, lies in the north-east."])
    assert ("Meuse", "is in", "Grand Est") in {(t.subject, t.relation, t.object) for t in triples}
