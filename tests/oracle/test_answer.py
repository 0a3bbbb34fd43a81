"""Reading the verdict: the lead decides, whole words only, hedges and conflicts are ambiguous."""

from __future__ import annotations

import pytest

from kgtest.generator.case import Answer
from kgtest.oracle.answer import Stance, parse_answer


@pytest.mark.parametrize(
    ("reply", "stance", "evidence"),
    [
        ("No.", Stance.NO, "No"),  # the published code of seed 003 read this as a yes
        ("no", Stance.NO, "no"),
        ("NO. He was not.", Stance.NO, "NO"),
        ("No, Dickens was born in Portsmouth.", Stance.NO, "No"),
        ("Yes", Stance.YES, "Yes"),
        ("**Yes**\n\n1. Dickens was born in Portsmouth.", Stance.YES, "Yes"),
        ("Answer: No", Stance.NO, "Answer: No"),
        ("**Answer:** Yes. He was.", Stance.YES, "Answer:** Yes"),
        ("The answer is: yes", Stance.YES, "The answer is: yes"),
        ("A: no", Stance.NO, "A: no"),
        ("'No' - he was born elsewhere.", Stance.NO, "No"),
        ("(Yes)", Stance.YES, "Yes"),
        ("Noted, yes.", Stance.YES, "yes"),
        ("Based on historical records, no, he was not.", Stance.NO, "no"),
        ("True.", Stance.YES, "True"),
        ("Correct, he was.", Stance.YES, "Correct"),
        ("Indeed he was.", Stance.YES, "Indeed"),
        ("Absolutely, he was.", Stance.YES, "Absolutely"),
        ("Definitely not.", Stance.NO, "Definitely not"),
        ("That's not true: he was born in Portsmouth.", Stance.NO, "That's not true"),
        ("No doubt about it, he was.", Stance.YES, "No doubt"),
        ("Yes, no doubt about it.", Stance.YES, "Yes"),
        ("Nope.", Stance.NO, "Nope"),
        ("I think no.", Stance.NO, "I think no"),
        ("Dickens was born in Portsmouth. Therefore, yes.", Stance.YES, "Therefore, yes"),
        ("Let me think.\nYes\nHe was.", Stance.YES, "Yes"),
        ("I don't know.", Stance.IDK, "I don't know"),
        ("I do not know whether he was.", Stance.IDK, "I do not know"),
        ("I am not sure.", Stance.IDK, "I am not sure"),
        ("Not sure, the sources disagree.", Stance.IDK, "Not sure"),
        ("Cannot determine from what I know.", Stance.IDK, "Cannot determine"),
        ("It is unclear whether he was.", Stance.IDK, "It is unclear"),
        ("As an AI, I cannot browse the web.", Stance.REFUSAL, "As an AI"),
        ("I'm sorry, but I can't help with that.", Stance.REFUSAL, "I'm sorry, but I can't"),
        ("I must decline to answer.", Stance.REFUSAL, "I must decline"),
        ("Not necessarily.", Stance.AMBIGUOUS, "Not necessarily"),
        ("Yes and no.", Stance.AMBIGUOUS, "Yes and no"),
        ("Yes/No: it depends.", Stance.AMBIGUOUS, "Yes/No"),
        ("No or yes, hard to say.", Stance.AMBIGUOUS, "No or yes"),
        ("It depends on the year.", Stance.AMBIGUOUS, "It depends"),
        ("Possibly.", Stance.AMBIGUOUS, "Possibly"),
    ],
)
def test_stance_and_the_words_that_decided_it(reply: str, stance: Stance, evidence: str) -> None:
    parsed = parse_answer(reply)
    assert parsed.stance is stance
    assert parsed.evidence == (evidence,)
    (start, end), *_ = parsed.spans
    assert reply[start:end] == evidence


@pytest.mark.parametrize(
    "reply",
    [
        "Yesterday it rained in Portsmouth.",
        "Norway is a country.",
        "Nobody knows where he was born.",
        "No one knows where he was born.",
        "Dickens had no children.",
        "Knowledge of his birth is scarce.",
        "",
    ],
)
def test_verdict_words_inside_other_words_or_phrases_are_not_verdicts(reply: str) -> None:
    assert parse_answer(reply).stance is Stance.MISSING


def test_a_final_answer_that_contradicts_the_lead_is_ambiguous() -> None:
    reply = "Yes. Dickens was born in Portsmouth. So the answer is no."
    parsed = parse_answer(reply)
    assert parsed.stance is Stance.AMBIGUOUS
    assert parsed.rule == "conflict"
    assert parsed.evidence == ("Yes", "So the answer is no")


def test_a_final_answer_that_repeats_the_lead_is_kept() -> None:
    parsed = parse_answer("No. He was born in Portsmouth. Therefore, no.")
    assert parsed.stance is Stance.NO


def test_reasoning_is_the_reply_without_its_verdict() -> None:
    assert parse_answer("No, Dickens was born in Portsmouth.").reasoning == "Dickens was born in Portsmouth."
    assert parse_answer("**Yes**\n\n1. He wrote it.").reasoning == "1. He wrote it."


def test_stances_map_onto_the_case_answers() -> None:
    assert parse_answer("Yes.").answer is Answer.YES
    assert parse_answer("No.").answer is Answer.NO
    assert parse_answer("I don't know.").answer is Answer.IDK
    assert parse_answer("As an AI, I cannot say.").answer is None
    assert parse_answer("Not necessarily.").answer is None
