"""Where a context goes (generator/name_contexts.py) and a person's generation (issue 37, eleventh round)."""

from __future__ import annotations

from kgtest.generator.articles import named
from kgtest.generator.asked import Asker
from kgtest.generator.clauses import PAST
from kgtest.generator.kbview import KbView
from kgtest.generator.name_contexts import told
from kgtest.generator.names import Namer
from kgtest.generator.templates import ORIGINAL
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity


def test_a_description_reads_before_the_name_and_a_place_after_it() -> None:
    """ "Was Mads Pedersen (cyclist) born in Norway?" read stiff to every blind reader of the tenth
    round; English puts the noun first: "Was the cyclist Mads Pedersen born in Norway?"."""
    assert told("Mads Pedersen", "cyclist", front=True) == "the cyclist Mads Pedersen"
    assert told("David Copperfield", "1935 film", front=True) == "the 1935 film David Copperfield"
    assert told("Brunswick", "Germany", front=False) == "Brunswick (Germany)"  # a place: after it
    # a place it lies in follows "in", as English says it (the fifteenth session's final readers:
    # "Oldenburg (Lower Saxony)" is Wikipedia's way)
    assert told("Oldenburg", "Lower Saxony", front=False, inside=True) == "Oldenburg in Lower Saxony"
    # no plain noun phrase, or an article of its own: the parenthesis stays
    assert told("David Copperfield", "novel by Charles Dickens", front=True) == (
        "David Copperfield (novel by Charles Dickens)"
    )
    assert told("Cambridge", "city in Cambridgeshire", front=True) == "Cambridge (city in Cambridgeshire)"
    assert told("the Hobbit", "novel", front=True) == "the Hobbit (novel)"
    assert told("X", "a band", front=True) == "X (a band)"
    # in the word a person uses, and no longer than three words then
    assert told("Mats Hummels", "association football player", front=True) == "the footballer Mats Hummels"
    assert told("Juan Flecha", "professional road bicycle racer", front=True) == "the cyclist Juan Flecha"
    assert told("X", "American film and stage actor", front=True) == "X (American film and stage actor)"


def test_a_shared_label_of_a_work_or_a_person_is_told_in_front_and_of_a_place_after() -> None:
    entities = {
        "Q1": Entity("Q1", "David Copperfield", "novel", domain=Domain.CULTURE),
        "Q2": Entity("Q2", "David Copperfield", "illusionist", types=("Q5",), domain=Domain.PEOPLE),
        "Q3": Entity("Q3", "Paris", "town", domain=Domain.PLACES),
        "Q4": Entity("Q4", "Paris", "capital", domain=Domain.PLACES),
    }
    namer = Namer(KbView(entities, (), builtin_catalog()))
    assert namer.name("Q1") == "the novel David Copperfield"
    assert namer.name("Q2") == "the illusionist David Copperfield"
    assert namer.name("Q3") == "Paris (town)"


def test_a_persons_junior_or_senior_is_written_as_english_writes_it() -> None:
    """ "Did Fritz Leiber Junior die in Chicago?" read stiff to every blind reader of the tenth round."""
    assert named("Fritz Leiber Junior", person=True) == "Fritz Leiber Jr."
    assert named("Cal Ripken Senior", person=True) == "Cal Ripken Sr."
    assert named("Junior", person=True) == "Junior"  # a name of one word is the name
    assert named("Junior Senior", ("Q215380",)) != "Junior Sr."  # not a person: as it was


def test_a_person_asked_where_they_were_born_or_died_is_told_by_what_they_did() -> None:
    """ "Did Max Weber die in Leipzig?" read two ways to every blind reader of the tenth round (the
    world knows several): a place of birth or death turns on who is meant, so the question says it;
    other questions, and a person the description tells nothing of, keep the bare name."""
    entities = {
        "Q1": Entity("Q1", "Max Weber", "German sociologist, philosopher", ("Q5",), Domain.PEOPLE),
        "Q2": Entity("Q2", "Leipzig", domain=Domain.PLACES),
        "Q3": Entity("Q3", "Jane Roe", "", ("Q5",), Domain.PEOPLE),
        "Q5": Entity("Q5", "Elizabeth II", "queen of the United Kingdom", ("Q5",), Domain.PEOPLE),
        "Q4": Entity("Q4", "Heidelberg University", domain=Domain.SOCIETY),
    }
    view = KbView(entities, (), builtin_catalog())
    asker = Asker(view, None, "plain")
    assert (
        asker.question(("Q1", "P20", "Q2"), ORIGINAL, None, PAST)
        == "Did the sociologist Max Weber die in Leipzig?"
    )
    assert (
        asker.question(("Q1", "P19", "Q2"), ORIGINAL, None, PAST)
        == "Was the sociologist Max Weber born in Leipzig?"
    )
    assert asker.question(("Q3", "P20", "Q2"), ORIGINAL, None, PAST) == "Did Jane Roe die in Leipzig?"
    # what she did reads no way in front ("the queen of the United Kingdom Elizabeth II"): the name
    assert asker.question(("Q5", "P20", "Q2"), ORIGINAL, None, PAST) == "Did Elizabeth II die in Leipzig?"
    assert asker.question(("Q1", "P108", "Q4"), ORIGINAL, None, PAST) == (
        "Did Max Weber work at Heidelberg University?"
    )
    assert (
        Asker(view, None, "drowzee")
        .question(("Q1", "P20", "Q2"), ORIGINAL, None, PAST)
        .count("Max Weber died")
    )


def test_a_shared_label_the_kb_gives_no_domain_keeps_its_context_after_it() -> None:
    """A label with no domain may be a place: "the city Cambridge" is no English."""
    entities = {
        "Q1": Entity("Q1", "Cambridge", "city"),
        "Q2": Entity("Q2", "Cambridge", "town"),
    }
    assert Namer(KbView(entities, (), builtin_catalog())).name("Q1") == "Cambridge (city)"
