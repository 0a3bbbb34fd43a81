"""A French département is asked as "the Rhône department": blind readers read a bare "Rhône",
"Somme" or "Doubs" as the river (issue 37, ninth round's reading)."""

from __future__ import annotations

import pytest

from kgtest.core.wordnet import wordnet
from kgtest.generator.kbview import KbView
from kgtest.generator.names import Namer
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

pytestmark = pytest.mark.skipif(not wordnet().available, reason="needs Debian's wordnet-base (.ci/setup)")


def _namer() -> Namer:
    labels = {
        "Q212429": "Metropolitan France",
        "Q1": "Rhône-Alpes",
        "Q2": "Rhône",
        "Q3": "Lyon",
        "Q4": "Somme",
        "Q5": "Picardy",
        "Q6": "Paris",
        "Q7": "Île-de-France",
        "Q8": "Territoire de Belfort",
    }
    entities = {q: Entity(q, label, domain=Domain.PLACES) for q, label in labels.items()}
    facts = (
        Fact("Q212429", "P150", "Q1", None, 2016, statement="s1"),
        Fact("Q5", "P131", "Q212429"),
        Fact("Q7", "P131", "Q212429"),
        Fact("Q2", "P131", "Q1", None, 2015, statement="s2"),
        Fact("Q2", "P150", "Q3"),
        Fact("Q4", "P131", "Q5"),
        Fact("Q6", "P131", "Q7"),
        Fact("Q8", "P131", "Q1"),
    )
    return Namer(KbView(entities, facts, builtin_catalog()))


def test_a_place_directly_in_a_french_region_is_a_department() -> None:
    namer = _namer()
    assert namer.name("Q2", "Q1", where=True) == "the Rhône department"
    assert namer.name("Q4") == "the Somme department"  # WordNet knows no river Somme: the KB tells
    assert namer.name("Q1") == "Rhône-Alpes"  # the region lies in France alone
    assert namer.name("Q3") == "Lyon"  # in Rhône, not in a region
    assert "Q6" not in namer.departments  # a place WordNet knows (Paris) is none
    assert namer.name("Q8") == "the Territoire de Belfort"  # its name says what it is, with "the"
