"""Names the KB holds once and the world several times, told by what the KB knows (issue 37 goal 4)."""

from __future__ import annotations

import pytest

from kgtest.core.wordnet import wordnet
from kgtest.generator.kbview import KbView
from kgtest.generator.name_contexts import football_club
from kgtest.generator.names import Namer
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

PEOPLE, PLACES = Domain.PEOPLE, Domain.PLACES


def test_a_mononym_is_told_by_the_line_of_work_its_facts_show() -> None:
    """ "Did Éder play for S.C. Braga in 2014?" read two ways to both readers of the thirteenth
    session's end: Wikidata12k gives Éder no description, but his teams are football clubs."""
    entities = {
        "Q1": Entity("Q1", "Éder", domain=PEOPLE),
        "Q2": Entity("Q2", "S.C. Braga", domain=Domain.EVENTS),
        "Q3": Entity("Q3", "Magic", domain=PEOPLE),  # a basketball player's mononym
        "Q4": Entity("Q4", "Los Angeles Lakers", domain=Domain.EVENTS),
        "Q5": Entity("Q5", "Roque Santa Cruz", domain=PEOPLE),
        "Q6": Entity("Q6", "Collateral", domain=PEOPLE),  # a film the KB files under people
    }
    facts = (Fact("Q1", "P54", "Q2", 2012, 2015), Fact("Q3", "P54", "Q4"), Fact("Q5", "P54", "Q2"))
    namer = Namer(KbView(entities, facts, builtin_catalog()))
    assert namer.name("Q1", "Q2") == "the footballer Éder"
    # no line of work the KB shows (a team that says no sport), or more than one word: bare, as before
    assert namer.name("Q3", "Q4") == "Magic" and namer.name("Q5", "Q2") == "Roque Santa Cruz"
    assert namer.name("Q6") == "Collateral"
    assert football_club("Liverpool F.C.") and football_club("Swansea City A.F.C.")
    assert not football_club("Los Angeles Lakers") and not football_club("Lille OSC")


def _places(*more: Entity) -> KbView:
    entities = {
        "Q1": Entity("Q1", "Oldenburg", domain=PLACES),
        "Q2": Entity("Q2", "Lower Saxony", domain=PLACES),
        "Q3": Entity("Q3", "Germany", types=("Q6256",), domain=PLACES),
        "Q4": Entity("Q4", "Groningen", domain=PLACES),
        "Q5": Entity("Q5", "Lagrange", domain=PLACES),
        "Q6": Entity("Q6", "Haut-Rhin", domain=PLACES),
        "Q8": Entity("Q8", "Soviet Union", domain=PLACES),
        **{e.id: e for e in more},
    }
    facts = (
        Fact("Q1", "P131", "Q2", 2005, None),
        Fact("Q2", "P17", "Q3"),
        Fact("Q5", "P131", "Q6"),
        Fact("Q6", "P17", "Q3"),
    )
    return KbView(entities, facts, builtin_catalog())


@pytest.mark.skipif(not wordnet().available, reason="needs Debian's wordnet-base (.ci/setup)")
def test_a_place_that_shares_a_persons_name_is_told_by_what_holds_it() -> None:
    """ "Was Oldenburg in Lower Saxony in 1986?" read two ways (WordNet's Oldenburg is Claes
    Oldenburg); what holds it tells the town, and never the containment asked."""
    assert wordnet().people("Oldenburg") >= 1 and not wordnet().places("Oldenburg")
    namer = Namer(_places())
    assert namer.name("Q1", "Q4") == "Oldenburg in Lower Saxony"  # as English says it
    assert namer.name("Q1", "Q2", where=True) == "Oldenburg (Germany)"
    # nothing may be said: its bare name, and the question is still asked (the suite keeps its cases)
    assert namer.name("Q1", "Q8", where=True) == "Oldenburg"
    assert not namer.bare_namesake("Q1", "Q8", where=True)
    assert namer.name("Q4", "Q1") == "Groningen"


def test_a_place_named_as_a_person_of_the_kb_is_told_apart() -> None:
    """ "Was Lagrange in the Territoire de Belfort ...?" read as the mathematician: where the KB has
    a Joseph-Louis Lagrange, the commune takes its department."""
    assert Namer(_places()).name("Q5", "Q4") == "Lagrange"
    person = Entity("Q7", "Joseph-Louis Lagrange", types=("Q5",), domain=PEOPLE)
    assert Namer(_places(person)).name("Q5", "Q4") == "Lagrange in Haut-Rhin"
