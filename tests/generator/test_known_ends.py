"""A year the KB knows alone next to years it does not is a year of change, asked "at any time in"."""

from __future__ import annotations

from kgtest.generator.clauses import Clause
from kgtest.generator.temporal import TemporalEvent
from kgtest.generator.temporal_question import question_of
from kgtest.prolog import mtl


def _in_nuoro(eid: str, town: str, unknown: tuple[tuple[int, int], ...]) -> TemporalEvent:
    return TemporalEvent(
        id=eid,
        description=f"{town} was located in the Province of Nuoro",
        intervals=((2005, 2005),),
        unknown=unknown,
        clause=Clause(
            town, "was", "located in the Province of Nuoro", "was located in the Province of Nuoro"
        ),
    )


def test_the_one_known_year_of_a_stretch_with_an_unknown_start_is_asked_at_any_time_that_year() -> None:
    sadali = _in_nuoro("s", "Sadali", ((1927, 2004),))  # until 2005, its start not given
    teodoro = _in_nuoro("t", "San Teodoro", ((1927, 2004),))
    both = mtl.And(mtl.Atom("s"), mtl.Atom("t"))
    assert question_of(both, 2005, [sadali, teodoro], "plain") == (
        "Were Sadali and San Teodoro both located in the Province of Nuoro in 2005?"  # a join keeps its year
    )
    assert question_of(mtl.Atom("s"), 2005, [sadali], "plain") == (
        "Was Sadali located in the Province of Nuoro at any time in 2005?"
    )
    alone = _in_nuoro("s", "Sadali", ())  # a year known alone, nothing unknown beside it: no change
    assert (
        question_of(mtl.Atom("s"), 2005, [alone], "plain")
        == "Was Sadali located in the Province of Nuoro in 2005?"
    )
    apart = _in_nuoro("s", "Sadali", ((1927, 2000),))  # unknown years, but not next to it
    assert (
        question_of(mtl.Atom("s"), 2005, [apart], "plain")
        == "Was Sadali located in the Province of Nuoro in 2005?"
    )
