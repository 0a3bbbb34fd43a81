"""A career said by the club and two years (issue 38, twelfth session): "Milan spell: 1986–1990"
(styled_blind13 W3-037), "lists his Newell's Old Boys spell as 1983 to 1985" (styled_blind11 W3-009)
are the evidence's dated membership with those years (oracle/spans.py), checked against the KB's. A
year that names an edition ("the 2018 Tour de France") is the name's, no year left unread (unread.py).
Replies are written for these tests over the example KB's "Was it true in 1988 that David Beckham
played for A.C. Milan?" (No; he did in 2009) and Munich (in Upper Bavaria, in Bavaria)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.ground import ground_graph
from kgtest.oracle.pronouns import _kind_in_case

from .test_reading_rules import MUNICH_BAVARIA
from .test_styles import _cases, judged
from .test_unread_years import BECKHAM_MILAN

MILAN = ("Q10520", "P54", "Q1543")


@pytest.mark.parametrize(
    ("reply", "when", "outcome"),
    [
        # markdown list
        ("No.\n- **A.C. Milan spell:** 2009\n- He was in Los Angeles before that.", (2009, 2009), "correct"),
        # citing: a season's years, far from the KB's
        ("No. Transfermarkt lists his A.C. Milan spell as 1990–91.", (1990, 1991), "erroneous_knowledge"),
        # chatty: a stay by its two ends, and a spell that lasted
        ("No. Beckham joined A.C. Milan in 1990 and stayed until 1992.", (1990, 1992), "erroneous_knowledge"),
        ("No. His loan spell at A.C. Milan lasted from 1990 to 1992.", (1990, 1992), "erroneous_knowledge"),
        # terse, with the KB's 2009 outside the span: wrong knowledge
        ("No. Beckham's career: A.C. Milan (1990–1992).", (1990, 1992), "erroneous_knowledge"),
    ],
)
def test_a_span_beside_the_club_is_the_dated_membership(
    kb_judge: Judge, reply: str, when: tuple[int, int], outcome: str
) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    read = [c for c in verdict.claims if c.statement == MILAN and c.when is not None]
    assert read and read[0].when == when, [(c.triple.relation, c.statement, c.when) for c in verdict.claims]
    assert verdict.outcome.value == outcome, verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        # one of several spells: the KB may date another
        "No. Beckham's first A.C. Milan spell: 1990–1992.",
        # denied
        "No. Beckham was not at A.C. Milan (1990–1992).",
        # a span that meets the KB's 2009 without being it: a season's slack, or another spell
        "No. Transfermarkt lists his A.C. Milan spell as 2008–09.",
    ],
)
def test_a_span_of_several_or_denied_is_not_read_as_the_membership(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    assert not [c for c in verdict.claims if c.statement == MILAN and c.when], verdict.reasons


def test_a_year_naming_an_edition_is_no_year_left_unread(kb_judge: Judge) -> None:
    reply = "Yes. Munich is located in Bavaria. Munich hosted the 1972 Summer Olympics."
    verdict = judged(kb_judge, MUNICH_BAVARIA, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


def test_a_player_of_the_cases_team_is_a_person() -> None:
    """A "he" stands for the case's player where the KB gives no class (styled_blind13 W3-038, Wikidata12k
    has no P31 for Stefano Borgonovo): a sports team's member is a person (pronouns.py)."""
    ground = ground_graph(_cases()[BECKHAM_MILAN])
    assert _kind_in_case("Q10520", ground) is True


def test_the_temporal_questions_event_concluded_is_the_answer(kb_judge: Judge) -> None:
    """ "So yes, he was playing for A.C. Milan in 1991" for "Did he play for A.C. Milan in 1991?" is
    the wrong answer said again after reasoning, not wrong knowledge (answered.py)."""
    reply = (
        "Yes. Beckham was a Manchester United player through the 1990s and later moved to LA Galaxy. "
        "So yes, he played for A.C. Milan in 1988."
    )
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    concluded = [c for c in verdict.claims if c.statement == MILAN]
    assert concluded and concluded[0].status == "answer", [(c.statement, c.status) for c in verdict.claims]
