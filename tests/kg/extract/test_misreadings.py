"""Misreadings issue 38's eighth session fixed at the extractor's depth, each from sentences of several
reply styles (terse, chatty, step-by-step, cited)."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor


@pytest.mark.parametrize(
    ("text", "subject", "year", "act"),
    [
        ("Armenia opened an embassy in Tokyo in 2010.", "Armenia", "2010", "embassy"),
        ("Step 2: Japan later opened an embassy in 2010, as the ministry notes.", "Japan", "2010", "embassy"),
        ("Oh, and he started it in 2009, 2011 and 2013 too!", "he", "2011", "it"),
        ("According to the club, Smith founded the academy in 1904.", "Smith", "1904", "academy"),
    ],
)
def test_a_year_of_a_verb_with_an_object_dates_the_act_not_the_subject(
    extractor: SpacyExtractor, text: str, subject: str, year: str, act: str
) -> None:
    (triples,) = extractor.extract([text])
    bare = [t for t in triples if t.object == year and t.relation.split()[1:] == ["in"]]  # "opened in"
    assert bare and all(t.subject == subject and t.acted_on == act for t in bare), triples


@pytest.mark.parametrize(
    "text",
    [
        "Einstein was born in Ulm in 1879.",
        "The race took place in 2014.",
        "Tesla (born 1856) died in 1943.",
        "Sadly, he breathed his last in 1943.",
    ],
)
def test_a_year_of_a_verb_without_an_object_is_the_subjects(extractor: SpacyExtractor, text: str) -> None:
    (triples,) = extractor.extract([text])
    years = [t for t in triples if t.object.isdigit()]
    assert years and any(not t.acted_on for t in years), triples
