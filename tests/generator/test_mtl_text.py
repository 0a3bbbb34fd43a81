"""Temporal questions exactly as a model will read them: one plain sentence, years as years."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import UnknownNameError
from kgtest.generator.clauses import Clause
from kgtest.generator.mtl_text import Event, mtl2nl, temporal_prompt, year_text
from kgtest.generator.mtl_windows import simplified
from kgtest.prolog import mtl
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until
from kgtest.prolog.pointwise import holds_at

SAY: dict[str, Event] = {
    "d": Clause("Charles Dickens", "was", "alive", "was alive"),
    "v": Clause("the Victorian era", "was", "under way", "was under way"),
    "k": Clause("Kaká", "did", "play for AC Milan", "played for AC Milan"),
}
D, V, K = Atom("d"), Atom("v"), Atom("k")


@pytest.mark.parametrize(
    ("formula", "year", "question"),
    [
        (D, 1800, "Was Charles Dickens alive in 1800?"),
        (K, 2005, "Did Kaká play for AC Milan in 2005?"),
        (Finally(0, 40, V), 1800, "Was the Victorian era under way at any time from 1800 through 1840?"),
        (Globally(30, 50, V), 1800, "Was the Victorian era under way throughout 1830–1850?"),
        (Next(V), 1836, "Was the Victorian era under way in 1837?"),
        (Finally(6, 6, K), 2009, "Did Kaká play for AC Milan in 2015?"),
        (
            Until(10, 20, D, V),
            1800,
            "Is it true that in some year from 1810 through 1820, the Victorian era was under way, and in "
            "every year from 1800 until the year before that, Charles Dickens was alive?",
        ),
        (Not(V), 1800, "Is it true that the Victorian era was not under way in 1800?"),
        (
            And(D, V),
            1900,
            "Is it true that in 1900, Charles Dickens was alive and the Victorian era was under way?",
        ),
        (
            Or(D, V),
            1900,
            "Is it true that in 1900, either Charles Dickens was alive or the Victorian era was under way "
            "(or both)?",
        ),
        (Finally(5, 5, Not(D)), -50, "Is it true that Charles Dickens was not alive in 46 BC?"),
    ],
)
def test_table_iii_patterns_in_plain_english(formula: Formula, year: int, question: str) -> None:
    assert mtl2nl(formula, year, SAY) == question


@pytest.mark.parametrize(
    ("formula", "year", "question"),
    [
        # windows in windows of one kind add up; a step inside moves the window
        (Finally(2, 9, Next(K)), 1972, "Did Kaká play for AC Milan at any time during 1975–1982?"),
        (
            Globally(0, 5, Globally(2, 4, D)),
            1850,
            "Was Charles Dickens alive throughout 1852–1859?",
        ),
        # G inside F: a run of years, all of it within the years said (starts 1852 to 1862)
        (
            Finally(0, 10, Globally(2, 12, D)),
            1850,
            "Was Charles Dickens alive for 11 years in a row within 1852–1872?",
        ),
        # F inside G: from each year of the outer window
        (
            Globally(0, 20, Finally(3, 8, K)),
            1830,
            "Is it true that in every year from 1830 through 1850, Kaká played for AC Milan at some point "
            "from 3 to 8 years later?",
        ),
        (
            Globally(0, 21, Not(K)),
            1958,
            "Is it true that Kaká did not play for AC Milan in any year from 1958 through 1979?",
        ),
        (
            Not(Finally(4, 19, K)),
            1996,
            "Is it true that Kaká did not play for AC Milan in any year from 2000 through 2015?",
        ),
        (
            Not(Globally(2, 5, D)),
            1990,
            "Is it true that in some year from 1992 through 1995, Charles Dickens was not alive?",
        ),
        # one reading for not-or, not-and, and an or inside an and
        (
            Not(Or(D, V)),
            1850,
            "Is it true that in 1850, Charles Dickens was not alive and the Victorian era was not under way?",
        ),
        (
            Not(And(D, V)),
            1850,
            "Is it true that in 1850, either Charles Dickens was not alive or the Victorian era was not "
            "under way (or both)?",
        ),
        (
            And(K, Or(D, V)),
            1974,
            "Is it true that in 1974, Kaká played for AC Milan and either Charles Dickens was alive or the "
            "Victorian era was under way (or both)?",
        ),
        (
            Or(K, And(D, V)),
            1974,
            "Is it true that in 1974, at least one of these held: Kaká played for AC Milan; both Charles "
            "Dickens was alive and the Victorian era was under way?",
        ),
        (
            Or(D, Finally(0, 2, K)),
            2003,
            "Is it true that either Charles Dickens was alive in 2003 or Kaká played for AC Milan in 2003, "
            "2004 or 2005 (or both)?",
        ),
        # until: a later left side is the stretch it covers; inside a window, the window's year is Y
        (
            Until(6, 19, Next(D), Not(K)),
            1945,
            "Is it true that in some year from 1951 through 1964, Kaká did not play for AC Milan, and in "
            "every year from 1946 through that year, Charles Dickens was alive?",
        ),
        (
            Until(2, 29, Globally(2, 11, D), K),
            1931,
            "Is it true that in some year from 1933 through 1960, Kaká played for AC Milan, and in every "
            "year from 1933 through 10 years after that year, Charles Dickens was alive?",
        ),
        (
            Globally(0, 10, Until(1, 3, D, V)),
            1900,
            "Is it true that in every year Y from 1900 through 1910, in some year from 1 to 3 years after Y, "
            "the Victorian era was under way, and in every year from Y until the year before that, Charles "
            "Dickens was alive?",
        ),
        (
            Not(Until(1, 3, D, V)),
            1830,
            "Is it false that in some year from 1831 through 1833, the Victorian era was under way, and in "
            "every year from 1830 until the year before that, Charles Dickens was alive?",
        ),
    ],
)
def test_nested_formulas_read_as_one_sentence(formula: Formula, year: int, question: str) -> None:
    assert mtl2nl(formula, year, SAY) == question


TWO: dict[str, Event] = {
    **SAY,
    "w": Clause("Charles Darwin", "was", "alive", "was alive"),
    "m": Clause("Charles Dickens", "was", "married to Catherine Dickens", "was married to Catherine Dickens"),
    "r": Clause("Kaká", "did", "play for Real Madrid", "played for Real Madrid"),
}
W, M, R = Atom("w"), Atom("m"), Atom("r")


@pytest.mark.parametrize(
    ("formula", "year", "question"),
    [
        # the same thing of two subjects in one year: one clause
        (And(D, W), 1850, "Were Charles Dickens and Charles Darwin both alive in 1850?"),
        (Or(D, W), 1850, "Was at least one of Charles Dickens and Charles Darwin alive in 1850?"),
        (
            Not(Or(D, W)),
            1850,
            "Is it true that neither Charles Dickens nor Charles Darwin was alive in 1850?",
        ),
        (
            Finally(0, 9, Or(D, W)),
            1800,  # "the 1800s" may be the century
            "Was at least one of Charles Dickens and Charles Darwin alive at any time from 1800 through "
            "1809?",
        ),
        (
            Finally(0, 9, Or(D, W)),
            1810,
            "Was at least one of Charles Dickens and Charles Darwin alive at any time in the 1810s?",
        ),
        # two things of one subject
        (And(K, Next(R)), 2005, "Did Kaká play for AC Milan in 2005 and for Real Madrid in 2006?"),
        (And(K, R), 2005, "Did Kaká play for both AC Milan and Real Madrid in 2005?"),
        (
            Or(K, R),
            2005,
            "Did Kaká play for at least one of AC Milan and Real Madrid in 2005?",
        ),
        (Not(Or(K, R)), 2005, "Is it true that in 2005, Kaká played for neither AC Milan nor Real Madrid?"),
        (
            And(D, Next(M)),
            1850,
            "Was Charles Dickens both alive in 1850 and married to Catherine Dickens in 1851?",
        ),
        # two or three years are named, so that no one wonders whether the last counts
        (Finally(0, 2, K), 2003, "Did Kaká play for AC Milan in 2003, 2004 or 2005?"),
        (Globally(0, 1, K), 2003, "Did Kaká play for AC Milan in both 2003 and 2004?"),
        (
            Not(Finally(0, 1, K)),
            2003,
            "Is it true that Kaká did not play for AC Milan in either 2003 or 2004?",
        ),
    ],
)
def test_related_clauses_are_said_as_one(formula: Formula, year: int, question: str) -> None:
    assert mtl2nl(formula, year, TWO) == question


def test_an_until_inside_an_until_has_its_year_introduced() -> None:
    question = mtl2nl(Until(2, 4, Until(1, 3, D, V), K), 1900, SAY)
    assert question.startswith(
        "Is it true that in some year from 1902 through 1904, Kaká played for AC Milan, and in every year Y "
    )
    assert "in some year from 1 to 3 years after Y, the Victorian era was under way" in question


def test_an_until_with_one_fixed_year_is_two_windows() -> None:
    assert mtl2nl(Until(10, 10, D, V), 1792, SAY) == (
        "Is it true that Charles Dickens was alive throughout 1792–1801 and the Victorian era was under "
        "way in 1802?"
    )


def test_an_until_whose_year_may_be_the_first_keeps_its_left_side_as_it_is() -> None:
    """With a = 0 the stretch before the until's year may be empty; "from 1931 through that year"
    would ask for Dickens in 1931 where the formula does not."""
    question = mtl2nl(Until(0, 3, Globally(0, 1, D), K), 1931, SAY)
    assert (
        "until the year before that, Charles Dickens was alive in every year from that year to a year later"
        in (question)
    )


def test_events_without_a_clause_are_quoted_as_sentences() -> None:
    say: dict[str, Event] = {"t": "the treaty was in force"}
    assert mtl2nl(Atom("t"), 1900, say) == "Is it true that the treaty was in force in 1900?"
    assert mtl2nl(Not(Atom("t")), 1900, say) == "Is it false that the treaty was in force in 1900?"


windows = st.tuples(st.integers(0, 6), st.integers(0, 8)).map(lambda t: (t[0], t[0] + t[1]))


def _deeper(sub: st.SearchStrategy[Formula]) -> st.SearchStrategy[Formula]:
    return st.one_of(
        sub,
        st.builds(lambda w, f, g: Until(w[0], w[1], f, g), windows, sub, sub),
        st.builds(lambda w, f: Finally(w[0], w[1], f), windows, sub),
        st.builds(lambda w, f: Globally(w[0], w[1], f), windows, sub),
        st.builds(Next, sub),
        st.builds(Not, sub),
        st.builds(And, sub, sub),
        st.builds(Or, sub, sub),
    )


atoms = st.sampled_from([D, V, K])
up_to_depth_2 = _deeper(_deeper(atoms))
spans = st.lists(
    st.tuples(st.integers(0, 60), st.integers(0, 12)).map(lambda t: (t[0], t[0] + t[1])), max_size=3
)


@settings(max_examples=100, deadline=None)
@given(f=_deeper(up_to_depth_2), events=st.fixed_dictionaries({"d": spans, "v": spans, "k": spans}))
def test_added_up_windows_mean_the_same(f: Formula, events: dict[str, list[tuple[int, int]]]) -> None:
    """simplified() is what the question says; it holds exactly where the formula does."""
    universe = (0, 100)
    g = simplified(f)
    assert mtl.horizon(g) <= mtl.horizon(f)
    for t in range(0, universe[1] - mtl.horizon(f) + 1, 3):
        assert holds_at(g, events, universe, t) == holds_at(f, events, universe, t), (mtl.to_text(f), t)


@settings(max_examples=200, deadline=None)
@given(f=up_to_depth_2, year=st.integers(1100, 1900))
def test_questions_up_to_depth_2_define_nothing_and_say_years_as_years(f: Formula, year: int) -> None:
    question = mtl2nl(f, year, SAY)
    assert question.endswith("?") and question.count("?") == 1
    assert not re.search(r"Event|Say that|exactly \d+ years? after|\(\d{3,4}\)", question), question
    assert set(re.findall(r"\b[A-Z]\b", question)) <= {"Y"}, question  # one defined term at most: a year Y
    assert "Y" not in re.findall(r"\b[A-Z]\b", question) or "year Y" in question, (
        question
    )  # and said what it is
    said = [int(y) for y in re.findall(r"\b1\d{3}\b", question)]
    assert all(year <= y <= year + mtl.horizon(f) for y in said), (question, mtl.to_text(f))


def test_years_before_the_common_era() -> None:
    assert [year_text(y) for y in (1800, 1, 0, -43)] == ["1800", "1", "1 BC", "44 BC"]


def test_unknown_event_is_named() -> None:
    with pytest.raises(UnknownNameError, match="'x'"):
        mtl2nl(Finally(0, 1, Atom("x")), 1800, SAY)


def test_table_iv_prompt() -> None:
    prompt = temporal_prompt("Was Charles Dickens alive in 1800?")
    assert prompt.startswith("Answer the question with your knowledge and reasoning power.\n")
    assert "Given the question: Was Charles Dickens alive in 1800?\n" in prompt
    assert "metric temporal logic" in prompt and "point by point" in prompt
    assert prompt.endswith("The answer must contain 'Yes', 'No' or 'I don't know' at the beginning.")


def test_a_lone_award_says_the_year_it_was_given() -> None:
    """Issue 37, sixth round: "won the Nebula Award in 1992" read as the year of the work too."""
    say: dict[str, Event] = {
        **SAY,
        "w": Clause("Connie Willis", "did", "win the Nebula Award", "won the Nebula Award"),
    }
    w = Atom("w")
    assert mtl2nl(w, 1992, say, given={"w"}) == "Was Connie Willis awarded the Nebula Award in 1992?"
    assert mtl2nl(Finally(0, 7, w), 1967, say, given={"w"}) == (
        "Was Connie Willis awarded the Nebula Award at any time during 1967–1974?"
    )
    assert mtl2nl(Finally(0, 2, w), 1990, say, given={"w"}) == (
        "Was Connie Willis awarded the Nebula Award in 1990, 1991 or 1992?"
    )
    assert mtl2nl(w, 1992, say) == "Did Connie Willis win the Nebula Award in 1992?"  # not an award event
    # a join keeps its words (whether it reads as one question must not change)
    assert mtl2nl(And(w, D), 1850, say, given={"w"}) == mtl2nl(And(w, D), 1850, say)


def test_a_lone_event_in_the_first_or_last_year_of_its_stretch_is_asked_at_any_time_that_year() -> None:
    """ "Was the Russian SFSR in the Soviet Union in 1922?" (founded on 30 December 1922) read two ways."""
    edges = {"k": {2003, 2008}}
    assert mtl2nl(K, 2003, SAY, edges=edges) == "Did Kaká play for AC Milan at any time in 2003?"
    assert mtl2nl(Next(K), 2007, SAY, edges=edges) == "Did Kaká play for AC Milan at any time in 2008?"
    assert mtl2nl(K, 2005, SAY, edges=edges) == "Did Kaká play for AC Milan in 2005?"
    assert mtl2nl(Or(K, D), 2003, SAY, edges=edges) == mtl2nl(Or(K, D), 2003, SAY)  # not one question


def test_a_join_in_the_first_or_last_year_of_either_stretch_keeps_its_year() -> None:
    """ "Did both A and B play for X at any time in 2009?" read two ways (at once, or each at some
    point?); the draw asks a join in such a year only where every reading gives its answer
    (test_edge_readings), so the join says the year as any other."""
    edges = {"k": {2003, 2008}}
    both, either = And(K, R), Or(K, R)
    assert mtl2nl(both, 2003, TWO, edges=edges) == "Did Kaká play for both AC Milan and Real Madrid in 2003?"
    assert mtl2nl(either, 2008, TWO, edges=edges).endswith(
        "at least one of AC Milan and Real Madrid in 2008?"
    )
    assert mtl2nl(Or(D, W), 1850, TWO, edges={"w": {1850}}) == (
        "Was at least one of Charles Dickens and Charles Darwin alive in 1850?"
    )
    assert mtl2nl(both, 2005, TWO, edges=edges) == mtl2nl(both, 2005, TWO)


def test_one_subjects_two_memberships_share_their_indefinite_article() -> None:
    say: dict[str, Event] = {
        "i": Clause("Kuwait", "was", "a member of the World Bank", "was a member of the World Bank"),
        "a": Clause("Kuwait", "was", "a member of the IDA", "was a member of the IDA"),
        "p": Clause("Marie Curie", "did", "work as a physicist", "worked as a physicist"),
        "c": Clause("Marie Curie", "did", "work as a chemist", "worked as a chemist"),
    }
    wb, da, ph, ch = Atom("i"), Atom("a"), Atom("p"), Atom("c")
    assert mtl2nl(Or(wb, da), 1962, say) == (
        "Was Kuwait a member of at least one of the World Bank and the IDA in 1962?"
    )
    assert mtl2nl(And(wb, da), 1962, say) == "Was Kuwait a member of both the World Bank and the IDA in 1962?"
    assert mtl2nl(Or(ph, ch), 1900, say) == ("Did Marie Curie work as a physicist or a chemist in 1900?")


def test_a_described_object_goes_second_after_at_least_one_of() -> None:
    """ "at least one of the title X and the Order of Lenin" read confusing to both fifteenth-session
    mid readers ("one of the title" starts a plural noun)."""
    events: dict[str, Event] = {
        "t": Clause(
            "Vladimir Lyakhov",
            "did",
            "receive the title Pilot-Cosmonaut of the USSR",
            "received the title Pilot-Cosmonaut of the USSR",
        ),
        "o": Clause("Vladimir Lyakhov", "did", "receive the Order of Lenin", "received the Order of Lenin"),
    }
    assert mtl2nl(Or(Atom("t"), Atom("o")), 1983, events) == (
        "Did Vladimir Lyakhov receive at least one of the Order of Lenin and the title Pilot-Cosmonaut "
        "of the USSR in 1983?"
    )
