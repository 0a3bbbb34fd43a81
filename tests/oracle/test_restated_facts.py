"""Unread words between the two ends of an evidence fact (issue 38, twelfth session).

A sentence that only restates a fact of the case in words no property names is read as that fact
(oracle/unread_premises.py: "Borgonovo was a Milan man", styled_blind13 W3-038); one that denies,
moves away, or has a year still blocks a class. A light verb and a preposition between the two ends
("Victorino was with Newell's Old Boys from 1983 to 1985", styled_blind11 W3-010) say the fact, with
the clause's years (oracle/light_verbs.py, dated.py). Replies are written for these tests, in the
styles of those sets, over the example KB's Munich (in Upper Bavaria, in Bavaria) and its dated case
"Was it true in 1988 that David Beckham played for A.C. Milan?" (No; he did in 2009)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.reported import set_aside

from .test_reading_rules import MUNICH_BAVARIA
from .test_styles import judged
from .test_unread_years import BECKHAM_MILAN

MILAN = ("Q10520", "P54", "Q1543")


@pytest.mark.parametrize(
    ("case", "reply"),
    [
        (MUNICH_BAVARIA, "Yes. Munich is located in Bavaria. Munich is the heart of Upper Bavaria."),
        (BECKHAM_MILAN, "No. Beckham was a Milan man."),
        # both ends in a verb of its own: an aside that cannot deny the fact
        (
            MUNICH_BAVARIA,
            "Yes. Munich is located in Bavaria. Hitler's putsch put Munich and Upper Bavaria in turmoil.",
        ),
    ],
)
def test_a_sentence_restating_a_fact_of_the_case_is_read_as_it(
    kb_judge: Judge, case: str, reply: str
) -> None:
    verdict = judged(kb_judge, case, reply)
    assert verdict.outcome.value == "correct", verdict.reasons
    assert any(r.startswith("read as a fact of the case") for r in verdict.reasons), verdict.reasons


@pytest.mark.parametrize(
    ("case", "reply"),
    [
        # it moves away from the fact, with a year that may date its end
        (
            MUNICH_BAVARIA,
            "Yes. Munich is located in Bavaria. Munich was the heart of Upper Bavaria until 1990.",
        ),
        # it denies the fact
        (MUNICH_BAVARIA, "Yes. Munich is located in Bavaria. Munich was never the heart of Upper Bavaria."),
        # a verb of its own with a year: not the fact, and it may be dated otherwise
        (BECKHAM_MILAN, "No. Beckham scored against A.C. Milan in 1995."),
        # beside the other end, not within it (styled_blind11 W3-013: "southeast of Palermo")
        (MUNICH_BAVARIA, "Yes. Munich is located in Bavaria. Munich lies southeast of Upper Bavaria."),
        # called false, or declined (styled_blind10 W2-013: "has consistently declined to recognise")
        (
            MUNICH_BAVARIA,
            "Yes. Munich is located in Bavaria. Munich as the heart of Upper Bavaria is a false picture.",
        ),
        (
            MUNICH_BAVARIA,
            "Yes. Munich is located in Bavaria. Munich declined to host Upper Bavaria's offices.",
        ),
    ],
)
def test_a_sentence_that_may_deny_or_date_the_fact_still_blocks(
    kb_judge: Judge, case: str, reply: str
) -> None:
    verdict = judged(kb_judge, case, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons


@pytest.mark.parametrize(
    ("reply", "when", "outcome"),
    [
        ("No. Beckham was with A.C. Milan in 2009.", (2009, 2009), "correct"),
        # the KB dates it 2009: wrong knowledge, no longer an unread sentence
        ("No. Beckham was with A.C. Milan from 1990 to 1992.", (1990, 1992), "erroneous_knowledge"),
        # "A.C. Milan from 1990": the full stops of the name end no clause (dated.py)
        ("No. Beckham played for A.C. Milan from 1990 to 1992.", (1990, 1992), "erroneous_knowledge"),
    ],
)
def test_a_light_verb_between_a_facts_ends_says_it_with_its_years(
    kb_judge: Judge, reply: str, when: tuple[int, int], outcome: str
) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    read = [c for c in verdict.claims if c.statement == MILAN]
    assert read and read[0].when == when, [(c.triple.relation, c.statement, c.when) for c in verdict.claims]
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_claim_named_and_called_wrong_is_not_the_replys() -> None:
    """styled_blind11 W2-022: "saying Haifa was *never* twinned with Aalborg is incorrect" was read as
    the reply's own denial (oracle/reported.py)."""
    said = set_aside("They are twinned, so saying Haifa was *never* twinned with Aalborg is incorrect.")
    assert "never" not in said and "Aalborg" not in said, said
