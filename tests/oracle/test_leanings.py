"""A hedge around one answer (oracle/leaning.py): ``ambiguous`` by default (docs/oracle.md), that answer
with ``leanings`` (bench/styled_blind9/DEFINITIONS.md); hedged both ways, or an answer only supposed,
it stays unclear either way. Replies in the hedged style of issue 38's ninth-session writers, written
for this test."""

from __future__ import annotations

import pytest

from kgtest.oracle.answer import Stance, parse_answer
from kgtest.oracle.sentences import sentences

LEANING = [
    ("Probably not, if I have the history right. Munich was in Bavaria long before that.", Stance.NO),
    ("I'm not 100% sure, but I believe so. He moved there in 1920.", Stance.YES),
    ("I don't think he did, though I could be misremembering. He was injured all season.", Stance.NO),
    ("I'm not completely sure, but I'd lean towards no. His second spell started later.", Stance.NO),
    ("I might be off here, but it was attached to Lorraine until 2016. Tentatively, yes.", Stance.YES),
    ("I think so, though I'm not completely certain. He played there around 2006.", Stance.YES),
    ("I'm not certain, but I don't think he did. He was sidelined with a knee injury.", Stance.NO),
    ("I can't recall his name in the line-up, so my hunch is yes, though I'd check.", Stance.YES),
]


@pytest.mark.parametrize(("reply", "stance"), LEANING)
def test_a_leaning_is_its_answer_with_leanings(reply: str, stance: Stance) -> None:
    parsed = parse_answer(reply, leanings=True)
    assert parsed.stance is stance, parsed
    assert parse_answer(reply).stance in (Stance.AMBIGUOUS, Stance.IDK, Stance.MISSING)


@pytest.mark.parametrize(
    "reply",
    [
        "Possibly - if you mean an older Michael Storer, yes; if it's the Australian cyclist, probably not.",
        "Possibly yes, possibly no: the records disagree.",
        "It depends on how you read it: administratively no, geographically yes.",
        "I'm not sure. The sources I know of disagree about this.",
        "Yes. Actually, no - it was Lyon, not Paris.",
    ],
)
def test_hedged_both_ways_or_supposed_stays_unclear(reply: str) -> None:
    assert parse_answer(reply, leanings=True).stance in (Stance.AMBIGUOUS, Stance.IDK, Stance.MISSING)


def test_a_hedged_verdict_that_leans_the_other_way_is_ambiguous() -> None:
    parsed = parse_answer("Yes, I think, though on reflection probably not.", leanings=True)
    assert parsed.stance is Stance.AMBIGUOUS


@pytest.mark.parametrize(
    "reply",
    [
        "I'm not completely sure, but I'd lean towards yes. Lyon is the prefecture of the Rhône department.",
        "I could be wrong about this, but I'd lean toward no. Indonesia is far from Rome.",
    ],
)
def test_the_reasoning_after_a_leaning_is_a_sentence_of_its_own(reply: str) -> None:
    """Cutting the leaning's verdict out of the reasoning ends its sentence there: "I'd lean towards
    Lyon is the prefecture ..." read as one sentence hid the reasoning's first statement (styled_blind14
    W1-001, styled_blind11 W2-002)."""
    reasoning = parse_answer(reply, leanings=True).reasoning
    first = reply.split(". ", 1)[1]
    assert first in [s.strip() for s in sentences(reasoning)], reasoning


@pytest.mark.parametrize(
    ("reply", "question", "stance"),
    [
        (
            "As far as I remember it is a village of the Province of Piacenza. If that's right, it would not "
            "have been in Liguria — the border runs just south of it.",
            "Was Lorsica ever located in Liguria?",
            Stance.NO,
        ),
        (
            "He went into exile in 1933. If I'm correct, he didn't die in Hamburg, though I may be wrong.",
            "Did Lion Feuchtwanger die in Hamburg?",
            Stance.NO,
        ),
        (
            "I believe the commune belonged to the Province of Genoa. If that's right, it was in Liguria.",
            "Was Lorsica ever located in Liguria?",
            Stance.YES,
        ),
    ],
)
def test_a_verdict_under_the_replys_own_claim_held_true_is_its_leaning(
    reply: str, question: str, stance: Stance
) -> None:
    """oracle/held_true.py: the clause after "if that's right" names the asked value, set aside or not."""
    assert parse_answer(reply, question, leanings=True).stance is stance
    assert parse_answer(reply, question).stance not in (Stance.YES, Stance.NO)


@pytest.mark.parametrize(
    ("reply", "question"),
    [
        (
            "If that's right, it was not in Emilia but in Liguria, or so I think.",
            "Was Lorsica ever located in Liguria?",
        ),
        ("If that's right, it was in Emilia-Romagna.", "Was Lorsica ever located in Liguria?"),
        ("If I'm right, it was not located there but in Liguria.", "Was Lorsica ever located in Liguria?"),
        ("If he had moved, he would not have been in Liguria.", "Was Lorsica ever located in Liguria?"),
        ("If that's right, it was not in Liguria.", "Did Germany lack relations with Togo?"),
    ],
)
def test_a_held_true_clause_that_does_not_set_the_value_aside_plainly_gives_none(
    reply: str, question: str
) -> None:
    assert parse_answer(reply, question, leanings=True).stance not in (Stance.YES, Stance.NO)
