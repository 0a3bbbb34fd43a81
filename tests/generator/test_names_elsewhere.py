"""A place the KB alone has of its name is told apart where WordNet knows others of it (issue 37)."""

from __future__ import annotations

import pytest

from kgtest.core.wordnet import wordnet
from kgtest.generator.kbview import KbView
from kgtest.generator.names import Namer
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

pytestmark = pytest.mark.skipif(not wordnet().available, reason="needs Debian's wordnet-base (.ci/setup)")

PLACES = Domain.PLACES


def _namer(*facts: Fact) -> Namer:
    entities = {
        "Q1": Entity("Q1", "Brunswick", domain=PLACES),
        "Q2": Entity("Q2", "Germany", types=("Q6256",), domain=PLACES),
        "Q3": Entity("Q3", "Georgia", types=("Q3624078",), domain=PLACES),
        "Q4": Entity("Q4", "Lower Saxony", domain=PLACES),
        "Q5": Entity("Q5", "Kazan", domain=PLACES),
        "Q6": Entity("Q6", "Saint Petersburg", domain=PLACES),
        "Q7": Entity("Q7", "Soviet Union", domain=PLACES),
        "Q8": Entity("Q8", "Russian Empire", domain=PLACES),
    }
    return Namer(KbView(entities, facts, builtin_catalog()))


def test_a_name_wordnet_gives_to_several_places_takes_its_country() -> None:
    """ "Brunswick" is in Germany, Maine and Georgia: "Was Kazan twinned with Brunswick (Germany)?"."""
    assert wordnet().places("Brunswick") >= 2 and wordnet().places("Kazan") < 2
    namer = _namer(Fact("Q1", "P17", "Q2", 1990, None, statement="s1"), Fact("Q1", "P131", "Q4"))
    assert namer.name("Q1", "Q5") == "Brunswick (Germany)"
    assert namer.name("Q5", "Q1") == "Kazan"
    # asked where it lies, no context may give the answer away ("Brunswick (Germany)" in Germany?)
    # and none of its places contains Germany: its bare name, unique in the KB
    assert namer.name("Q1", "Q2", where=True) == "Brunswick"


def test_a_country_or_a_place_the_kb_cannot_place_keeps_its_name() -> None:
    undated = (Fact("Q6", "P17", "Q7"), Fact("Q6", "P17", "Q8"))  # which one is today's?
    namer = _namer(*undated)
    assert namer.name("Q3") == "Georgia"  # WordNet's other Georgia is a US state: not told by the KB
    assert namer.name("Q6") == "Saint Petersburg"
    assert namer.name("Q1") == "Brunswick"


def test_a_person_of_a_common_surname_takes_the_description() -> None:
    """WordNet knows Dean, Steve and Mary Martin: the KB's one "Daniel Martin" may be another's name
    to a reader (issue 37, sixth round: "Was Daniel Martin alive in 1964?" read two ways)."""
    people = {
        "Q1": Entity("Q1", "Daniel Martin", "Irish racing cyclist", ("Q5",), Domain.PEOPLE),
        "Q2": Entity("Q2", "Dean Martin", "American singer and actor", ("Q5",), Domain.PEOPLE),
        "Q3": Entity("Q3", "Mads Pedersen", "Danish cyclist", ("Q5",), Domain.PEOPLE),
        "Q4": Entity("Q4", "Jack Hunt", "English footballer (born 1990)", ("Q5",), Domain.PEOPLE),
        "Q5": Entity("Q5", "Ireland", types=("Q6256",), domain=PLACES),
    }
    namer = Namer(KbView(people, (), builtin_catalog()))
    assert wordnet().people("Martin") >= 2 and wordnet().people("Dean Martin") == 1
    # what he did, not where he is from: "(Irish racing cyclist)" would answer "born in Ireland?"
    assert namer.name("Q1") == namer.name("Q1", "Q5") == "Daniel Martin (racing cyclist)"
    assert namer.name("Q2") == "Dean Martin"  # WordNet's own: the one a reader knows
    assert namer.name("Q3") == "Mads Pedersen"  # WordNet knows no Pedersen: left alone
    assert namer.name("Q4") == "Jack Hunt"  # a description naming a year would answer a temporal question
