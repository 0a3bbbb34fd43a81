"""A true statement asked with its answer flipped reads through its relation's opposite, where it has one."""

from __future__ import annotations

import pytest

from kgtest.core.errors import ConfigError
from kgtest.generator.asked import Asker
from kgtest.generator.clauses import PAST, PRESENT, clause
from kgtest.generator.kbview import KbView
from kgtest.generator.phrasing import asks, opposite_clause, opposites, parse_asks, relation_clause
from kgtest.generator.templates import NEGATED, ORIGINAL, plain_question
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity


def _asked(pid: str, s: str, o: str, tense: str, domain: str, year: int | None, ever: bool = False) -> str:
    label = builtin_catalog().resolve(pid.lstrip("^")).label
    said = relation_clause(pid, label, s, o, tense, domain)
    return plain_question(said, NEGATED, year, ever, opposite_clause(pid, s, o, tense, domain))


@pytest.mark.parametrize(
    ("pid", "s", "o", "tense", "domain", "year", "ever", "text"),
    [
        (
            "P131",
            "Moscow",
            "the Soviet Union",
            PAST,
            "places",
            1977,
            False,
            "Was Moscow located outside the Soviet Union in 1977?",
        ),
        (
            "P131",
            "Cuxhaven",
            "Germany",
            PAST,
            "places",
            None,
            True,
            "Was Cuxhaven always located outside Germany?",
        ),
        (
            "P150",
            "Lower Saxony",
            "Celle",
            PAST,
            "places",
            1965,
            False,
            "Was Celle outside Lower Saxony in 1965?",
        ),
        (
            "P17",
            "Celle",
            "Nazi Germany",
            PAST,
            "places",
            None,
            True,
            "Was Celle always outside Nazi Germany?",
        ),
        ("P17", "Eurocorps", "France", PRESENT, "society", None, False, "Is Eurocorps based outside France?"),
        (
            "P530",
            "Germany",
            "Bhutan",
            PRESENT,
            "places",
            None,
            False,
            "Does Germany lack diplomatic relations with Bhutan?",
        ),
        (
            "P47",
            "Senegal",
            "Guinea",
            PRESENT,
            "places",
            None,
            False,
            "Does Senegal lack a border with Guinea?",
        ),
        (
            "P1344",
            "Mark Cavendish",
            "the 2009 Giro d'Italia",
            PRESENT,
            "people",
            None,
            False,
            "Did Mark Cavendish miss the 2009 Giro d'Italia?",
        ),
        (
            "^P1344",
            "the 2009 Giro d'Italia",
            "Mark Cavendish",
            PRESENT,
            "events",
            None,
            False,
            "Did Mark Cavendish miss the 2009 Giro d'Italia?",
        ),
        (
            "P527",
            "the 2012 UCI World Tour",
            "the 2012 Milan–San Remo",
            PAST,
            "events",
            None,
            False,
            "Was the 2012 Milan–San Remo left out of the 2012 UCI World Tour?",
        ),
        ("^P361", "Africa", "Mauritius", PRESENT, "places", None, False, "Is Mauritius outside Africa?"),
    ],
)
def test_a_flipped_truth_is_asked_through_its_opposite(
    pid: str, s: str, o: str, tense: str, domain: str, year: int | None, ever: bool, text: str
) -> None:
    assert _asked(pid, s, o, tense, domain, year, ever) == text


def test_a_relation_without_an_opposite_keeps_the_quoted_negation() -> None:
    assert opposite_clause("P190", "Rijeka", "Genoa", PAST) is None
    assert _asked("P190", "Rijeka", "Genoa", PAST, "places", None, ever=True) == (
        'Is this statement true: "Rijeka was never twinned with Genoa"?'
    )
    assert _asked("P54", "Kaká", "AC Milan", PAST, "people", 2005) == (
        'Is this statement true: "Kaká did not play for AC Milan in 2005"?'
    )


def test_the_original_variant_never_reads_the_opposite() -> None:
    said = relation_clause("P131", "located in", "Moscow", "the Soviet Union", PAST)
    opposite = opposite_clause("P131", "Moscow", "the Soviet Union", PAST)
    asked = plain_question(said, ORIGINAL, 1977, opposite=opposite)
    assert asked == "Was Moscow located in the Soviet Union in 1977?"


def test_every_opposite_is_a_question_of_its_own_with_no_not() -> None:
    assert {"P17", "P131", "P150", "P1344", "P530", "P47"} <= set(opposites())
    for pid, table in opposites().items():
        assert pid in asks(), pid  # an opposite says the contrary of the relation's own wording
        for domain, wording_ in table.items():
            said = clause(wording_, "S", "O", PAST)
            assert " not " not in said.question() and wording_ != asks()[pid].get(domain), (pid, wording_)


def test_a_bad_opposite_names_the_file_the_property_and_the_field() -> None:
    with pytest.raises(ConfigError, match=r"x.toml: \[P1\] opposite.any = '\{s\} \[be\] outside' must name"):
        parse_asks('[P1]\nopposite = "{s} [be] outside"\n', "x.toml", "opposite")


def test_an_undated_past_truth_flipped_is_asked_always() -> None:
    """ "Did Laos lack diplomatic relations with the Soviet Union?" read two ways (at some time, or
    always?): the flip of "did they ever" is "always"; asked plainly it stays as it was."""
    entities = {
        "Q1": Entity("Q1", "Laos", domain=Domain.PLACES),
        "Q2": Entity("Q2", "Soviet Union", ("Q3024240",), domain=Domain.PLACES),
        "Q3": Entity("Q3", "Kaká", "Brazilian footballer", ("Q5",), Domain.PEOPLE),  # a mononym: told
        "Q4": Entity("Q4", "AC Milan", domain=Domain.SOCIETY),
    }
    asker = Asker(KbView(entities, (), builtin_catalog()), 2020, "plain")
    statement = ("Q1", "P530", "Q2")
    assert asker.question(statement, NEGATED, None, PAST) == (
        "Did Laos always lack diplomatic relations with the Soviet Union?"
    )
    assert asker.question(statement, ORIGINAL, None, PAST) == (
        "Did Laos have diplomatic relations with the Soviet Union?"
    )
    assert asker.question(("Q3", "P54", "Q4"), NEGATED, None, PAST) == (
        'Is this statement true: "The footballer Kaká never played for Milan"?'  # AC Milan: team_name
    )
    assert asker.question(("Q3", "P54", "Q4"), NEGATED, 2005, PAST) == (
        'Is this statement true: "The footballer Kaká did not play for Milan in 2005"?'
    )


@pytest.mark.parametrize(
    ("pid", "s", "o", "text"),
    [
        ("P166", "Saul Bellow", "the Jefferson Lecture", "Did Saul Bellow give the Jefferson Lecture?"),
        (
            "P166",
            "Saul Bellow",
            "the Nobel Prize in Literature",
            "Did Saul Bellow receive the Nobel Prize in Literature?",
        ),
        (
            "P108",
            "Ernst Curtius",
            "the University of Berlin",
            "Did Ernst Curtius work at the University of Berlin?",
        ),
        ("P108", "Shakira", "the Universal Music Group", "Did Shakira work for the Universal Music Group?"),
    ],
)
def test_awards_given_and_employers_worked_at(pid: str, s: str, o: str, text: str) -> None:
    said = relation_clause(pid, pid, s, o, PAST, "people")
    assert plain_question(said, ORIGINAL, None) == text


def test_an_event_missed_is_not_missed_always() -> None:
    entities = {
        "Q1": Entity("Q1", "Roy Curvers", "Dutch cyclist", ("Q5",), Domain.PEOPLE),
        "Q2": Entity("Q2", "2012 Tour de France", domain=Domain.EVENTS),
    }
    asker = Asker(KbView(entities, (), builtin_catalog()), 2020, "plain")
    assert asker.question(("Q1", "P1344", "Q2"), NEGATED, None, PAST) == (
        "Did Roy Curvers miss the 2012 Tour de France?"
    )


def test_an_edition_is_not_left_out_always() -> None:
    entities = {
        "Q1": Entity("Q1", "2019 Arctic Race of Norway"),
        "Q2": Entity("Q2", "2019 UCI Europe Tour"),
    }
    asker = Asker(KbView(entities, (), builtin_catalog()), 2020, "plain")
    assert asker.question(("Q1", "P361", "Q2"), NEGATED, None, PAST) == (
        "Was the 2019 Arctic Race of Norway outside the 2019 UCI Europe Tour?"
    )
