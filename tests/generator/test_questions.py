"""Questions a person would ask (issue 37): names told apart, no year outside what a question names."""

from __future__ import annotations

import random
import re

from kgtest.generator.articles import article
from kgtest.generator.asked import EVER, Asker
from kgtest.generator.kbview import KbView
from kgtest.generator.names import Namer
from kgtest.generator.suite import SuiteRequest, generate_suite
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog import mtl

from .conftest import Kb


def _places() -> KbView:
    entities = {
        "Q350": Entity("Q350", "Cambridge", "city in Cambridgeshire, England"),
        "Q49111": Entity("Q49111", "Cambridge", "city in Middlesex County, Massachusetts, United States"),
        "Q1": Entity("Q1", "Fascia, Liguria"),
        "Q2": Entity("Q2", "Metropolitan City of Genoa"),
        "Q3": Entity("Q3", "Liguria"),
        "Q4": Entity("Q4", "Italy"),
        "Q5": Entity("Q5", "Province of Savona"),
        "Q6": Entity("Q6", "Charles Darwin", types=("Q5",)),
        "Q7": Entity("Q7", "Lavagna"),
    }
    facts = (
        Fact("Q1", "P131", "Q2"),
        Fact("Q2", "P131", "Q3"),
        Fact("Q3", "P131", "Q4"),
        Fact("Q5", "P131", "Q3"),
        Fact("Q6", "P69", "Q350"),
        Fact("Q7", "P131", "Q2"),
    )
    return KbView(entities, facts, builtin_catalog())


def test_a_label_two_things_share_is_told_apart_by_what_tells_them_apart() -> None:
    names = Namer(_places())
    assert names.name("Q350", "Q6") == "Cambridge (city in Cambridgeshire)"
    assert names.name("Q49111") == "Cambridge (city in Middlesex County)"
    assert names.name("Q7", "Q2", where=True) == "Lavagna"  # its own name: nothing to add


def test_a_disambiguation_suffix_becomes_a_context_that_gives_nothing_away() -> None:
    names = Namer(_places())
    # "Fascia, Liguria" is no name; the suffix names a place the KB puts it in
    assert names.name("Q1", "Q5", where=True) == "Fascia (Liguria)"  # Liguria holds Savona: no clue
    assert names.name("Q1", "Q3", where=True) == "Fascia (Italy)"  # never "Is Fascia (Liguria) in Liguria?"
    assert names.name("Q1", "Q4", where=True) is None  # every context lies within Italy: not asked
    asker = Asker(_places(), 2020, "plain")
    assert not asker.askable(("Q1", "P131", "Q4"), None) and asker.askable(("Q1", "P131", "Q3"), None)
    said = asker.question(("Q1", "P131", "Q3"), "original", None, "present")
    assert said == "Is Fascia (Italy) located in Liguria?"


def test_names_take_the_article_english_gives_them() -> None:
    the = [
        "Province of Genoa",
        "Soviet Union",
        "Nobel Prize in Physics",
        "United Kingdom",
        "Ottoman Empire",
        "Organisation for the Prohibition of Chemical Weapons",
        "Committee for State Security",
    ]
    bare = [
        "Germany",
        "Lower Saxony",
        "Chelsea F.C.",
        "World War I",
        "Moscow Oblast",
        "Heidelberg University",
    ]
    assert [article(x) for x in the] == [f"the {x}" for x in the]
    assert [article(x) for x in bare] == bare
    assert article("Charles Darwin", person=True) == "Charles Darwin"


def test_no_question_asks_about_a_year_outside_what_it_names_existed_in(family: Kb) -> None:
    view, reasoner = family
    request = SuiteRequest(
        kinds=("symmetric", "inverse", "negation"), count=60, seed=3, mtl_depth=2, temporal_count=60
    )
    cases = generate_suite(view, reasoner, request).cases
    alive = {e.id: (e.start_year, e.end_year) for e in view.entities.values()}

    def existed(eid: str, first: int, last: int) -> bool:
        born, died = alive.get(eid, (None, None))
        return (born is None or born <= first) and (died is None or last <= died)

    dated = [c for c in cases if c.kind == "fact" and c.meta.year is not None]
    assert dated
    for c in dated:
        s, _, o = c.meta.statement
        assert existed(s, c.meta.year, c.meta.year) and existed(o, c.meta.year, c.meta.year), c.question
    relations = 0
    for c in (c for c in cases if c.kind == "temporal"):
        formula = mtl.from_json(c.temporal.formula)
        first, last = c.temporal.query_year, c.temporal.query_year + mtl.horizon(formula)
        for event in mtl.events_of(formula):
            if " " in event:  # "S P O": a fact's event, about S and O (a span is about existence itself)
                relations += 1
                s, _, o = event.split(" ")
                assert existed(s, first, last) and existed(o, first, last), c.question
    assert relations


def test_plain_questions_have_no_template_formulas(family: Kb) -> None:
    view, reasoner = family
    plain = generate_suite(
        view, reasoner, SuiteRequest(count=80, seed=5, mtl_depth=2, temporal_count=40)
    ).cases
    stiff = re.compile(
        r"It is false that|Please judge|Am I right|It is impossible|\bnever\b|Event \d|exactly \d"
    )
    assert not [c.question for c in plain if stiff.search(c.question)]
    temporal = [c.question for c in plain if c.kind == "temporal"]  # asked directly, as a person asks
    assert temporal and not [q for q in temporal if q.startswith(("Is it true that", "Is it false that"))]
    drowzee = generate_suite(
        view, reasoner, SuiteRequest(count=80, seed=5, mtl_depth=2, temporal_count=40, wording="drowzee")
    ).cases
    assert any(c.question.startswith('Did "Event') for c in drowzee if c.kind == "temporal")
    assert any(stiff.search(c.question) for c in drowzee if c.kind == "fact" and c.variant == "negated")


def test_a_fact_is_asked_about_only_in_years_both_its_entities_existed() -> None:
    people = {
        "Q1": Entity("Q1", "Charles Dickens", types=("Q5",), start_year=1812, end_year=1870),
        "Q2": Entity("Q2", "Catherine Dickens", types=("Q5",), start_year=1815, end_year=1879),
        "Q3": Entity("Q3", "Gad's Hill Place"),
    }
    view = KbView(people, (), builtin_catalog())
    asker = Asker(view, 2025, "plain")
    married, lived = ("Q1", "P26", "Q2"), ("Q1", "P551", "Q3")
    years = {asker.when(lived, ((1856, 1890),), random.Random(i))[0] for i in range(200)}
    assert years and all(year is not None and 1856 <= year <= 1870 for year in years)  # not after his death
    assert not asker.askable(married, ((1871, 1875),))  # he had died: never asked
    assert asker.when(married, None, random.Random(0)) == (None, "past")  # undated, but both have died
    assert (
        asker.question(married, "original", None, "past")
        == "Was Charles Dickens married to Catherine Dickens?"
    )
    # at a year, a marriage is a state all that year could hold, not the wedding's year
    assert (
        asker.question(married, "original", 1850, "past")
        == "Was Charles Dickens married to Catherine Dickens at any time in 1850?"
    )
    assert asker.question(married, "negated", 1850, "past") == (
        'Is this statement true: "Charles Dickens was not married to Catherine Dickens at any time in 1850"?'
    )
    assert "any time" not in asker.question(lived, "original", 1860, "past")  # others keep "in 1860"


def test_a_year_something_changed_in_is_asked_only_where_no_other_year_is_left() -> None:
    """Wikidata12k gives no dates of existence: the years facts name stand in for them, a year
    a stretch begins or ends in is never named, and a near miss is never asked next to a year the KB
    states it ("Was Sosnowiec in Poland in 1918?" depends on the month)."""
    places = {
        "Q1": Entity("Q1", "Sosnowiec"),
        "Q2": Entity("Q2", "the Russian Empire"),
        "Q3": Entity("Q3", "Poland"),
        "Q4": Entity("Q4", "Aquitaine"),
        "Q5": Entity("Q5", "Łódź"),
    }
    facts = (
        Fact("Q1", "P17", "Q2", 1900, 1914),
        Fact("Q1", "P17", "Q3", 1918, 1939),
        Fact("Q5", "P17", "Q2", 1850, 1925),
        Fact("Q4", "P17", "Q3", 1970, 1975),  # the only years the KB knows Aquitaine by
    )
    asker = Asker(KbView(places, facts, builtin_catalog()), 2025, "plain")
    in_poland, in_russia = ("Q1", "P17", "Q3"), ("Q1", "P17", "Q2")
    drawn = {asker.when(in_poland, ((1918, 1939),), random.Random(i))[0] for i in range(300)}
    assert drawn == set(range(1919, 1939))  # not 1918 or 1939
    # nothing else left: asked whether it ever held ("Was Sosnowiec ever in Poland?")
    assert asker.when(in_poland, ((1918, 1918),), random.Random(0)) == (None, EVER)
    near = {asker.when(in_russia, ((1915, 1930),), random.Random(i), True)[0] for i in range(300)}
    assert near == set(range(1917, 1925))  # not 1915 (next to 1914) nor 1925 (the empire's last)
    assert not asker.askable(in_russia, ((1915, 1915),), near_miss=True)
    assert asker.askable(in_russia, ((1917, 1917),), near_miss=True)  # one year, not contested
    assert not asker.askable(in_russia, ((1917, 1917),), near_miss=True, settled=True)
    assert asker.existence(("Q4", "P17", "Q3")) == (1970, 1975)  # the years Aquitaine is known by
    assert not asker.askable(("Q5", "P17", "Q4"), ((1980, 1990),))  # an anachronism for both
