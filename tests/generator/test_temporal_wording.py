"""Issue 37, eleventh and twelfth sessions: temporal questions in the words a person uses for years."""

from __future__ import annotations

from kgtest.generator.clauses import Clause
from kgtest.generator.mtl_text import mtl2nl
from kgtest.generator.mtl_when import When
from kgtest.generator.mtl_windows import ends_left_out
from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases, temporal_plan
from kgtest.generator.temporal_question import question_of
from kgtest.prolog import mtl
from kgtest.prolog.mtl import And, Atom, Finally, Globally, Next, Or
from kgtest.prolog.pointwise import holds_at

SAY = {
    "k": Clause("Kaká", "did", "play for AC Milan", "played for AC Milan"),
    "s": Clause("the treaty", "was", "signed", "was signed"),
    "m": Clause("Wernher von Braun", "was", "a member of the SS", "was a member of the SS"),
    "e": Clause("Wernher von Braun", "was", "employed by NASA", "was employed by NASA"),
}
K, S, M, E = Atom("k"), Atom("s"), Atom("m"), Atom("e")


def _event(pid: str, clause: Clause, years: tuple[int, int]) -> TemporalEvent:
    return TemporalEvent("e", clause.statement(), (years,), clause=clause, topic=pid)


def test_some_year_of_a_window_is_asked_in_any_year_from_to() -> None:
    """ "Did Kaká ever play for AC Milan between 2003 and 2008?": every reader of the twelfth
    session's start asked whether 2003 and 2008 count, and found "ever" redundant."""
    assert mtl2nl(Finally(0, 5, K), 2003, SAY) == "Did Kaká play for AC Milan in any year from 2003 to 2008?"
    assert mtl2nl(Finally(0, 5, S), 2003, SAY) == "Was the treaty signed in any year from 2003 to 2008?"
    # two or three years are still named
    assert mtl2nl(Finally(0, 2, K), 2003, SAY) == "Did Kaká play for AC Milan in 2003, 2004 or 2005?"


def test_every_year_of_a_window_is_the_whole_time() -> None:
    """ "throughout the years 2003 to 2008" read as wordy to both readers of the twelfth session."""
    assert mtl2nl(Globally(0, 5, K), 2003, SAY) == (
        "Did Kaká play for AC Milan the whole time from 2003 to 2008?"
    )
    assert (
        mtl2nl(Globally(0, 2, K), 2003, SAY) == "Did Kaká play for AC Milan in each of 2003, 2004 and 2005?"
    )


def test_a_window_says_its_ends_and_they_cannot_change_the_answer() -> None:
    """The draw asks a plain question only where leaving a window's ends out gives the same answer
    (``ends_left_out``), and the words say the ends are in ("from 2000 to 2003")."""
    assert When(2000).span(0, 3) == "from 2000 to 2003"
    events = [
        TemporalEvent(f"p{i}", f"p{i} held", ((1990 + 3 * i, 1994 + 4 * i),), clause=None) for i in range(4)
    ]
    plan = temporal_plan(events, depth=1, count=40, seed=3, universe=(1980, 2030), wording="plain")
    cases, _ = generate_temporal_cases(plan)
    windows = [c for c in cases if " from " in c.question]
    assert windows
    for case in windows:
        assert " between " not in case.question and " ever " not in case.question, case.question
        assert case.temporal is not None
        f = mtl.from_json(case.temporal.formula)
        spans = {n: list(s) for n, s in case.temporal.events.items()}
        strict = holds_at(ends_left_out(f), spans, tuple(case.temporal.universe), case.temporal.query_year)
        assert strict is (case.expected.value == "Yes"), case.question


def test_two_conditions_in_different_years_after_was_say_where_the_first_starts() -> None:
    """The von Braun question: "a member of X ... and employed by Y ..." left the scope of "and" unclear."""
    assert mtl2nl(And(M, Next(E)), 1944, SAY) == (
        "Was Wernher von Braun both a member of the SS in 1944 and employed by NASA in 1945?"
    )
    assert mtl2nl(And(M, Finally(10, 20, E)), 1944, SAY) == (
        "Was Wernher von Braun both a member of the SS in 1944 and employed by NASA in any year "
        "from 1954 to 1964?"
    )


def test_one_of_two_subjects_is_asked_with_at_least_one_of() -> None:
    """ "Did Kaká or Jon play for AC Milan?" has a second reading ("which one?": the eleventh
    session's end readers), and "Did either of Kaká and Jon ...?" is unidiomatic (the twelfth's)."""
    say = {**SAY, "j": Clause("Jon", "did", "play for AC Milan", "played for AC Milan")}
    assert (
        mtl2nl(Or(K, Atom("j")), 2005, say) == "Did at least one of Kaká and Jon play for AC Milan in 2005?"
    )
    assert mtl2nl(Finally(0, 5, Or(K, Atom("j"))), 2005, say) == (
        "Did at least one of Kaká and Jon play for AC Milan in any year from 2005 to 2010?"
    )


def test_a_career_in_the_year_it_began_or_ended_is_asked_in_that_year() -> None:
    """ "Did Richard Gough play for Rangers at any time in 1998?" read as a stiff template; an
    employer's or a membership's "in 1998" is any part of it. A region's keeps "at any time"."""
    works = _event("P108", Clause("Kaká", "did", "work for NASA", "worked for NASA"), (2003, 2008))
    assert question_of(Atom("e"), 2008, [works], "plain") == "Did Kaká work for NASA in 2008?"
    region = _event("P131", Clause("Aude", "was", "in Languedoc", "was in Languedoc"), (1982, 2016))
    assert question_of(Atom("e"), 2016, [region], "plain") == "Was Aude in Languedoc at any time in 2016?"
    assert question_of(Atom("e"), 2010, [region], "plain") == "Was Aude in Languedoc in 2010?"


def test_a_team_s_year_is_the_calendar_year() -> None:
    """ "Did Javi Moreno play for Real Zaragoza in 1999?" read as the 1998-99 or the 1999-2000 season
    to a reader of the twelfth session: the KB's years are calendar years, and the question says so,
    of one player or two; a window or a few years named keep their words."""
    plays = _event("P54", SAY["k"], (2003, 2008))
    assert (
        question_of(Atom("e"), 2008, [plays], "plain")
        == "Did Kaká play for AC Milan in the calendar year 2008?"
    )
    jon = TemporalEvent(
        "j",
        "Jon played for AC Milan",
        ((2004, 2006),),
        clause=Clause("Jon", "did", "play for AC Milan", "played for AC Milan"),
        topic="P54",
    )
    assert question_of(And(Atom("e"), Atom("j")), 2005, [plays, jon], "plain") == (
        "Did both Kaká and Jon play for AC Milan in the calendar year 2005?"
    )
    assert question_of(Finally(0, 2, Atom("e")), 2003, [plays], "plain") == (
        "Did Kaká play for AC Milan in 2003, 2004 or 2005?"
    )
    # the calendar year is said only of events with seasons
    assert mtl2nl(Atom("k"), 2005, SAY) == "Did Kaká play for AC Milan in 2005?"
