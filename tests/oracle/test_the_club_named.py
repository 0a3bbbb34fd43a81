""" "the club", "the side" for the one club the reply named just before (oracle/references.py
``kind_named``): "Enzo Maresca was at the club from 2005 to 2009" (styled_blind16 W3-011) read as no
club, and a spell there went unchecked. Two clubs named before leave it unread. Replies are written
for these tests, in the chatty, terse and step-by-step styles, over the example KB's David Beckham at
A.C. Milan (2009)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_styles import judged

BECKHAM_MILAN = "13873096cc5faf1c"
"""Was it true in the year after 1987 (1988) that David Beckham played for A.C. Milan? (No)"""
PLAYED = ("Q10520", "P54", "Q1543")


@pytest.mark.parametrize(
    "reply",
    [
        "No! Beckham went to A.C. Milan on loan in 2009, and he played for the club only that spring.",
        "No. A.C. Milan signed him in 2009. Beckham played for the side on loan.",
        "No. Step 1: A.C. Milan is an Italian club. Step 2: Beckham played for the club only in 2009.",
    ],
)
def test_the_club_is_the_club_named_before(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    read = [c for c in verdict.claims if c.statement == PLAYED and "club" not in c.triple.subject]
    assert any(c.triple.object == "A.C. Milan" and c.triple.object_pronoun for c in read), [
        (c.triple.subject, c.triple.relation, c.triple.object, c.statement) for c in verdict.claims
    ]


def test_two_clubs_before_leave_the_club_unread(kb_judge: Judge) -> None:
    reply = "No. Beckham left Real Madrid for A.C. Milan in 2009 and played for the club that spring."
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    assert not any(c.triple.object_pronoun == "club" for c in verdict.claims), verdict.claims
