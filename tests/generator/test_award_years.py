"""An award's year is said as the year it was given only where a reader could take it for a work's."""

from __future__ import annotations

from dataclasses import replace

from kgtest.generator.case import EvidenceFact
from kgtest.generator.clauses import Clause
from kgtest.generator.kbview import KbView
from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases, temporal_plan
from kgtest.generator.temporal_kb import kb_events, universe
from kgtest.generator.temporal_question import question_of
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog import mtl

from .temporal_fixture import assert_same_answer_a_year_off


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
    oscar = _award("P1411", "Bobby Darin", "receive", "Academy Award for Best Supporting Actor")
    nominated = Clause("Bobby Darin", "was", f"nominated for the {oscar.evidence[0].object_label}", "")
    oscar = replace(oscar, clause=replace(nominated, finite=f"was {nominated.rest}"))
    mvp = _award("P166", "Karl Malone", "receive", "NBA Most Valuable Player Award")
    point, window = mtl.Atom("e"), mtl.Finally(0, 20, mtl.Atom("e"))
    assert (
        question_of(point, 1980, [order], "plain")
        == "Did Anatoly Alexandrov receive the Order of Lenin in 1980?"
    )
    assert question_of(window, 1960, [order], "plain") == (
        "Did Anatoly Alexandrov receive the Order of Lenin at any time from 1960 through 1980?"
    )
    assert question_of(point, 1962, [oscar], "plain") == (
        "Was Bobby Darin nominated for the Academy Award for Best Supporting Actor in 1962?"
    )
    assert (
        question_of(point, 1962, [mvp], "plain")
        == "Was Karl Malone awarded the NBA Most Valuable Player Award in 1962?"
    )
    assert question_of(window, 1960, [mvp], "plain") == (
        "Was Karl Malone awarded the NBA Most Valuable Player Award at any time from 1960 through 1980?"
    )


def _nominations(label: str, years: list[tuple[int, ...]]) -> list[TemporalEvent]:
    """People P0, P1, ... nominated for ``label`` in ``years``, sharing the award."""
    out = []
    for i, given in enumerate(years):
        fact = EvidenceFact(f"Q{i}", f"P{i}", "P1411", "nominated for", "Q99", label, given[0], given[0])
        said = f"nominated for the {label}"
        out.append(
            TemporalEvent(
                id=f"p{i}",
                description=f"P{i} was {said}",
                intervals=tuple((y, y) for y in given),
                evidence=(fact,),
                clause=Clause(f"P{i}", "was", said, f"was {said}"),
                topic="P1411",
                about=(f"Q{i}", "Q99"),
            )
        )
    return out


def test_a_ranked_award_s_year_is_asked_where_the_year_before_or_after_gives_the_same_answer() -> None:
    """ "Was Halle Berry awarded the Golden Raspberry Award for Worst Actress in 2004?": the
    ceremony's year or the film's (the twelfth session's third-round readers, both): a plain suite
    asks a ranked award's year only where the year before and the year after give its answer. An
    order, with no film year, is asked in its own year."""
    years = [(1970, 1971, 1972, 1980), (1975, 1976, 1977, 1978), (1971, 1983, 1990), (1985, 1986, 1987)]
    asked = 0
    for seed in range(3):
        plan = temporal_plan(
            _nominations("Golden Globe Award for Best Actor", years),
            depth=1,
            count=30,
            seed=seed,
            universe=(1960, 2000),
            wording="plain",
        )
        for case in generate_temporal_cases(plan)[0]:
            assert_same_answer_a_year_off(case)
            asked += 1
    assert asked >= 20
    order = temporal_plan(
        _nominations("Order of Lenin", years), depth=0, count=30, seed=0, universe=(1960, 2000)
    )
    assert not order.draws.ceremonies and len(plan.draws.ceremonies) == len(years)
    emmy = _nominations("Primetime Emmy Award for Outstanding Lead Actress", years)
    assert len(temporal_plan(emmy, depth=0, count=30, seed=0, universe=(1960, 2000)).draws.ceremonies) == 4


def test_an_acting_award_given_to_a_thing_is_never_asked() -> None:
    """ "Did St. Elsewhere receive the Primetime Emmy Award for Outstanding Lead Actor in a Drama
    Series in 1988?": "a show cannot win a lead-actor award" (both of the thirteenth session's start
    readers). A person's is asked; Drowzee's wording keeps every event."""
    lead = "Kinema Junpo Award for Lead Actor"  # no year's best: asked in its own year
    entities = {
        "Q1": Entity("Q1", "St. Elsewhere", types=("Q5398426",), domain=Domain.CULTURE),
        "Q2": Entity("Q2", "William Daniels", types=("Q5",), domain=Domain.PEOPLE),
        "Q3": Entity("Q3", lead),
        "Q4": Entity("Q4", "Peabody Award"),
    }
    facts = tuple(
        Fact(s, "P166", o, y, y, statement=f"s{s}{o}{y}")
        for s, o, years in (
            ("Q1", "Q3", (1986, 1988)),
            ("Q2", "Q3", (1986, 1990)),
            ("Q1", "Q4", (1985, 1990)),
        )
        for y in years
    )
    events = kb_events(KbView(entities, facts, builtin_catalog()))
    assert [ev.id for ev in events if ev.miscast] == ["Q1 P166 Q3"]
    asked: dict[str, list[str]] = {"plain": [], "drowzee": []}
    for wording, questions in asked.items():
        for seed in range(6):
            plan = temporal_plan(
                events, depth=1, count=10, seed=seed, universe=universe(events), wording=wording
            )
            questions += [case.question for case in generate_temporal_cases(plan)[0]]
    assert any("William Daniels" in q and "Lead Actor" in q for q in asked["plain"])
    assert not any("St. Elsewhere" in q and "Lead Actor" in q for q in asked["plain"]), asked["plain"]
    assert any("St. Elsewhere" in q and "Lead Actor" in q for q in asked["drowzee"])


def test_an_untyped_work_is_told_by_its_awards() -> None:
    """Wikidata12k types almost nothing ("St. Elsewhere" is of the people's domain): a subject with
    no relation only a person has, given a work's award or both an actor's and an actress's, is a
    thing; an actor given an actor's awards is not, nor a person with a spouse given a work's."""
    entities = {q: Entity(q, name, domain=Domain.PEOPLE) for q, name in _UNTYPED.items()}
    awards = {
        "Q1": ("Q11", "Q12"),  # Lead Actor, Lead Actress: a series
        "Q2": ("Q11", "Q13"),  # Lead Actor, Outstanding Drama Series: a series
        "Q3": ("Q11",),  # an actor
        "Q4": ("Q13", "Q11"),  # a producer and actor, married
    }
    facts = [Fact(s, "P166", o, 1990 + i, 1990 + i) for s, os in awards.items() for i, o in enumerate(os)]
    facts.append(Fact("Q4", "P26", "Q3", 1980, 1990))
    events = kb_events(KbView(entities, tuple(facts), builtin_catalog()))
    assert sorted(ev.id for ev in events if ev.miscast) == ["Q1 P166 Q11", "Q1 P166 Q12", "Q2 P166 Q11"]


_UNTYPED = {
    "Q1": "The Sopranos",
    "Q2": "St. Elsewhere",
    "Q3": "Peter Falk",
    "Q4": "Mel Brooks",
    "Q11": "Primetime Emmy Award for Outstanding Lead Actor in a Drama Series",
    "Q12": "Primetime Emmy Award for Outstanding Lead Actress in a Drama Series",
    "Q13": "Primetime Emmy Award for Outstanding Drama Series",
}
