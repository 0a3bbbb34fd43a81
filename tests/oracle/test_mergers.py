"""A merger sentence read as the KB's dated containment (issue 38, twelfth session, second round):
"On 1 January 2016 Rhône-Alpes merged with Auvergne to form Auvergne-Rhône-Alpes" (styled_blind12
W2-039's style) agrees with the evidence's France containing Rhône-Alpes until 2016 and Lot-et-Garonne
in Nouvelle-Aquitaine from 2016 (oracle/mergers.py); another year, a hedge, the department itself or
a reply that states something wrong leave it unread. The case is styled_blind12's (w12k KB): "Was the
Lot-et-Garonne department in Rhône-Alpes in 2016?" (No)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle.ground import GroundGraph, ground_graph
from kgtest.oracle.mergers import mergers
from kgtest.oracle.unread import Unread

CASES = Path(__file__).parents[2] / "bench" / "styled_blind12" / "cases-w12k.jsonl"
RHONE_ALPES, AUVERGNE, LOT_ET_GARONNE, NOUVELLE_AQUITAINE = "Q463", "Q1152", "Q12578", "Q18678082"


def _ground() -> GroundGraph:
    for line in CASES.read_text(encoding="utf-8").splitlines():
        if json.loads(line)["id"] == "7deec82fdbb8b00a":
            return ground_graph(TestCase.from_json(line))
    raise AssertionError("no Lot-et-Garonne case")


def _unread(sentence: str, *ids: str) -> Unread:
    return Unread(sentence, ids, frozenset(ids), False)


def test_the_case_dates_rhone_alpes_end() -> None:
    ground = _ground()
    assert any(e.object == RHONE_ALPES and e.end == 2016 for e in ground.edges), ground.edges


@pytest.mark.parametrize(
    "sentence",
    [
        "On 1 January 2016 Rhône-Alpes merged with Auvergne to form Auvergne-Rhône-Alpes.",
        "On the same date, Rhône-Alpes merged with Auvergne.",
        "Rhône-Alpes was merged with Auvergne in 2016.",
        # the successor's start, and the year before it: the merged unit's last
        "Until the end of 2015 Aquitaine stood alone; in 2016 it merged into Nouvelle-Aquitaine.",
    ],
)
def test_a_merger_at_the_kb_end_is_read(sentence: str) -> None:
    said = _unread(sentence, *((NOUVELLE_AQUITAINE,) if "Nouvelle" in sentence else (RHONE_ALPES, AUVERGNE)))
    assert mergers([said], _ground(), wrong=False) == [said]


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        ("Rhône-Alpes merged with Auvergne in 2012.", (RHONE_ALPES, AUVERGNE)),  # another date
        ("Rhône-Alpes never merged with Auvergne.", (RHONE_ALPES, AUVERGNE)),  # denied
        ("I think Rhône-Alpes merged with Auvergne in 2016.", (RHONE_ALPES, AUVERGNE)),  # hedged
        ("Rhône-Alpes, in the far east, merged with Auvergne in 2016.", (RHONE_ALPES, AUVERGNE)),  # placed
        ("Law No. 2015-29 merged Rhône-Alpes with Auvergne.", (RHONE_ALPES, AUVERGNE)),  # a number
        ("Lot-et-Garonne was merged with Rhône-Alpes in 2016.", (LOT_ET_GARONNE, RHONE_ALPES)),  # in it
        ("Rhône-Alpes joined Auvergne in 2016.", (RHONE_ALPES, AUVERGNE)),  # no merger
        ("Aquitaine merged into Nouvelle-Aquitaine in 2014.", (NOUVELLE_AQUITAINE,)),  # before its start
    ],
)
def test_a_merger_that_may_say_more_is_left_unread(sentence: str, ids: tuple[str, ...]) -> None:
    assert mergers([_unread(sentence, *ids)], _ground(), wrong=False) == []


def test_no_merger_is_read_beside_a_wrong_statement() -> None:
    said = _unread("Rhône-Alpes merged with Auvergne in 2016.", RHONE_ALPES, AUVERGNE)
    assert mergers([said], _ground(), wrong=True) == []
