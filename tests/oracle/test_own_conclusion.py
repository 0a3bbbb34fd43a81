"""A reply whose answer contradicts its own wrong claim (issue 38, fourteenth session, second round).

"I might be misremembering, but I think Manfred Eigen passed away in Munich ... so I'd lean toward
yes: he died in Göttingen" (styled_dev14 D1-013, labelled ``both``): the answer said again as a
conclusion is no premise of it (oracle/answered.py), right or wrong; the reply's premises give "no",
so its "yes" does not follow. Where the premises settle nothing, the conclusion stands as stated. "It
was then transferred to Rhône in 1800 ... So yes: in 1812 Vénissieux was in Isère" (D2-001): a dated
claim of another value of the asked fact, whose bearing on the asked year no check reads, is "cannot
tell" (oracle/moved_away.py). Replies are written in those hedged and step-by-step styles over the
example KB."""

from __future__ import annotations

from kgtest.oracle import Judge

from .test_reading_rules import TESLA_NYC
from .test_styles import judged
from .test_unread_years import BECKHAM_MILAN


def test_an_answer_against_its_own_wrong_claim_is_both(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge,
        TESLA_NYC,
        "I might be misremembering, but I think Nikola Tesla died in Chicago. He lived in New York for"
        " decades, so I'd lean toward yes: he died in New York City.",
    )
    assert verdict.outcome.value == "both", verdict.reasons


def test_a_conclusion_after_premises_that_settle_nothing_stands(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge,
        TESLA_NYC,
        "Nikola Tesla lived in New York City for decades. So yes, Nikola Tesla died in New York City.",
    )
    assert verdict.outcome.value == "correct", verdict.reasons


def test_another_value_of_the_asked_fact_at_the_asked_time_cannot_tell(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, BECKHAM_MILAN, "No. In 1988 David Beckham played for Real Madrid, not for A.C. Milan."
    )
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert "another value at a time" in verdict.reasons[0], verdict.reasons
