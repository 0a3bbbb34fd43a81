"""Ninth session's readings of places and names, each on replies of several styles (written for these
tests, over the example KB): a country where the KB has the place in another (a miss, though a country
is no region: oracle/kind_of_place.py), an unknown place the reply puts within the KB's value (no other
value: oracle/worlds.py ``placed_unknowns``), a case entity by its initials ("the CAR", "the US") or
after words that describe it ("the newly founded University of Göttingen": oracle/entities.py). The
session's extractor readings are tested in tests/kg/extract/test_misreadings.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import ground_graph

from .test_styles import PRINCETON_EINSTEIN, _cases, judged

GERMANY_MUNICH = "9ef32c1a4b72c615"  # Is it true that Germany contains Munich? Yes
ZURICH_SWITZERLAND = "859336dae3aa81b7"  # Is it true that Zürich is located in Switzerland? Yes
LA_USA = "5e63fc8c4ec1f875"  # Is it true that Los Angeles is located in United States of America? Yes
TRUMP_NYC = "3c8112b13695706f"  # Is it true that Donald Trump was born in New York City? Yes


@pytest.mark.parametrize(
    ("case_id", "reply"),
    [
        (GERMANY_MUNICH, "No. Munich is a city in Austria, on the Isar."),  # terse
        (ZURICH_SWITZERLAND, "**No.**\n\n- Zürich lies in Austria.\n- It is Austria's largest city."),
        (LA_USA, "Great question! No - Los Angeles is located in Mexico, as every atlas shows."),  # chatty
    ],
)
def test_a_place_put_in_another_country_is_wrong_knowledge(kb_judge: Judge, case_id: str, reply: str) -> None:
    verdict = judged(kb_judge, case_id, reply)
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        "Yes. Donald Trump was born on June 14, 1946, in Queens, New York City.",  # an address
        "Yes - Trump was born in Queens, which lies in New York City, as his biographers note.",
    ],
)
def test_an_unknown_place_within_the_kbs_is_no_other_value(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, TRUMP_NYC, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


def test_an_unknown_place_elsewhere_is_still_another_value(kb_judge: Judge) -> None:
    verdict = judged(kb_judge, TRUMP_NYC, "No. Donald Trump was born in Springfield, Illinois.")
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons


def test_a_case_entity_by_its_initials() -> None:
    graph = ground_graph(replace(_cases()[LA_USA], aliases={}))  # the KB's aliases "US", "USA" left out
    reader = EntityReader(None)
    assert [reader.read(n, graph).how for n in ("USA", "the US", "U.S.")] == ["initials"] * 3
    assert reader.read("LA", graph).label == "Los Angeles"
    assert not reader.read("UN", graph).known


def test_a_denial_by_initials_is_read(judge: Judge) -> None:
    case = replace(_cases()[LA_USA], aliases={})
    (verdict,) = judge.judge_many([(case, "No. Los Angeles is not in the USA, whatever the maps say.")])
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons


@pytest.mark.parametrize(
    "name", ["the newly founded Princeton University", "the then still young Princeton University"]
)
def test_a_case_entity_after_words_that_describe_it(name: str) -> None:
    graph = ground_graph(_cases()[PRINCETON_EINSTEIN])
    assert EntityReader(None).read(name, graph).label == "Princeton University"
    assert not EntityReader(None).read("a suburb of Princeton University", graph).known
