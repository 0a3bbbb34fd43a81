"""A club's near miss in another division's season of the same years; how seasons and editions are asked."""

from __future__ import annotations

import random

from kgtest.generator.articles import named
from kgtest.generator.clauses import PAST
from kgtest.generator.kbview import KbView
from kgtest.generator.near_misses import seasons
from kgtest.generator.phrasing import relation_clause
from kgtest.generator.templates import ORIGINAL, plain_question
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

SEASON = "Q27020041"


def _season(q: str, name: str, start: int) -> Entity:
    return Entity(q, name, domain=Domain.EVENTS, types=(SEASON,), start_year=start, end_year=start + 1)


def _view() -> KbView:
    entities = {
        "Q1": Entity("Q1", "Onisilos Sotira", domain=Domain.SOCIETY, types=("Q476028",)),
        "Q20": Entity("Q20", "Some Player", domain=Domain.PEOPLE, types=("Q5",)),
        "Q5": Entity("Q5", "Cyprus"),
        **{f"Q{i}": Entity(f"Q{i}", name) for i, name in [(2, "First"), (3, "Second"), (4, "Fourth")]},
        "Q10": _season("Q10", "2007–08 Cypriot Second Division", 2007),
        "Q11": _season("Q11", "2007–08 Cypriot First Division", 2007),
        "Q12": _season("Q12", "2007–08 Cypriot Fourth Division", 2007),
        "Q13": _season("Q13", "2009–10 Cypriot First Division", 2009),
    }
    facts = [
        Fact("Q10", "P3450", "Q3"),
        Fact("Q11", "P3450", "Q2"),
        Fact("Q12", "P3450", "Q4"),
        Fact("Q13", "P3450", "Q2"),
        *(Fact(f"Q{i}", "P17", "Q5") for i in (2, 3, 4)),
        Fact("Q11", "P2500", "Q10"),  # the First Division's level below is the Second
        Fact("Q1", "P1344", "Q10"),
        Fact("Q20", "P1344", "Q10"),
    ]
    builtin = builtin_catalog()
    return KbView(entities, tuple(facts), RelationCatalog(builtin[p] for p in ("P17", "P1344", "P710")))


def test_a_clubs_near_miss_is_a_neighbouring_divisions_season_of_the_same_years() -> None:
    for seed in range(5):  # the neighbour first, whatever the draw; never the player, never another year
        drawn = list(seasons(_view(), {"P1344": "P3450"}, random.Random(seed)))
        assert drawn == [("Q1", "P1344", "Q11"), ("Q1", "P1344", "Q12")]
    assert list(seasons(_view(), {}, random.Random(0))) == []


def test_a_season_is_played_in_and_a_race_taken_part_in() -> None:
    def asked(pid: str, s: str, o: str, classes: tuple[str, ...], object_classes: tuple[str, ...]) -> str:
        said = relation_clause(pid, pid, s, o, PAST, "society", (), classes, object_classes)
        return plain_question(said, ORIGINAL, None)

    season = "the 2007–08 Cypriot First Division"
    played = f"Did Onisilos Sotira play in {season}?"
    assert asked("P1344", "Onisilos Sotira", season, (), (SEASON,)) == played
    assert asked("P710", season, "Onisilos Sotira", (SEASON,), ()) == played
    race = "the 2013 Tour de France"
    assert asked("P1344", "Romain Bardet", race, (), ("Q33881",)) == f"Did Romain Bardet take part in {race}?"


def test_an_edition_named_by_its_year_takes_one_article() -> None:
    """ "the 2019 The Women's Tour": both of the twelfth session's end readers marked the doubled article."""
    assert named("2019 The Women's Tour") == "the 2019 Women's Tour"
    assert named("2012 Giro d'Italia") == "the 2012 Giro d'Italia"
    assert named("The Hague") == "The Hague"


def test_an_editions_own_foreign_article_is_dropped_before_two_or_three_words() -> None:
    """ "the 2019 La Flèche Wallonne" read stiff to a fifteenth-session mid reader; one word left
    keeps its article ("the 2019–20 La Liga", not "the 2019–20 Liga")."""
    assert named("2019 La Flèche Wallonne") == "the 2019 Flèche Wallonne"
    assert named("2019–20 La Liga") == "the 2019–20 La Liga"
    assert named("2018 Il Lombardia") == "the 2018 Il Lombardia"
    assert named("2019 La Course by Le Tour de France") == "the 2019 La Course by Le Tour de France"


def test_a_plural_of_islands_takes_the() -> None:
    """ "Was Curaçao in Netherlands Antilles in 1975?": both fifteenth-session mid readers missed "the"."""
    assert named("Netherlands Antilles") == "the Netherlands Antilles"
