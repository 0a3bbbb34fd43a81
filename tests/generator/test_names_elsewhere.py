"""A place the KB alone has of its name is told apart where WordNet knows others of it (issue 37)."""

from __future__ import annotations

import pytest

from kgtest.core.wordnet import wordnet
from kgtest.generator.asked import Asker
from kgtest.generator.kbview import KbView
from kgtest.generator.names import Namer
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

pytestmark = pytest.mark.skipif(not wordnet().available, reason="needs Debian's wordnet-base (.ci/setup)")

PLACES = Domain.PLACES


def _view(*facts: Fact) -> KbView:
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
    return KbView(entities, facts, builtin_catalog())


def _namer(*facts: Fact) -> Namer:
    return Namer(_view(*facts))


def test_a_name_wordnet_gives_to_several_places_takes_its_country() -> None:
    """ "Brunswick" is in Germany, Maine and Georgia: "Was Kazan twinned with Brunswick in Germany?"."""
    assert wordnet().places("Brunswick") >= 2 and wordnet().places("Kazan") < 2
    namer = _namer(Fact("Q1", "P17", "Q2", 1990, None, statement="s1"), Fact("Q1", "P131", "Q4"))
    assert namer.name("Q1", "Q5") == "Brunswick in Germany"
    assert namer.name("Q5", "Q1") == "Kazan"
    # asked where it lies, no context may give the answer away ("Brunswick (Germany)" in Germany?)
    # and none of its places contains Germany: its bare name, unique in the KB, which a fact
    # question does not ask ("Was Friesland in Belgium in 1987?": the Dutch province, to a reader)
    assert namer.name("Q1", "Q2", where=True) == "Brunswick"
    assert namer.bare_namesake("Q1", "Q7", where=True)  # "Was Brunswick in the Soviet Union?"
    assert not namer.bare_namesake("Q1", "Q2", where=True)  # "Was Brunswick in Germany?" says which
    assert not namer.bare_namesake("Q1", "Q5", where=False)  # "Brunswick in Germany" elsewhere


def test_a_place_context_takes_the_article_its_name_takes() -> None:
    """ "Cambridge in the United Kingdom", never "in United Kingdom" (asked where something lies, a
    context stays in parentheses: test_names_shared.py, "Oldenburg (Germany)")."""
    uk = Entity("Q9", "United Kingdom", types=("Q6256",), domain=PLACES)
    view = _view(Fact("Q10", "P17", "Q9", 1990, None, statement="s1"))
    cambridge = Entity("Q10", "Cambridge", domain=PLACES)
    namer = Namer(KbView({**view.entities, "Q9": uk, "Q10": cambridge}, view.facts, builtin_catalog()))
    assert namer.name("Q10", "Q5") == "Cambridge in the United Kingdom"
    assert namer.name("Q10", "Q5", quoted=True) == "Cambridge (United Kingdom)"  # Drowzee's sentences


def test_a_country_or_a_place_the_kb_cannot_place_keeps_its_name() -> None:
    undated = (Fact("Q6", "P17", "Q7"), Fact("Q6", "P17", "Q8"))  # which one is today's?
    namer = _namer(*undated)
    assert namer.name("Q2") == "Germany"
    # a country keeps its name, but for a well-known clash (WordNet's other Georgia is a US state)
    assert namer.name("Q3") == "the country Georgia"
    # beside another country it can be no US state: "Does Bosnia and Herzegovina have diplomatic
    # relations with the country Georgia?" read clumsy to both readers of the twelfth session
    assert namer.name("Q3", "Q2") == "Georgia" and namer.name("Q3", "Q7") == "the country Georgia"
    assert namer.name("Q6") == "Saint Petersburg"
    assert namer.name("Q1") == "Brunswick"
    # named bare though the world has others of their names: no fact question asks where they lie
    assert namer.bare_namesake("Q6", "Q2", where=True) and namer.bare_namesake("Q1", "Q7", where=True)
    # nor anything else, where the KB says nothing more of it ("Was Toledo twinned with Aachen?")
    assert namer.bare_namesake("Q6", "Q5", where=False)
    assert not namer.bare_namesake("Q3", "Q7", where=True) and not namer.bare_namesake("Q2", "Q7", where=True)


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
    # what he did, not where he is from: "the Irish racing cyclist" would answer "born in Ireland?"
    assert namer.name("Q1") == namer.name("Q1", "Q5") == "the cyclist Daniel Martin"
    assert namer.name("Q2") == "Dean Martin"  # WordNet's own: the one a reader knows
    # WordNet knows no Pedersen, but the world knows a cyclist and a footballer (``WELL_KNOWN``)
    assert namer.name("Q3") == "the cyclist Mads Pedersen"
    # its "(born 1990)" would answer a temporal question: it goes, what he did stays (fourteenth session)
    assert namer.name("Q4") == "the footballer Jack Hunt"


def test_a_fact_question_does_not_ask_where_a_place_the_world_shares_lies_by_its_bare_name() -> None:
    """ "Was Friesland in Belgium in 1987?" (the KB's Friesland is in Germany; readers thought of
    the Dutch province): no context may be given where the question asks where it lies."""
    view = _view(Fact("Q1", "P17", "Q2", 1990, None, statement="s1"))
    asker = Asker(view, 2020, "plain")
    assert not asker.askable(("Q1", "P17", "Q7"), None)  # bare, and the Soviet Union tells nothing
    assert asker.askable(("Q1", "P17", "Q2"), None)  # bare, but "in Germany" says which
    assert asker.askable(("Q5", "P190", "Q1"), None)  # not where: "Brunswick in Germany"
    assert not asker.askable(("Q5", "P190", "Q6"), None)  # Saint Petersburg: the KB tells nothing
    assert Asker(view, 2020, "drowzee").askable(("Q1", "P17", "Q7"), None)  # Drowzee's as it was


def test_a_place_named_by_a_common_word_is_not_asked_bare() -> None:
    """ "Was Opera ever in the Metropolitan City of Milan?" read as the art form to both blind readers
    of the tenth session's second round; "Oldenburg" (a person's name to WordNet) and "Kazan" are
    names, not words."""
    entities = {
        "Q1": Entity("Q1", "Opera", domain=PLACES),
        "Q2": Entity("Q2", "Metropolitan City of Milan", domain=PLACES),
        "Q3": Entity("Q3", "Oldenburg", domain=PLACES),
        "Q4": Entity("Q4", "Lower Saxony", domain=PLACES),
    }
    facts = (Fact("Q1", "P131", "Q2"), Fact("Q3", "P131", "Q4"))
    namer = Namer(KbView(entities, facts, builtin_catalog()))
    assert wordnet().common("Opera") and not wordnet().common("Oldenburg")
    assert namer.bare_namesake("Q1", "Q2", where=True)
    assert not namer.bare_namesake("Q3", "Q4", where=True)


def test_a_person_known_by_a_common_word_is_told_by_what_they_do() -> None:
    """ "Was Common born in Santa Monica?" read as the word first to both readers of the twelfth
    session: a one-word name WordNet has as a common noun takes the description, else a line of work
    the KB's relations give (a record label's artist), else is not asked about."""
    people = {
        "Q1": Entity("Q1", "Common", types=("Q5",), domain=Domain.PEOPLE),
        "Q2": Entity("Q2", "Universal Music Group", domain=Domain.SOCIETY),
        "Q3": Entity("Q3", "Prince", "American singer", ("Q5",), Domain.PEOPLE),
        "Q4": Entity("Q4", "Seal", types=("Q5",), domain=Domain.PEOPLE),
        "Q5": Entity("Q5", "Shakira", types=("Q5",), domain=Domain.PEOPLE),
        "Q6": Entity("Q6", "Chicago", domain=PLACES),
    }
    facts = (Fact("Q1", "P264", "Q2"), Fact("Q1", "P19", "Q6"), Fact("Q4", "P19", "Q6"))
    view = KbView(people, facts, builtin_catalog())
    namer = Namer(view)
    assert namer.name("Q1") == "the musician Common"
    assert namer.name("Q3") == "the singer Prince"
    assert namer.name("Q4") is None  # nothing in the KB says which Seal
    assert namer.name("Q5") == "Shakira"  # no English word
    asker = Asker(view, 2020, "plain")
    said = asker.question(("Q1", "P19", "Q6"), "original", None, "past")
    assert said == "Was the musician Common born in Chicago?"
    assert not asker.askable(("Q4", "P19", "Q6"), None)
