"""A player who "had a spell at" a club played for it (P54's paraphrases in kg/data/relations.toml).
Styled replies ("had two spells at A.C. Perugia Calcio: 1999–2000 ... and again in 2002–03") left
the sentence unread. Replies are written for these tests, in the chatty and terse styles, over the
example KB's David Beckham at A.C. Milan (2009)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_styles import judged

BECKHAM_MILAN = "13873096cc5faf1c"
"""Was it true in the year after 1987 (1988) that David Beckham played for A.C. Milan? (No)"""


@pytest.mark.parametrize(
    "reply",
    [
        "No! Beckham only had a spell at A.C. Milan, on loan from LA Galaxy, long after 1988.",
        "No. David Beckham had two spells with A.C. Milan, both in the late 2000s.",
    ],
)
def test_a_spell_at_a_club_is_playing_for_it(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    read = [c for c in verdict.claims if c.statement == ("Q10520", "P54", "Q1543")]
    assert read and read[0].status == "proven", [(c.triple.relation, c.statement) for c in verdict.claims]


def test_a_spell_in_a_country_is_no_club(kb_judge: Judge) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, "No. Beckham had a spell in Italy, at Milan, only in 2009.")
    assert not any(
        c.statement is not None and c.statement[1] == "P54" and c.statement[2] != "Q1543"
        for c in verdict.claims
    )


@pytest.mark.parametrize(
    "reply",
    [
        # terse (styled_blind11 W3-001: "Dean Kiely was Charlton's regular goalkeeper for a good stretch")
        "No. David Beckham was A.C. Milan's midfielder on loan only in 2009.",
        # citing
        "No. Per Transfermarkt, David Beckham was on A.C. Milan's books only from 2009.",
    ],
)
def test_a_clubs_player_by_position_or_on_its_books_played_for_it(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    read = [c for c in verdict.claims if c.statement == ("Q10520", "P54", "Q1543")]
    assert read and not read[0].negated, [(c.triple.relation, c.statement) for c in verdict.claims]


def test_not_on_a_clubs_books_is_a_denial(kb_judge: Judge) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, "No. David Beckham wasn't on A.C. Milan's books in 1988.")
    read = [c for c in verdict.claims if c.statement == ("Q10520", "P54", "Q1543")]
    assert read and read[0].negated, [(c.triple.relation, c.statement) for c in verdict.claims]
