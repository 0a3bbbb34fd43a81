"""A dated fact of the evidence said by its start, its end or its span in words no property names
(issue 38, fourteenth session; oracle/dated_edges.py): "joined U.C. Sampdoria in January 2014",
"led the Bavarian government from 1962 until 1978" (styled_blind14 W2-013, W3-040), read as that fact
with those years and checked against the KB's. Replies are written for these tests, in the terse,
chatty, hedged, step-by-step and citing styles, over the example KB's "Was it true in 1988 that David
Beckham played for A.C. Milan?" (No; the KB dates his Milan spell 2009 to 2009) and a hand-built case
of a post the KB dates 1962 to 1978."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.dated_edges import dated_edges
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundEdge, GroundEntity, GroundGraph

from .test_styles import judged
from .test_unread_years import BECKHAM_MILAN

MILAN = ("Q10520", "P54", "Q1543")
POST = GroundGraph(
    entities=(
        GroundEntity("Q980", "Bavaria"),
        GroundEntity("Q1", "Alfons Goppel"),
        GroundEntity("Q2", "Munich"),
        GroundEntity("Q3", "University of Munich"),
        GroundEntity("Q183", "Germany"),
    ),
    edges=(
        GroundEdge("e1", "Q980", "P6", "Q1", "Bavaria", "head of government", "Alfons Goppel", 1962, 1978),
        GroundEdge("e2", "Q1", "P19", "Q2", "Alfons Goppel", "place of birth", "Munich"),
        GroundEdge(
            "e3", "Q1", "P69", "Q3", "Alfons Goppel", "educated at", "University of Munich", None, 1929
        ),
        GroundEdge(
            "e4", "Q1", "P27", "Q183", "Alfons Goppel", "country of citizenship", "Germany", 1905, 1991
        ),
    ),
    statement=None,
    holds=None,
    yes_means_holds=True,
)


def _when(sentence: str) -> list[tuple[int | None, int | None] | None]:
    return [c.when for c in dated_edges(sentence, [], POST, EntityReader(None))]


@pytest.mark.parametrize(
    ("sentence", "when"),
    [
        (
            "Alfons Goppel led Bavaria from 1962 until 1978, when Franz Josef Strauss succeeded him.",
            (1962, 1978),
        ),
        ("Goppel's Bavaria: Alfons Goppel headed Bavaria between 1962 and 1978.", (1962, 1978)),
        ("I believe Alfons Goppel only became head of government of Bavaria in 1970.", (1970, None)),
        (
            "Alfons Goppel, per the Landtag's records, stepped down as head of Bavaria in December 1978.",
            (None, 1978),
        ),
        ("He has led Bavaria since 1962.", (1962, None)),  # the holder by a pronoun
        # a study ended (styled_blind11 W3-011)
        ("Goppel's path: Alfons Goppel completed his PhD at the University of Munich in 1929.", (None, 1929)),
        # the date first (styled_blind13 W1-009: "In the summer of 1996 he joined Manchester United")
        ("In the summer of 1978 Alfons Goppel stepped down as head of Bavaria.", (None, 1978)),
        ("In 1962, he became head of government of Bavaria.", (1962, None)),
        # hedged on memory, no supposition
        ("If my memory serves, Alfons Goppel took office in Bavaria in 1962.", (1962, None)),
        # a post of the place in one name, a span in other words (styled_dev14 D2-023, D2-024)
        ("Alfons Goppel (CSU) was Minister-President of Bavaria from 1962 to 1978.", (1962, 1978)),
        (
            "Alfons Goppel was one of Bavaria's longest-serving leaders: he took over as head of government"
            " in 1962 and stayed until 1978.",
            (1962, 1978),
        ),
        (
            "Alfons Goppel took over as Minister-President of Bavaria in 1962, and remained in office"
            " until 1978.",
            (1962, 1978),
        ),
    ],
)
def test_a_post_begun_ended_or_held_is_read_with_its_years(
    sentence: str, when: tuple[int | None, int | None]
) -> None:
    assert _when(sentence) == [when]


@pytest.mark.parametrize(
    "sentence",
    [
        "Alfons Goppel did not become head of government of Bavaria in 1970.",  # denied
        "Alfons Goppel led Bavaria again from 1970 to 1974.",  # another stay
        "Alfons Goppel became Bavaria's best-loved leader in 1970.",  # more than the post
        "Alfons Goppel led Bavaria from around 1960 until 1978.",  # loose
        "Alfons Goppel became head of government of Bavaria at the end of 1961.",  # maybe the KB's 1962
        "Alfons Goppel led the state from 1962 to 1978.",  # one end only, and no pronoun
        "Did Alfons Goppel lead Bavaria from 1962 to 1978?",  # asked
        "Alfons Goppel moved to Munich in 1930.",  # an undated fact
        "Alfons Goppel left Germany in 1933.",  # leaving a country ends no citizenship
        "Goppel was born in 1905, and Alfons Goppel stepped down as head of Bavaria.",  # 1905 is the birth
        "He took over from Alfons Goppel as head of government of Bavaria in 1978.",  # the successor's
        "Alfons Goppel took over the CSU's Bavaria in 1962.",  # more than the post
        "Alfons Goppel led Bavaria for years: Munich grew, and it took over in 1962.",  # no holder named
    ],
)
def test_a_denied_loose_or_unsure_date_is_not_read(sentence: str) -> None:
    assert _when(sentence) == []


def test_a_span_that_is_the_questions_window_dates_nothing() -> None:
    """ "Was Goppel head of Bavaria at any time between 1965 and 1970?": a span of those years, or one
    said as a time within ("at some point between"), is no first and last year of his term."""
    question = "Was Alfons Goppel the head of government of Bavaria at any time between 1965 and 1970?"
    for sentence in (
        "Yes: Alfons Goppel headed Bavaria from 1965 to 1970.",
        "Alfons Goppel headed Bavaria at some point between 1963 and 1964.",
    ):
        assert dated_edges(sentence, [], POST, EntityReader(None), question) == [], sentence


def test_of_two_dated_facts_named_the_one_after_the_verb_is_dated() -> None:
    """ "joined Roma from Werder Bremen in 1987" (styled_blind13 W2-035): the club joined is Roma's."""
    clubs = GroundGraph(
        entities=(
            GroundEntity("Q1", "Rudi Völler"),
            GroundEntity("Q2", "Roma"),
            GroundEntity("Q3", "Werder Bremen"),
        ),
        edges=(
            GroundEdge("e1", "Q1", "P54", "Q2", "Rudi Völler", "member of sports team", "Roma", 1987, 1992),
            GroundEdge(
                "e2", "Q1", "P54", "Q3", "Rudi Völler", "member of sports team", "Werder Bremen", 1982, 1987
            ),
        ),
        statement=None,
        holds=None,
        yes_means_holds=True,
    )
    read = dated_edges("Völler joined Roma from Werder Bremen in 1987.", [], clubs, EntityReader(None))
    assert [(c.statement, c.when) for c in read] == [(("Q1", "P54", "Q2"), (1987, None))]
    for sentence in (
        "Rudi Völler took over as manager of Roma in 1987.",
        "Rudi Völler became Roma's coach in 1987.",
    ):
        assert dated_edges(sentence, [], clubs, EntityReader(None)) == [], sentence  # a post, no membership


def test_the_questions_own_fact_dated_otherwise_is_left_unread_in_a_fact_case() -> None:
    """A fact case's answer check does not take the reply's years: its own fact dated otherwise is left
    unread (styled_blind14 W3-039), dated as the KB does it is read."""
    asked = GroundGraph(POST.entities, POST.edges, ("Q1", "^P6", "Q980"), True, True)
    said = "Alfons Goppel became head of government of Bavaria in {}."
    assert dated_edges(said.format(1970), [], asked, EntityReader(None)) == []
    assert [c.when for c in dated_edges(said.format(1962), [], asked, EntityReader(None))] == [(1962, None)]


def test_the_questions_own_fact_dated_otherwise_is_read_where_the_answer_is_the_same() -> None:
    """ "Was Kurt Malangré the mayor of Aachen in 1983?" answered from "took over in 1976 and stayed
    until 1991" (styled_dev14 D2-024, the KB's 1973 to 1989): the asked year lies inside both spans, so
    the answer follows alike from the reply's years and the KB's; where it lies inside one only, or the
    question asks no year, the wrong years stay unread."""
    asked = GroundGraph(POST.entities, POST.edges, ("Q1", "^P6", "Q980"), True, True)
    said = "Alfons Goppel was head of government of Bavaria from {} to {}."
    question = "Was Alfons Goppel the head of government of Bavaria in 1970?"

    def when(first: int, last: int, asking: str = question) -> list[tuple[int | None, int | None] | None]:
        return [c.when for c in dated_edges(said.format(first, last), [], asked, EntityReader(None), asking)]

    assert when(1965, 1980) == [(1965, 1980)]
    assert when(1971, 1980) == []  # 1970 inside the KB's years, not the reply's
    assert when(1965, 1980, "Was Alfons Goppel the head of government of Bavaria?") == []


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("No. Beckham joined A.C. Milan in January 2009.", "correct"),  # terse
        (
            "No! Step one: Beckham signed for A.C. Milan on loan... no: he joined A.C. Milan in 2009.",
            "correct",
        ),
        (
            "No, I'd say not: as far as I know Beckham joined A.C. Milan in 2006.",
            "erroneous_knowledge",
        ),  # hedged
    ],
)
def test_a_read_date_gives_the_reply_a_class(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
    assert any(c.statement == MILAN and c.when is not None for c in verdict.claims), verdict.reasons


TWINS = GroundGraph(
    entities=(
        GroundEntity("Q1", "Pula"),
        GroundEntity("Q2", "Sarajevo"),
        GroundEntity("Q3", "Richard Zare"),
        GroundEntity("Q4", "Irving Langmuir Award"),
        GroundEntity("Q5", "Stanford University"),
    ),
    edges=(
        GroundEdge("e1", "Q1", "P190", "Q2", "Pula", "twinned administrative body", "Sarajevo", 2012, None),
        GroundEdge(
            "e2", "Q3", "P166", "Q4", "Richard Zare", "award received", "Irving Langmuir Award", 1985, 1985
        ),
        GroundEdge("e3", "Q3", "P108", "Q5", "Richard Zare", "employer", "Stanford University", 1977, None),
    ),
    statement=None,
    holds=None,
    yes_means_holds=True,
)


@pytest.mark.parametrize(
    ("sentence", "when"),
    [
        # a twinning signed, two names joined by "and" (styled_dev14 D3-024), or by a dash
        (
            "Pula and Sarajevo only signed their partnership agreement in 2021, after the decade was over.",
            (2021, None),
        ),
        ("Per both city halls, the Pula–Sarajevo twinning was formalised in 2012.", (2012, None)),
        ("Pula was twinned with Sarajevo in 2012.", (2012, None)),
        ("Pula became twinned with Sarajevo in 2012.", (2012, None)),
        # an award received in a year (hedged)
        ("As best I recall, Richard Zare received the Irving Langmuir Award back in 1985.", (1985, None)),
        ("Richard Zare won the Irving Langmuir Award in 1993.", (1993, None)),
    ],
)
def test_a_twinning_or_an_award_is_read_with_its_year(
    sentence: str, when: tuple[int | None, int | None]
) -> None:
    assert [c.when for c in dated_edges(sentence, [], TWINS, EntityReader(None))] == [when]


@pytest.mark.parametrize(
    "sentence",
    [
        "Richard Zare won a prize at Stanford University in 1980.",  # won: an award's year only
        "Pula signed their partnership agreement with Sarajevo in 2021?",  # asked
        "Pula and Sarajevo never signed a partnership agreement in 2021.",  # denied
    ],
)
def test_a_won_year_of_no_award_or_an_unsure_twinning_is_not_read(sentence: str) -> None:
    assert dated_edges(sentence, [], TWINS, EntityReader(None)) == []


TWO_AT_ONE_CLUB = GroundGraph(
    entities=(
        GroundEntity("Q1", "Lucien Mettomo"),
        GroundEntity("Q2", "Mika Nurmela"),
        GroundEntity("Q3", "1. FC Kaiserslautern", ("Kaiserslautern",)),
    ),
    edges=(
        GroundEdge(
            "e1", "Q1", "P54", "Q3", "Lucien Mettomo", "member of sports team", "Kaiserslautern", 2003, 2006
        ),
        GroundEdge(
            "e2", "Q2", "P54", "Q3", "Mika Nurmela", "member of sports team", "Kaiserslautern", 2003, 2005
        ),
    ),
    statement=None,
    holds=None,
    yes_means_holds=True,
)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # "he" is the holder named last (styled_dev15 F2-009, a step-by-step writer)
        (
            "Step 2: Mika Nurmela. He was a Finnish winger. He joined Kaiserslautern in 2003 and left"
            " in 2005.",
            [("Q2", (2003, 2005))],
        ),
        ("Lucien Mettomo first. He signed for Kaiserslautern in 2003.", [("Q1", (2003, None))]),
        # both holders, one club: each one's start
        (
            "Both of them arrived at Kaiserslautern only in 2003.",
            [("Q1", (2003, None)), ("Q2", (2003, None))],
        ),
        # no holder named before "he": whose spell is unsure
        ("He joined Kaiserslautern in 2003.", []),
    ],
)
def test_a_pronoun_or_both_of_several_holders_is_read(
    text: str, read: list[tuple[str, tuple[int, int]]]
) -> None:
    found = dated_edges(text, [], TWO_AT_ONE_CLUB, EntityReader(None))
    assert [(c.statement[0] if c.statement else "", c.when) for c in found] == read
