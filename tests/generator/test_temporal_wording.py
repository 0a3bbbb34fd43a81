"""Issue 37, eleventh and twelfth sessions: temporal questions in the words a person uses for years."""

from __future__ import annotations

from kgtest.generator.clauses import Clause
from kgtest.generator.mtl_text import mtl2nl
from kgtest.generator.mtl_when import When
from kgtest.generator.mtl_windows import ends_left_out, exclusive, simplified
from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases, temporal_plan
from kgtest.generator.temporal_question import question_of
from kgtest.prolog import mtl
from kgtest.prolog.mtl import And, Atom, Finally, Globally, Next, Not, Or
from kgtest.prolog.pointwise import holds_at

from .temporal_fixture import assert_same_answer_a_year_off

SAY = {
    "k": Clause("Kaká", "did", "play for AC Milan", "played for AC Milan"),
    "s": Clause("the treaty", "was", "signed", "was signed"),
    "m": Clause("Wernher von Braun", "was", "a member of the SS", "was a member of the SS"),
    "e": Clause("Wernher von Braun", "was", "employed by NASA", "was employed by NASA"),
}
K, S, M, E = Atom("k"), Atom("s"), Atom("m"), Atom("e")


def _event(pid: str, clause: Clause, years: tuple[int, int]) -> TemporalEvent:
    return TemporalEvent("e", clause.statement(), (years,), clause=clause, topic=pid)


def test_some_year_of_a_window_is_asked_at_any_time_with_its_last_year_in() -> None:
    """ "Did Kaká ever play for AC Milan between 2003 and 2008?": "ever" redundant and the ends in
    doubt (the twelfth session's start readers); "at any point between" left the ends in doubt (its
    end readers), and so did "from 1954 to 1963" (the thirteenth's): "at any time during 2003–2008"
    and "at any time from 2004 through 2009" hold their last years plainly, and read clear where "in
    any year from" read stiff (the fourteenth session's trial, bench/question_wording_trial/fourth)."""
    kaka = "Did Kaká play for AC Milan at any time during 2003–2008?"
    assert mtl2nl(Finally(0, 5, K), 2003, SAY) == kaka
    assert mtl2nl(Finally(0, 5, S), 2003, SAY) == "Was the treaty signed at any time during 2003–2008?"
    assert mtl2nl(Finally(0, 5, K), 2004, SAY).endswith("AC Milan at any time from 2004 through 2009?")
    # two or three years are still named
    assert mtl2nl(Finally(0, 2, K), 2003, SAY) == "Did Kaká play for AC Milan in 2003, 2004 or 2005?"


def test_every_year_of_a_window_is_said_with_its_last_year_in() -> None:
    """ "throughout 1986–1995": does it hold all of 1995? (the thirteenth session's end readers);
    "throughout the years 2003 to 2008" wordy (twelfth session's start), "the whole time from 2003
    to 2008" formulaic (its second round's); "in each of 2003, 2004 and 2005" formulaic and unclear
    (its third round's); "in every year from 2003 through 2008" stiff 4 times of 9 side by side, where
    "throughout 2003–2008" read clear and one way 9 of 9 (the fourteenth session's trial)."""
    assert mtl2nl(Globally(0, 5, K), 2003, SAY) == "Did Kaká play for AC Milan throughout 2003–2008?"
    assert mtl2nl(Globally(0, 2, K), 2003, SAY) == "Did Kaká play for AC Milan throughout 2003–2005?"
    # counted from a chosen year, the years stay "in every year from ... later"
    assert When(None, 2).every(1, 6) == "in every year from 3 to 8 years later"


def test_a_window_says_its_ends_and_they_cannot_change_the_answer() -> None:
    """The draw asks a plain question only where leaving a window's ends out gives the same answer
    (``ends_left_out``), and the words say the ends are in ("from 2000 through 2003"): readers doubted
    whether "between 2000 and 2003" counts them, whatever the draw."""
    assert When(2000).span(0, 3) == "from 2000 through 2003"
    events = [
        TemporalEvent(f"p{i}", f"p{i} held", ((1990 + 3 * i, 1994 + 4 * i),), clause=None) for i in range(4)
    ]
    plan = temporal_plan(events, depth=1, count=40, seed=3, universe=(1980, 2030), wording="plain")
    cases, _ = generate_temporal_cases(plan)
    windows = [c for c in cases if " from " in c.question or "throughout" in c.question]
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
        "Was Wernher von Braun both a member of the SS in 1944 and employed by NASA at any time "
        "from 1954 through 1964?"
    )


def test_two_subjects_are_asked_with_at_least_one_of_and_with_both_after_them() -> None:
    """ "Did both Kaká and Jon play ...?" read formulaic to the thirteenth session's start readers
    (7 marks of 42), "A and B both" read clear to all (bench/question_wording_trial); "Did either
    Kaká or Jon ...?" read two ways (one only? which one?) 4 times of 6 there, so "or" stays "at
    least one of", stiff to some but read one way by every reader."""
    say = {**SAY, "j": Clause("Jon", "did", "play for AC Milan", "played for AC Milan")}
    assert (
        mtl2nl(Or(K, Atom("j")), 2005, say) == "Did at least one of Kaká and Jon play for AC Milan in 2005?"
    )
    assert mtl2nl(And(K, Atom("j")), 2005, say) == "Did Kaká and Jon both play for AC Milan in 2005?"
    assert mtl2nl(Finally(0, 5, Or(K, Atom("j"))), 2005, say) == (
        "Did at least one of Kaká and Jon play for AC Milan at any time during 2005–2010?"
    )
    assert mtl2nl(Finally(5, 14, Or(K, Atom("j"))), 2005, say) == (
        "Did at least one of Kaká and Jon play for AC Milan at any time in the 2010s?"
    )
    assert "both" not in mtl2nl(Or(K, Atom("j")), 2005, say)
    assert "either" not in mtl2nl(Or(K, Atom("j")), 2005, say)


def _people(pid: str, verb: Clause, spans: list[tuple[int, int]]) -> list[TemporalEvent]:
    """Events of one predicate about people p0, p1, ... in ``spans``, sharing what they name."""
    out = []
    for i, years in enumerate(spans):
        c = Clause(f"P{i}", verb.aux, verb.rest, verb.finite)
        out.append(
            TemporalEvent(f"p{i}", c.statement(), (years,), clause=c, topic=pid, about=(f"Q{i}", "Q99"))
        )
    return out


def _cases(events: list[TemporalEvent], seed: int) -> list:
    plan = temporal_plan(events, depth=2, count=40, seed=seed, universe=(1950, 2040), wording="plain")
    return generate_temporal_cases(plan)[0]


def test_or_is_asked_only_where_one_only_gives_the_same_answer() -> None:
    """ "Was Wernher von Braun a member of the NSDAP or the SS in 1943?" (both: Yes or No?): a plain
    suite asks an "or" only in years where the exclusive reading (``exclusive``) gives its answer,
    checked here by the pointwise referee."""
    spans = [(1960, 1990), (1970, 2000), (1975, 1985), (1965, 1995), (1980, 2010), (1972, 1978)]
    ors = []
    for seed in range(3):
        for case in _cases(_people("P108", SAY["k"], spans), seed):
            f = mtl.from_json(case.temporal.formula)
            if any(isinstance(node, Or) for node in mtl.walk(f)):
                ors.append(case)
                events = {n: list(s) for n, s in case.temporal.events.items()}
                one = holds_at(
                    exclusive(simplified(f)), events, tuple(case.temporal.universe), case.temporal.query_year
                )
                assert one is (case.expected.value == "Yes"), case.question
    assert len(ors) >= 5
    # "Was A or B ... at any point between ...": one of them in some year of the window, the other in none
    one, two = Finally(0, 5, K), Finally(0, 5, M)
    assert exclusive(Finally(0, 5, Or(K, M))) == Or(And(one, Not(two)), And(Not(one), two))


def test_a_team_s_year_is_asked_where_a_season_gives_the_same_answer() -> None:
    """ "Did Jimmy Greaves play for Tottenham Hotspur in 1970?" could mean the 1969-70 or 1970-71
    season, and "in the calendar year 1970" read formulaic: a plain suite asks a team's year only
    where the year before and the year after give its answer, and says "in 1970"."""
    spans = [(1960, 1990), (1970, 2000), (1975, 1985), (1965, 1995), (1980, 2010), (1972, 1978)]
    asked = 0
    for seed in range(3):
        for case in _cases(_people("P54", SAY["k"], spans), seed):
            assert "calendar" not in case.question
            assert_same_answer_a_year_off(case)
            asked += 1
    assert asked >= 20
    # a team's year alone, and shared by a join
    plays = _event("P54", SAY["k"], (2003, 2008))
    assert question_of(Atom("e"), 2005, [plays], "plain") == "Did Kaká play for AC Milan in 2005?"


def test_a_career_in_the_year_it_began_or_ended_is_asked_in_that_year() -> None:
    """ "Did Richard Gough play for Rangers at any time in 1998?" read as a stiff template; an
    employer's or a membership's "in 1998" is any part of it. A region's keeps "at any time"."""
    works = _event("P108", Clause("Kaká", "did", "work for NASA", "worked for NASA"), (2003, 2008))
    assert question_of(Atom("e"), 2008, [works], "plain") == "Did Kaká work for NASA in 2008?"
    region = _event("P131", Clause("Aude", "was", "in Languedoc", "was in Languedoc"), (1982, 2016))
    assert question_of(Atom("e"), 2016, [region], "plain") == "Was Aude in Languedoc at any time in 2016?"
    assert question_of(Atom("e"), 2010, [region], "plain") == "Was Aude in Languedoc in 2010?"
