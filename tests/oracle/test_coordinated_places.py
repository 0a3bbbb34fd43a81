"""A second place given to the same verb after "and" ("was located in X until 2015 and in the new Y from
2016"), dated by its own year and named with a word for its age: the fifth session's rules (the
extractor's verb_preps, dated.py, entities.py). The reply is written for this test, in the step-by-step
style."""

from __future__ import annotations

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge
from kgtest.oracle.dated import _last

from .test_styles import judged

ZURICH_SWITZERLAND = "859336dae3aa81b7"
"""Is it true that Zürich is located in Switzerland? (Yes)"""


def test_a_coordinated_preposition_is_the_verbs(extractor: SpacyExtractor) -> None:
    (triples,) = extractor.extract(["She lived in Paris until 1900 and in London after that."])
    assert ("she", "lived in", "London") in {(t.subject, t.relation, t.object) for t in triples}


def test_a_year_goes_to_the_name_before_it_not_to_a_tail_of_it() -> None:
    sentence = (
        "It belonged to the Rhône-Alpes region until 2015 and to the Auvergne-Rhône-Alpes region from 2016."
    )
    assert _last(sentence, "Rhône-Alpes region", sentence.find("2016")) == sentence.find("Rhône-Alpes region")


def test_each_place_gets_its_own_years(kb_judge: Judge) -> None:
    reply = (
        "1. Zürich was located in the Canton of Zürich until 1847 and in the new Switzerland from 1848.\n"
        "\nConclusion: Yes."
    )
    verdict = judged(kb_judge, ZURICH_SWITZERLAND, reply)
    when = {c.object.label: c.when for c in verdict.claims if c.statement and c.statement[1] == "P131"}
    assert when["Switzerland"] == (1848, None)  # its own year, not the first place's
    assert verdict.outcome.value == "correct", verdict.reasons


def test_a_named_region_of_a_place_is_the_region(extractor: SpacyExtractor) -> None:
    (named, bare) = extractor.extract(
        ["The district belonged to the Lüneburg region of Lower Saxony.", "He lived in the north of England."]
    )
    assert {t.object for t in named} == {"Lüneburg region"}  # its name, not the state around it
    assert {t.object for t in bare} == {"England"}  # an unnamed piece of a place is in the place
