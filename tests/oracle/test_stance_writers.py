"""Stances in the shapes three blind writers gave 150 replies (issue 38, the thirteenth session's third
round): refusals in words of one's own, a conclusion that sets the asked value aside, a restatement
with a stressing word, short openers, and readings that answer both ways. Replies written for this test
from each style; the writers' fixture (labelled/stance_writers.jsonl) is read whole as well. Where the
reader cannot settle a stance it reads none, never a guess."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from kgtest.oracle.answer import Stance, parse_answer

WRITERS = Path(__file__).parent / "labelled" / "stance_writers.jsonl"
FIRM = (Stance.YES, Stance.NO)
Q = "Was Marie Curie born in Paris?"
EITHER = "Did either of Luis Figo and Rui Costa play for Benfica in 2001?"


@pytest.mark.parametrize(
    ("question", "reply", "stance"),
    [
        # refusals in words of one's own (refusal, refuse-terse, refusal-polite, cautious)
        (Q, "I won't be answering that one. A biography would serve you better.", Stance.REFUSAL),
        (Q, "I'd rather not answer this. Try an encyclopedia.", Stance.REFUSAL),
        (Q, "I'm not going to answer questions about where people were born.", Stance.REFUSAL),
        (
            Q,
            "I'd rather not speculate about anyone's origins. Her science is another matter.",
            Stance.REFUSAL,
        ),
        (Q, "I'm not able to share birth details of private individuals.", Stance.REFUSAL),
        # a conclusion that sets the asked value aside, or says "neither", or assents (corrected-fact, cites)
        (Q, "Curie grew up in Warsaw and came to Paris in 1891. So not Paris.", Stance.NO),
        (Q, "She was born in Warsaw in 1867, so Paris isn't right.", Stance.NO),
        (Q, "Her family lived in Warsaw. So Paris was not her birthplace.", Stance.NO),
        (Q, "Per her biographers, the birthplace was Warsaw. So it was Warsaw, not Paris.", Stance.NO),
        (
            EITHER,
            "Figo was at Real Madrid and Costa at Fiorentina. So neither played there in 2001.",
            Stance.NO,
        ),
        (Q, "Records from 1867 name the city. So, that's correct: she was born there.", Stance.YES),
        # a restatement with a stressing word (step-by-step)
        (
            "Was Vienna in Austria-Hungary in 1900?",
            "1. It existed 1867-1918.\n\nThus, Vienna was indeed in Austria-Hungary in 1900.",
            Stance.YES,
        ),
        # short openers (chatty, restating, gpt-style)
        (Q, "She sure was! Then she moved to Warsaw as a child.", Stance.YES),
        (Q, "Ha, certainly not! She was born in Warsaw.", Stance.NO),
        (EITHER, "Neither did. Figo was in Madrid and Costa in Florence.", Stance.NO),
        (
            "Did Marie Curie die in Passy?",
            "Did Marie Curie die in Passy? She did: in a sanatorium, 1934.",
            Stance.YES,
        ),
    ],
)
def test_a_stance_in_the_writers_shapes_is_read(question: str, reply: str, stance: Stance) -> None:
    assert parse_answer(reply, question, leanings=True).stance is stance


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        # a supposition, or conclusions that disagree, set nothing aside
        (Q, "I can't recall the record. If it was Warsaw, then not Paris."),
        (Q, "So not Paris, one might think. So Paris was her birthplace after all, by one record."),
        # a question worded the other way: setting a value aside answers it the other way
        ("Does Chile lack diplomatic relations with Peru?", "They have embassies. So not Peru."),
        # answers under readings (self-contradicting, on the fence)
        (
            "Did Stefan Kuntz play for Besiktas in 1995?",
            "In one sense no, he was loaned out. In another sense yes, Stefan Kuntz did play for Besiktas in "
            "1995. It depends which half of the year you mean.",
        ),
        # doubt about a birth year is "I don't know", not a refusal: read as before
        (Q, "I'm not able to confirm her birthplace with confidence, and I don't want to guess."),
    ],
)
def test_an_unsettled_stance_is_read_as_none(question: str, reply: str) -> None:
    assert parse_answer(reply, question, leanings=True).stance not in FIRM


def test_the_writers_fixture_is_read_with_no_critical_misreading() -> None:
    items = [json.loads(line) for line in WRITERS.read_text(encoding="utf-8").splitlines() if line]
    assert len(items) == 150 and Counter(i["writer"] for i in items) == {"S1": 50, "S2": 50, "S3": 50}
    right = critical = 0
    for item in items:
        read = parse_answer(item["reply"], item["case"]["question"], leanings=True).stance.value
        label = item["stance"]
        critical += (label not in ("yes", "no") or label != read) and read in ("yes", "no")
        right += label != "ambiguous" and read == label
    assert critical == 0
    assert right >= 126  # of 135 clear; 109 before the third round (the misses left: docs/history)
