"""A state, a body or a party holds its subjects only while it exists: no question about a year
the KB knows it did not (issue 37, thirteenth session: "Was Kherson in the Soviet Union in 1913?")."""

from __future__ import annotations

from kgtest.generator.clauses import Clause
from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases, temporal_plan
from kgtest.prolog.mtl import from_json, horizon

TOWNS = {"Q1": ("Stuttgart", (1919, 1933)), "Q2": ("Bamberg", (1919, 1933)), "Q3": ("Trier", (1919, 1930))}


def _in_weimar(qid: str, town: str, years: tuple[int, int]) -> TemporalEvent:
    said = Clause(town, "was", "in the Weimar Republic", "was in the Weimar Republic")
    return TemporalEvent(
        f"{qid} P17 Q41304",
        said.statement(),
        (years,),
        clause=said,
        topic="P17",
        about=(qid, "Q41304"),
        exists=(("Q41304", None, None),),  # one fact with an open start: no first year of its own
    )


def test_no_plain_question_asks_about_a_year_before_the_state_held_anything() -> None:
    events = [_in_weimar(q, town, years) for q, (town, years) in TOWNS.items()]
    asked = {"plain": 0, "drowzee": 0}
    for wording in asked:
        for seed in range(4):
            plan = temporal_plan(events, depth=1, count=10, seed=seed, universe=(1850, 2000), wording=wording)
            for case in generate_temporal_cases(plan)[0]:
                t = case.temporal
                assert t is not None
                outside = t.query_year < 1919
                asked[wording] += outside
                assert wording != "plain" or not outside, case.question
    assert asked["drowzee"] > 0  # Drowzee's wording keeps its draw


def _in_soviet_union(qid: str, town: str, years: tuple[int, int], open_end: bool) -> TemporalEvent:
    said = Clause(town, "was", "in the Soviet Union", "was in the Soviet Union")
    return TemporalEvent(
        f"{qid} P17 Q15180",
        said.statement(),
        (years[:1] * 2,) if open_end else (years,),
        clause=said,
        topic="P17",
        about=(qid, "Q15180"),
        unknown=((years[0] + 1, 2000),) if open_end else (),
    )


def test_no_plain_question_looks_past_the_last_year_a_state_the_kb_shows_ended_held_anything() -> None:
    """Most of its facts end by 1991, one is left open ("from 1936"): "Was Sevastopol in the Soviet
    Union at any time from 1992 through 2001?" is not asked (issue 37's goal 4)."""
    towns = {"Q1": ("Kyiv", (1922, 1991)), "Q2": ("Minsk", (1922, 1991)), "Q3": ("Sevastopol", (1936, 1936))}
    events = [_in_soviet_union(q, t, years, open_end=q == "Q3") for q, (t, years) in towns.items()]
    asked = {"plain": 0, "drowzee": 0}
    for wording in asked:
        for seed in range(6):
            plan = temporal_plan(events, depth=1, count=10, seed=seed, universe=(1900, 2000), wording=wording)
            for case in generate_temporal_cases(plan)[0]:
                t = case.temporal
                assert t is not None
                late = t.query_year + horizon(from_json(t.formula)) > 1991
                asked[wording] += late
                assert wording != "plain" or not late, case.question
    assert asked["drowzee"] > 0  # Drowzee's wording keeps its draw


def test_a_state_most_of_whose_facts_run_on_is_asked_about_to_the_end() -> None:
    """Germany's facts in Wikidata12k are all open: one that ended early bounds nothing."""
    towns = {"Q1": ("Bonn", (1990, 1990)), "Q2": ("Kiel", (1990, 1990)), "Q3": ("Trier", (1990, 1995))}
    events = [_in_soviet_union(q, t, years, open_end=q != "Q3") for q, (t, years) in towns.items()]
    late = 0
    for seed in range(6):
        plan = temporal_plan(events, depth=1, count=10, seed=seed, universe=(1900, 2000), wording="plain")
        late += sum(
            c.temporal is not None and c.temporal.query_year > 1995 for c in generate_temporal_cases(plan)[0]
        )
    assert late > 0
