"""The oracle on a second labelled set, written in the styles real models use, labelled blind.

tests/oracle/labelled/styled.jsonl: replies with chatty openers, lists, markdown, passive
voice, relative clauses, parentheses, nicknames, dates and qualified award names, written for
cases of the bundled KB from docs/oracle.md's definitions and the KB alone; every label was
fixed before the oracle first ran on them. ``held`` replies were kept aside while the oracle
was changed (docs/history/oracle-measured.md gives both figures). Prints the figures (``-s``) and fails below
98% of clear answers read right, any unclear answer read as Yes or No, or 90% of classes.
Its labels call a hedge around one answer ``ambiguous``: judged with ``leanings`` off.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kgtest.oracle import Judge, Verdict

from .labelled import CLASSES, Labelled, judge, labelled, score

STYLED = Path(__file__).parent / "labelled" / "styled.jsonl"


@pytest.fixture(scope="module")
def judged(hedges_ambiguous_judge: Judge) -> tuple[list[Labelled], list[Verdict]]:
    items = labelled(STYLED)
    return items, judge(hedges_ambiguous_judge, items)


def test_the_styled_set_is_new_and_covers_every_class() -> None:
    items = labelled(STYLED)
    first = {i.reply for i in labelled()}
    assert len(items) >= 150
    assert not first & {i.reply for i in items}
    assert {i.outcome for i in items} >= CLASSES | {"idk", "refusal", "ambiguous"}
    assert Counter(i.split for i in items).keys() == {"dev", "held"}


def test_classes_are_right_on_replies_nobody_tuned_on(judged: tuple[list[Labelled], list[Verdict]]) -> None:
    items, verdicts = judged
    pairs = list(zip(items, verdicts, strict=True))
    for name in ("dev", "held"):
        part = [(i, v) for i, v in pairs if i.split == name]
        print(score([i for i, _ in part], [v for _, v in part]).line(name))
    overall = score(items, verdicts)
    print(overall.line("all"))
    wrong = [
        (i.id, i.stance, i.outcome, v.answer.stance.value, v.outcome.value)
        for i, v in pairs
        if (v.outcome.value != i.outcome if i.outcome in CLASSES else v.answer.stance.value in ("yes", "no"))
    ]
    print("disagreements:", wrong)
    assert overall.reading >= 0.98
    assert overall.unclear_read_firm == 0
    assert overall.classes >= 0.90
