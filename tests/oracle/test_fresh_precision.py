"""Wrong facts in shapes the oracle read as nothing, so that a wrong reply was called correct: found on
the fourteenth session's class development set (replies written blind over fresh seed-1717 cases).
The cases are real ones (labelled/fresh_cases.jsonl, from LitWD1K and Wikidata12k suites); the
replies are written for this test, in the writers' styles (terse, chatty, step-by-step, lists), not
taken from the set. The KB is a small one made of the cases' own entities and facts, with the
seasons a reply may name beside them."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.model import Fact
from kgtest.oracle import Judge
from kgtest.oracle.embeddings import Embedder

from .labelled_kb import cases_judge, outcome, read_cases

_CASES = read_cases("fresh_cases.jsonl")
DANMARK_RUNDT = "74a93c69f4e011a2"
"""Was the 2014 Danmark Rundt followed by the 2015 Danmark Rundt? (Yes)"""
FRENAROS = "2ecec4283fc21735"
"""Did Frenaros FC 2000 play in the 2012–13 Cypriot Second Division? (No: Third Division that season)"""
ADONIS = "51eb07aaf119bcca"
"""Did Adonis Idaliou play in the 1999–2000 Cypriot Third Division? (Yes)"""
MALANGRE = "3b4363d55974b07a"
"""Was Kurt Malangré the mayor of Aachen in 1983? (Yes: head of government 1973-1989)"""
CRESSWELL = "d19da1d1ec8969f1"
"""Did Aaron Cresswell play in the 2016–17 EFL Cup? (Yes)"""
TONY_MARTIN = "4856a6f0df5b8ee3"
"""Did the cyclist Tony Martin take part in the 2008 Giro d'Italia? (Yes)"""
SAN_GIORGIO = "662b5e41cb7b1f8a"
"""Was San Giorgio di Piano ever in the Metropolitan City of Bologna? (Yes)"""
DI_STEFANO = "52f060782209988b"
"""Did Alfredo Di Stéfano win the Pichichi Trophy at any time in 1956? (Yes; he won it in 1954 too)"""

_SEASON, _LEAGUE, _CLUB = "Q27020041", "Q15991303", "Q476028"
_SEASONS = {  # LitWD1K's ids, labels and classes
    "Q2778433": ("Cypriot Fourth Division", _LEAGUE),
    "Q16329746": ("2012–13 Cypriot Fourth Division", _SEASON),
    "Q16329747": ("1999–2000 Cypriot Fourth Division", _SEASON),
    "Q13362": ("Ferrara", "Q515"),
}
_TYPES = {"Q2761709": _CLUB, "Q12874871": _SEASON, "Q12155813": _SEASON, "Q2130426": _LEAGUE}
_TYPES |= {"Q2186582": _LEAGUE}


@pytest.fixture(scope="module")
def fresh_judge(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    """A judge whose KB holds the cases' entities and facts, and the Fourth Division's seasons."""
    seasons = {eid: label for eid, (label, _) in _SEASONS.items()}
    types = _TYPES | {eid: kind for eid, (_, kind) in _SEASONS.items()}
    facts = {Fact("Q16329746", "P3450", "Q2778433"), Fact("Q16329747", "P3450", "Q2778433")}
    return cases_judge(_CASES.values(), extractor, embedder, seasons, types, facts, years=False)


def _outcome(judge: Judge, case_id: str, reply: str) -> str:
    return outcome(judge, _CASES[case_id], reply)


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "No. In 2012–13 Frenaros FC 2000 were playing in the Cypriot Fourth Division.",
            "erroneous_knowledge",
        ),
        (
            "No - Frenaros FC 2000 played in the Cypriot Fourth Division in 2012-13, not the second tier.",
            "erroneous_knowledge",
        ),
    ],
)
def test_a_league_beside_a_season_is_that_season(fresh_judge: Judge, reply: str, outcome: str) -> None:
    """Read as the league alone, the KB neither proves nor refutes it: another league passed."""
    assert _outcome(fresh_judge, FRENAROS, reply) == outcome


@pytest.mark.parametrize(
    "reply",
    [
        "No. Here's the catch: the race wasn't held in 2015, it took a year off and came back in 2016.",
        "**Danmark Rundt**\n\n- 2014: won by Michael Valgren\n- 2015: no edition was held\n\n"
        "**Answer:** Yes.",
        "Yes, though I recall the 2015 race was cancelled.",
    ],
)
def test_an_edition_said_not_held_is_not_passed_over(fresh_judge: Judge, reply: str) -> None:
    assert _outcome(fresh_judge, DANMARK_RUNDT, reply) == "unreadable"


def test_an_edition_held_stays_correct(fresh_judge: Judge) -> None:
    assert _outcome(
        fresh_judge, DANMARK_RUNDT, "Yes, the 2014 Danmark Rundt was followed by the 2015 one."
    ) == ("correct")


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes, he was! He took over as Oberbürgermeister in 1976 and stayed until 1991.", "unreadable"),
        # read as the office with those years (dated_edges.py): 1983 lies inside both spans, so the
        # answer follows alike and the wrong years are wrong knowledge
        (
            "Yes.\n1. Kurt Malangré ran Aachen's city hall from 1976 to 1991.\n2. 1983 falls inside that.",
            "erroneous_knowledge",
        ),
    ],
)
def test_years_beside_a_dated_fact_are_not_passed_over(fresh_judge: Judge, reply: str, outcome: str) -> None:
    """The evidence dates the office (1973-1989): a span said in other words may be another one, never
    passed over as correct."""
    assert _outcome(fresh_judge, MALANGRE, reply) == outcome


def test_a_first_win_is_not_read_as_a_plain_win(fresh_judge: Judge) -> None:
    """'his first Pichichi in 1956' says none before it; the KB has one in 1954."""
    reply = "Yes! 1956 was the year Di Stéfano won his very first Pichichi Trophy."
    assert _outcome(fresh_judge, DI_STEFANO, reply) == "unreadable"


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Yes - a Fourth Division club in 1999-2000.", "unreadable"),
        # the club named beside the season: read as its season, another league (test_club_seasons.py)
        ("Yes. Adonis were a Fourth Division side throughout 1999–2000.", "both"),
    ],
)
def test_another_value_of_the_proofs_kind_is_not_passed_over(
    fresh_judge: Judge, reply: str, outcome: str
) -> None:
    """'Fourth Division' shares a word with the proof's 'Cypriot Third Division': another value."""
    assert _outcome(fresh_judge, ADONIS, reply) == outcome


def test_a_quoted_phrase_is_mentioned_not_said(extractor: SpacyExtractor) -> None:
    """The parser hangs a quoted "'before 1972'" on the verb before it: no birth before 1972 is said."""
    (triples,) = extractor.extract(["Both were born in 1984, so neither satisfies 'before 1972'."])
    assert [(t.relation, t.object) for t in triples] == [("were born in", "1984")]
    (kept,) = extractor.extract(["He was born in 'Vienna', as the records spell it."])
    assert ("was born in", "Vienna") in [(t.relation, t.object) for t in kept]


def test_one_more_participant_is_no_other_value(fresh_judge: Judge) -> None:
    """An event has many participants: naming another is no miss of the proof's (the second
    development set's E1-040 read "West Ham did enter the EFL Cup" as another value of Cresswell)."""
    reply = (
        "No. West Ham did enter the EFL Cup that year, but League Cup games go to squad players, so "
        "he didn't play in it."
    )
    assert _outcome(fresh_judge, CRESSWELL, reply) != "erroneous_knowledge"


@pytest.mark.parametrize(
    "reply",
    [
        "Yes. ProCyclingStats lists him with Columbia in 2008. His Giro d'Italia debut came in 2010.",
        "Yes - his first start at the Giro d'Italia was in 2011, by his own account.",
    ],
)
def test_a_debut_in_another_year_is_not_passed_over(fresh_judge: Judge, reply: str) -> None:
    """A debut in 2010 denies the 2008 edition the proof rests on."""
    assert _outcome(fresh_judge, TONY_MARTIN, reply) == "unreadable"


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        ("Ah, San Giorgio di Piano! It's a lovely little town in the province of Ferrara. So yes.", "both"),
        (
            "Ah, San Giorgio di Piano! It's a lovely little town in the flat farmland of the province of "
            "Ferrara, not far from the Reno river. So yes.",
            "unreadable",
        ),
    ],
)
def test_a_place_said_through_it_is_not_passed_over(fresh_judge: Judge, reply: str, outcome: str) -> None:
    """ "It's a town in the province of Ferrara": the case's place, in another province; read where the
    parse reads it, else the sentence is unread (a case about no person: "it" is its place)."""
    assert _outcome(fresh_judge, SAN_GIORGIO, reply) == outcome
