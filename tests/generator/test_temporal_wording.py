"""Issue 37, eleventh session: temporal questions in the words a person uses for years."""

from __future__ import annotations

from kgtest.generator.case import EvidenceFact
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


def test_some_year_of_a_window_is_asked_with_ever_and_between() -> None:
    """ "at any time from 2003 through 2008" read as a stiff template; "ever" says "in some year"."""
    assert mtl2nl(Finally(0, 5, K), 2003, SAY) == "Did Kaká ever play for AC Milan between 2003 and 2008?"
    # something that happened in one year needs no "ever"
    assert mtl2nl(Finally(0, 5, S), 2003, SAY, once={"s"}) == "Was the treaty signed between 2003 and 2008?"
    # two or three years are still named
    assert mtl2nl(Finally(0, 2, K), 2003, SAY) == "Did Kaká play for AC Milan in 2003, 2004 or 2005?"


def test_every_year_of_a_window_is_throughout_the_years() -> None:
    assert mtl2nl(Globally(0, 5, K), 2003, SAY) == (
        "Did Kaká play for AC Milan throughout the years 2003 to 2008?"
    )


def test_between_is_said_only_where_its_ends_cannot_change_the_answer() -> None:
    """The draw asks a plain question only where leaving a window's ends out gives the same answer
    (``ends_left_out``): a window of four years or more says "between", a shorter one its years."""
    assert When(2000).between(0, 3) == "between 2000 and 2003"
    assert When(2000).between(0, 2) == "from 2000 through 2002"
    events = [
        TemporalEvent(f"p{i}", f"p{i} held", ((1990 + 3 * i, 1994 + 4 * i),), clause=None) for i in range(4)
    ]
    plan = temporal_plan(events, depth=1, count=40, seed=3, universe=(1980, 2030), wording="plain")
    cases, _ = generate_temporal_cases(plan)
    between = [c for c in cases if " between " in c.question]
    assert between
    for case in between:
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
    # inside a question about two things, "ever" cannot reach a window: it says "at some time"
    assert mtl2nl(And(M, Finally(10, 20, E)), 1944, SAY) == (
        "Was Wernher von Braun both a member of the SS in 1944 and employed by NASA at some time "
        "between 1954 and 1964?"
    )


def test_one_of_two_subjects_is_asked_with_either_of() -> None:
    """ "Did Kaká or Jon play for AC Milan?" has a second reading ("which one?"): the eleventh
    session's end readers gave it one in 14 of 42 depth-2 questions."""
    say = {**SAY, "j": Clause("Jon", "did", "play for AC Milan", "played for AC Milan")}
    assert mtl2nl(Or(K, Atom("j")), 2005, say) == "Did either of Kaká and Jon play for AC Milan in 2005?"


def test_a_career_in_the_year_it_began_or_ended_is_asked_in_that_year() -> None:
    """ "Did Richard Gough play for Rangers at any time in 1998?" read as a stiff template; a team's,
    an employer's or a membership's "in 1998" is any part of it. A region's keeps "at any time"."""
    plays = _event("P54", SAY["k"], (2003, 2008))
    assert question_of(Atom("e"), 2008, [plays], "plain") == "Did Kaká play for AC Milan in 2008?"
    region = _event("P131", Clause("Aude", "was", "in Languedoc", "was in Languedoc"), (1982, 2016))
    assert question_of(Atom("e"), 2016, [region], "plain") == "Was Aude in Languedoc at any time in 2016?"
    assert question_of(Atom("e"), 2010, [region], "plain") == "Was Aude in Languedoc in 2010?"


def test_only_what_happens_at_a_moment_is_asked_in_a_window_without_ever() -> None:
    """A prize or a signing cannot take all of a window's years; a season at a club, known in one
    year alone, could: it keeps "ever"."""
    window = Finally(0, 6, Atom("e"))
    season = _event("P54", SAY["k"], (2000, 2000))
    assert (
        question_of(window, 1998, [season], "plain")
        == "Did Kaká ever play for AC Milan between 1998 and 2004?"
    )
    signed = TemporalEvent(
        "e",
        "the treaty was signed",
        ((2000, 2000),),
        evidence=(EvidenceFact("Q1", "the treaty", "P585", "point in time", "2000", "2000", 2000),),
        clause=SAY["s"],
        topic="was signed",
    )
    assert question_of(window, 1998, [signed], "plain") == "Was the treaty signed between 1998 and 2004?"
