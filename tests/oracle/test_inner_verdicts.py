"""Stances said inside the reply's text (issue 38, the thirteenth session's second round): after the
case's question asked by the reply itself, after a turn of the sentence, as a bare last sentence, and
"Not quite!". Replies written for this test; the shapes' fixture (labelled/stance_shapes.jsonl, six
styles) is read whole as well. Where the reader cannot settle the stance it reads none, never a guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgtest.oracle.answer import Stance, parse_answer

SHAPES = Path(__file__).parent / "labelled" / "stance_shapes.jsonl"
FIRM = (Stance.YES, Stance.NO)
Q = "Did Rossini die in Bologna?"


@pytest.mark.parametrize(
    ("reply", "stance"),
    [
        # the case's question asked by the reply, then answered
        ("He lived in Bologna for years before Paris. Did he die in Bologna, then? No, in Passy.", Stance.NO),
        ("He settled in Passy in 1855. So, Bologna? No — Passy, near Paris.", Stance.NO),
        ("He retired to Bologna. So, died in Bologna? Yes, in his villa there.", Stance.YES),
        ("He was ill for months. Did he die in Bologna? He did.", Stance.YES),
        # a verdict after a turn of the sentence, mid-paragraph
        ("Bologna was his home for years, but no — he died in Passy. A grand funeral followed.", Stance.NO),
        ("If you mean the city itself, then no, he didn't. He died outside Paris.", Stance.NO),
        # a bare last sentence, or a plain assent
        ("1. He left Italy in 1855.\n2. He lived in Paris after that.\n\nSo not Bologna. **No.**", Stance.NO),
        ("Several biographies put his death in Bologna in 1868. That's correct.", Stance.YES),
        # "Not quite" that closes its sentence
        ("Not quite! He is buried in Florence and died near Paris.", Stance.NO),
        ("**Not quite.** Passy, 1868.", Stance.NO),
    ],
)
def test_a_verdict_inside_the_reply_is_read(reply: str, stance: Stance) -> None:
    assert parse_answer(reply, Q, leanings=True).stance is stance


@pytest.mark.parametrize(
    "reply",
    [
        # a supposition, or a concession, gives no verdict
        "I can't recall where he died. If he had stayed in Bologna, then yes, it would be Bologna.",
        "He died in the late 1860s, yes, but I couldn't swear to the city.",
        "Records are thin, and any answer, yes, no, or something between, would be a guess.",
        # a step's own question that names what the case's does not
        "Two steps.\n\nStep 1: **Was Passy part of Paris in 1868?** Yes.\nStep 2: unclear.",
        # the verdicts disagree, or the answer to its own question is two-sided
        "He lived in Bologna and Paris. So, did he die in Bologna? Yes and no: the records differ.",
        "Bologna was his home, but no — it was Passy. So, died in Bologna? Yes, his heart stayed there.",
        # "not quite" going on, and options each with a condition
        "Not quite — partly, since his remains went elsewhere.",
        "- **Yes** if you count his last Italian home\n- **No** if you go by the death record",
    ],
)
def test_an_unsettled_stance_is_read_as_none(reply: str) -> None:
    assert parse_answer(reply, Q, leanings=True).stance not in FIRM


def test_the_shapes_fixture_is_read_as_labelled() -> None:
    items = [json.loads(line) for line in SHAPES.read_text(encoding="utf-8").splitlines() if line]
    assert len(items) >= 60 and len({i["style"] for i in items}) == 6
    wrong = []
    for item in items:
        read = parse_answer(item["reply"], item["case"]["question"], leanings=True).stance.value
        firm_unclear = item["stance"] in ("ambiguous", "missing") and read in ("yes", "no")
        if firm_unclear or (item["stance"] not in ("ambiguous", "missing") and read != item["stance"]):
            wrong.append((item["id"], item["stance"], read))
    assert wrong == []
