"""A place that "plays no part in his biography" has no bond with the person whose life it is: where
the place is one of the question's ends it denies the question's statement (oracle/vague.py
``_no_part``); "no part in his death" only where the question asks of a death. Citing replies
ended so ("Munich plays no part in his biography") and were left unread. Replies are written for
these tests, over the example KB's Michelle Obama (born in Chicago) and Einstein (Princeton)."""

from __future__ import annotations

from kgtest.oracle import Judge

from .test_styles import MICHELLE_CHICAGO, PRINCETON_EINSTEIN, judged


def test_no_part_in_her_biography_denies_the_question(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, MICHELLE_CHICAGO, "No. Per Britannica, Chicago plays no part in her biography."
    )
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons
    assert any(c.negated and c.statement is not None and c.statement[1] == "P19" for c in verdict.claims)


def test_no_part_in_his_death_is_no_denial_of_an_employer(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge,
        PRINCETON_EINSTEIN,
        "Yes, Princeton employed Einstein. Princeton University plays no part in his death.",
    )
    assert not any(c.negated and c.statement is not None for c in verdict.claims), verdict.claims


def test_a_place_that_does_not_come_into_her_story_denies_the_question(kb_judge: Judge) -> None:
    """The ninth session's hedged and chatty wordings: "doesn't come into", "doesn't feature in"."""
    for reply in (
        "I'm fairly sure the answer is no. Chicago doesn't come into her story at all, as far as I know.",
        "Nope! Chicago doesn't really feature in her life.",
    ):
        verdict = judged(kb_judge, MICHELLE_CHICAGO, reply)
        assert any(c.negated and c.statement is not None for c in verdict.claims), verdict.claims
        assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons
