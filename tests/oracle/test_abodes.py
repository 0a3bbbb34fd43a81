"""Where a home, a hospital or a family is, there the verb happened (kg/extract/spacy_parse.py
``verb_preps``): "died at his home in Santa Monica" says he died in Santa Monica, "born into a
Jewish family in Hamburg" that he was born there. Styled replies (citing an obituary, chatty)
left the place unread, so a wrong place of death passed as "cannot tell". Replies are written for
these tests, over the example KB's Michelle Obama (born in Chicago) and Einstein (died in Princeton)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_styles import MICHELLE_CHICAGO, PRINCETON_EINSTEIN, judged


@pytest.mark.parametrize(
    ("case_id", "reply", "outcome", "claim"),
    [
        (
            MICHELLE_CHICAGO,
            "Yes! Michelle Obama was born in 1964 into a working-class family in Chicago.",
            "correct",
            "P19",
        ),
        (
            MICHELLE_CHICAGO,
            "No. According to her memoir, Michelle Obama was born into a working-class family in Detroit.",
            "erroneous_knowledge",
            "P19",
        ),
        (
            PRINCETON_EINSTEIN,
            "Yes. Princeton employed him, and Einstein died at his home in Berlin (New York Times, 1955).",
            "erroneous_knowledge",
            "P20",
        ),
    ],
)
def test_the_place_of_a_home_or_family_is_the_verbs(
    kb_judge: Judge, case_id: str, reply: str, outcome: str, claim: str
) -> None:
    verdict = judged(kb_judge, case_id, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
    assert any(c.statement is not None and c.statement[1] == claim for c in verdict.claims), verdict.claims


def test_a_club_in_a_city_is_no_place_of_the_verb(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, MICHELLE_CHICAGO, "Yes. Michelle Obama was born in Chicago and played for a club in Boston."
    )
    assert not any(c.triple.object == "Boston" for c in verdict.claims), verdict.claims
