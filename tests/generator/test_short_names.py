"""A full title is asked by the short name a person writes, where the KB gives it to nothing else."""

from __future__ import annotations

import pytest

from kgtest.core.wordnet import wordnet
from kgtest.generator.asked import Asker
from kgtest.generator.clauses import PAST
from kgtest.generator.forms import question_form
from kgtest.generator.kbview import KbView
from kgtest.generator.short_names import short_name
from kgtest.generator.templates import NEGATED, ORIGINAL
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

needs_wordnet = pytest.mark.skipif(not wordnet().available, reason="WordNet data not installed")


@pytest.mark.parametrize(
    ("label", "person", "short"),
    [
        ("Queens Park Rangers F.C.", False, "Queens Park Rangers"),
        ("Villarreal Club de Fútbol", False, "Villarreal CF"),
        ("Adelaide United Football Club", False, "Adelaide United"),
        ("APOEL F.C.", False, "APOEL"),
        ("Southampton F.C.", False, ""),  # a town's name: "Was Southampton founded in 1885?"
        ("Pafos FC", False, ""),
        ("Swansea City A.F.C.", False, "Swansea City"),
        ("AEL Limassol FC", False, "AEL Limassol"),
        ("Liverpool F.C.", False, ""),  # a city WordNet knows: "Was Liverpool founded in 1892?"
        ("São Paulo FC", False, ""),
        ("Reading F.C.", False, ""),  # a common word
        ("UNAM. FC", False, ""),
        ("A.E.K. Athens F.C.", False, "A.E.K. Athens"),
        ("England national under-21 association football team", False, "England under-21 football team"),
        ("Norway national association football team", False, "Norway national football team"),
        ("United States of America", False, "United States"),
        ("Free Hanseatic City of Bremen", False, "Bremen"),  # a city-state by its city's name
        ("Free and Hanseatic City of Hamburg", False, "Hamburg"),
        ("Lüneburg Government Region", False, "Lüneburg Region"),  # a Regierungsbezirk
        ("Alexander R. Todd, Baron Todd", True, "Alexander R. Todd"),
        ("Sir George Stokes, 1st Baronet", True, "Sir George Stokes"),
        ("Arthur Wellesley, 1st Duke of Wellington", True, ""),  # known by the title
        ("Manchester United F.C.", True, ""),  # a person's label is no club's
        ("Paris", False, ""),
    ],
)
@needs_wordnet
def test_short_forms(label: str, person: bool, short: str) -> None:
    assert short_name(label, frozenset(), person) == short


def test_a_short_form_another_entity_goes_by_is_not_taken() -> None:
    assert short_name("Juventus F.C.", frozenset({"juventus"})) == ""


@needs_wordnet
def test_questions_name_clubs_people_and_states_by_their_short_names() -> None:
    entities = {
        "Q1": Entity("Q1", "Ross McCormack", "Scottish footballer", ("Q5",), Domain.PEOPLE),
        "Q2": Entity("Q2", "Queens Park Rangers F.C.", domain=Domain.SOCIETY),
        "Q3": Entity("Q3", "Leeds United F.C.", domain=Domain.SOCIETY),
        "Q4": Entity("Q4", "Leeds United", domain=Domain.SOCIETY),  # takes the short form
        "Q5": Entity("Q5", "Alexander R. Todd, Baron Todd", "chemist", ("Q5",), Domain.PEOPLE),
        "Q6": Entity("Q6", "Glasgow", domain=Domain.PLACES),
        "Q7": Entity("Q7", "United States of America", domain=Domain.PLACES),
        "Q8": Entity("Q8", "Laos", domain=Domain.PLACES),
    }
    facts = (Fact("Q1", "P54", "Q2"), Fact("Q1", "P54", "Q3"), Fact("Q1", "P54", "Q4"))
    asker = Asker(KbView(entities, facts, builtin_catalog()), None, "plain")
    assert asker.question(("Q1", "P54", "Q2"), ORIGINAL, 2014, PAST) == (
        "Did Ross McCormack play for Queens Park Rangers in 2014?"  # no "the": a British club's name
    )
    assert asker.question(("Q1", "P54", "Q3"), ORIGINAL, 2014, PAST) == (
        "Did Ross McCormack play for Leeds United F.C. in 2014?"
    )
    assert (
        asker.question(("Q5", "P19", "Q6"), ORIGINAL, None, PAST)
        == "Was the chemist Alexander R. Todd born in Glasgow?"
    )
    assert asker.question(("Q8", "P530", "Q7"), ORIGINAL, None, PAST) == (
        "Did Laos have diplomatic relations with the United States?"
    )


def test_a_city_state_has_a_mayor_and_a_government_region_is_a_region() -> None:
    """ "Was Hans Koschnick the head of government of the Free Hanseatic City of Bremen in 1979?" and
    "the Lüneburg Government Region" read stiff to both readers of the twelfth session's fresh
    sample, who wrote "the mayor of Bremen"; a state whose name makes it a city has a mayor, a state
    keeps "head of government", and the region's name masks as one name (the same form)."""
    entities = {
        "Q1": Entity("Q1", "Free Hanseatic City of Bremen", domain=Domain.PLACES),
        "Q2": Entity("Q2", "Hans Koschnick", domain=Domain.PEOPLE),
        "Q3": Entity("Q3", "Lüneburg Government Region", domain=Domain.PLACES),
        "Q4": Entity("Q4", "Nienburg/Weser", domain=Domain.PLACES),
        "Q5": Entity("Q5", "Bavaria", domain=Domain.PLACES),
        "Q6": Entity("Q6", "Alfons Goppel", domain=Domain.PEOPLE),
    }
    facts = (Fact("Q1", "P6", "Q2"), Fact("Q4", "P131", "Q3"), Fact("Q5", "P6", "Q6"))
    asker = Asker(KbView(entities, facts, builtin_catalog()), None, "plain")
    assert (
        asker.question(("Q1", "P6", "Q2"), ORIGINAL, 1979, PAST)
        == "Was Hans Koschnick the mayor of Bremen in 1979?"
    )
    assert (
        asker.question(("Q2", "^P6", "Q1"), ORIGINAL, 1979, PAST)
        == "Was Hans Koschnick the mayor of Bremen in 1979?"
    )
    assert asker.question(("Q5", "P6", "Q6"), ORIGINAL, 1969, PAST) == (
        "Was Alfons Goppel the head of government of Bavaria in 1969?"
    )
    located = asker.question(("Q4", "P131", "Q3"), ORIGINAL, 2004, PAST)
    assert located == "Was Nienburg/Weser located in the Lüneburg Region in 2004?"
    before = "Was Nienburg/Weser located in the Lüneburg Government Region in 2004?"
    assert question_form(located) == question_form(before)  # no new form for the reader of forms
    assert "Lüneburg Region" in asker.question(("Q4", "P131", "Q3"), NEGATED, 2004, PAST)
