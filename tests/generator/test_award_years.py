"""An award's year is said as the year it was given only where a reader could take it for a work's."""

from __future__ import annotations

from kgtest.generator.case import EvidenceFact
from kgtest.generator.clauses import Clause
from kgtest.generator.temporal import TemporalEvent
from kgtest.generator.temporal_question import question_of
from kgtest.prolog import mtl


def _award(pid: str, person: str, verb: str, award: str) -> TemporalEvent:
    fact = EvidenceFact("Q1", person, pid, "award received", "Q2", award, 1950, 1950)
    said = f"{verb} the {award}"
    return TemporalEvent(
        id="e",
        description=f"{person} {said}",
        intervals=((1950, 1950), (1962, 1962), (1980, 1980)),
        evidence=(fact,),
        clause=Clause(person, "did", said, f"{verb}d the {award}"),
        topic=pid,
    )


def test_an_order_is_asked_in_its_year_an_award_for_the_years_best_in_the_year_it_was_given() -> None:
    order = _award("P166", "Anatoly Alexandrov", "receive", "Order of Lenin")
    oscar = _award(
        "P1411", "Bobby Darin", "receive a nomination for", "Academy Award for Best Supporting Actor"
    )
    mvp = _award("P166", "Karl Malone", "receive", "NBA Most Valuable Player Award")
    point, window = mtl.Atom("e"), mtl.Finally(0, 20, mtl.Atom("e"))
    assert (
        question_of(point, 1980, [order], "plain")
        == "Did Anatoly Alexandrov receive the Order of Lenin in 1980?"
    )
    assert question_of(window, 1960, [order], "plain") == (
        "Did Anatoly Alexandrov receive the Order of Lenin in any year from 1960 to 1980?"
    )
    assert question_of(point, 1962, [oscar], "plain") == (
        "Was Bobby Darin nominated for the Academy Award for Best Supporting Actor in 1962?"
    )
    assert (
        question_of(point, 1962, [mvp], "plain")
        == "Was Karl Malone awarded the NBA Most Valuable Player Award in 1962?"
    )
    assert question_of(window, 1960, [mvp], "plain") == (
        "Was Karl Malone awarded the NBA Most Valuable Player Award in any year from 1960 to 1980?"
    )
