"""A club and a league's season in one clause (oracle/editions.py): "were a Fourth Division side in
1999–2000", "spent the 2012–13 season in the Cypriot Third Division" state the club's participation in
that season, checked against the KB's (one league a season). Replies in the writers' styles of
styled_dev14/dev15 (terse lines, hedged memory, step by step), written for this test; the KB is
test_fresh_precision's (the cases' facts and the Fourth Division's seasons)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.editions import EDITION

from .test_fresh_precision import _CASES, ADONIS, FRENAROS, _outcome, fresh_judge

__all__ = ["fresh_judge"]


@pytest.mark.parametrize(
    ("case", "reply", "outcome"),
    [
        # the KB's season: read, right
        (ADONIS, "Yes. Adonis Idaliou were a Third Division side in 1999–2000.", "correct"),
        (
            FRENAROS,
            "No. My understanding is that Frenaros FC 2000 spent the 2012–13 season in the Cypriot Third"
            " Division, and a club plays in one division a season.",
            "correct",
        ),
        # another league that season: wrong knowledge; answered against it, both
        (FRENAROS, "No. Frenaros FC 2000 were a Fourth Division side in 2012–13.", "erroneous_knowledge"),
        (ADONIS, "Yes.\n\nAdonis were a Fourth Division side throughout 1999–2000.", "both"),
        (
            FRENAROS,
            "No - as far as I know Frenaros FC 2000 spent 2012–13 down in the Cypriot Fourth Division.",
            "erroneous_knowledge",
        ),
    ],
)
def test_a_club_beside_a_season_is_read_as_taking_part(
    fresh_judge: Judge, case: str, reply: str, outcome: str
) -> None:
    assert _outcome(fresh_judge, case, reply) == outcome


@pytest.mark.parametrize(
    "reply",
    [
        # supposed, or a move between leagues whose season is unsure
        "Probably not. If Frenaros FC 2000 were in the Fourth Division in 2012–13, they were not in"
        " the Second.",
        "No. Frenaros FC 2000 were relegated to the Fourth Division in 2012–13.",
        "No. Frenaros FC 2000 weren't in the Fourth Division in 2012–13.",
    ],
)
def test_a_supposed_denied_or_moving_season_is_not_read(fresh_judge: Judge, reply: str) -> None:
    (verdict,) = fresh_judge.judge_many([(_CASES[FRENAROS], reply)])
    assert not [c for c in verdict.claims if c.relation is not None and c.relation.how == EDITION]
