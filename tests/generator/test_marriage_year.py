"""A marriage asked at a year says "at any time in 1850": "Was X married to Y in 1850?" reads as
"did they marry in 1850?" (issue 37, ninth round's blind reading)."""

from __future__ import annotations

from kgtest.generator.clauses import Clause
from kgtest.generator.temporal import TemporalEvent
from kgtest.generator.temporal_question import question_of
from kgtest.prolog import mtl


def _event(pid: str, said: str) -> TemporalEvent:
    return TemporalEvent(
        id=pid,
        description=f"Charles Dickens was {said}",
        intervals=((1836, 1870),),
        clause=Clause("Charles Dickens", "was", said, f"was {said}"),
        topic=pid,
    )


def test_a_marriage_alone_at_a_year_is_asked_at_any_time_in_it() -> None:
    married = _event("P26", "married to Catherine Dickens")
    lived = _event("P551", "resident in London")
    assert question_of(mtl.Atom("P26"), 1850, [married], "plain") == (
        "Was Charles Dickens married to Catherine Dickens at any time in 1850?"
    )
    assert (
        question_of(mtl.Atom("P551"), 1850, [lived], "plain")
        == "Was Charles Dickens resident in London in 1850?"
    )
    # Drowzee's Table III wording is its own
    assert "any time" not in question_of(mtl.Atom("P26"), 1850, [married], "drowzee")
