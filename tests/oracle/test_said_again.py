"""An unread sentence that only restates a fact the reply states, and the KB proves, in another
sentence cannot change the class, so the verdict is the class read alone (oracle/said_again.py);
where it could hide what the check would catch (a denial, a year, a one-valued fact of an end
elsewhere) the verdict stays "cannot tell". Replies in a chatty style written for this test over the
hand-made cases of tests/oracle/cases.py."""

from __future__ import annotations

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge, ViewKb
from tests.oracle.cases import DICKENS, SPOUSE, WROTE

MARRIED = "Yes. Catherine Dickens was married to Charles Dickens. "


@pytest.mark.parametrize(
    ("case", "reply"),
    [
        (SPOUSE, MARRIED + "Catherine Dickens shared a house with Charles Dickens for over twenty years."),
        (SPOUSE, MARRIED + "Charles Dickens and Catherine Dickens raised ten children together."),
        (
            WROTE,
            "Yes. Oliver Twist was written by Charles Dickens. "
            "Charles Dickens poured his memories of the workhouse into Oliver Twist.",
        ),
    ],
)
def test_a_restated_proven_fact_keeps_the_class(judge: Judge, case: TestCase, reply: str) -> None:
    verdict = judge.judge(case, reply)
    assert verdict.outcome.value == "correct", verdict.reasons
    assert verdict.unread and verdict.reasons[0].startswith("read alone: unread, restating"), verdict.reasons


@pytest.mark.parametrize(
    "sentence",
    [
        "Catherine Dickens did not share a house with Charles Dickens for long.",  # may deny it
        "Catherine Dickens shared a house with Charles Dickens from 1836.",  # may date it
    ],
)
def test_what_could_hide_a_wrong_fact_stays_cannot_tell(judge: Judge, sentence: str) -> None:
    verdict = judge.judge(SPOUSE, MARRIED + sentence)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert verdict.reasons[0].startswith("cannot tell: 1 sentence(s)"), verdict.reasons


def test_an_end_with_a_one_valued_fact_elsewhere_stays_cannot_tell(
    kb_judge: Judge, example_kb: ViewKb
) -> None:
    """The example KB gives Dickens a father: a sentence relating him to another person in words
    nothing reads could give him another (born, died, father and mother have one value each)."""
    assert (DICKENS, "P22", "Q4166950") in {
        (f.subject, f.property, f.object) for f in example_kb.facts_of([DICKENS])
    }
    reply = MARRIED + "Catherine Dickens shared a house with Charles Dickens for over twenty years."
    verdict = kb_judge.judge(SPOUSE, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
