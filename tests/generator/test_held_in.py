"""A state, a body or a party holds its subjects only while it exists: no question about a year
the KB knows it did not (issue 37, thirteenth session: "Was Kherson in the Soviet Union in 1913?")."""

from __future__ import annotations

from kgtest.generator.clauses import Clause
from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases, temporal_plan

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
