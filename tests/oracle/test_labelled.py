"""The oracle on hand-labelled replies: real SmolLM2 replies and written ones of every kind.

Prints the figures (run with ``-s`` to see them) and fails below the bar the issue sets:
verdicts read right on at least 98% of the replies with a clear answer, no hedged, listed or
missing answer read as Yes or No, and at least 90% of the CO/EK/EI/OL classes right. The
``dev`` split was looked at while the oracle was written, ``test`` only once it was done there;
docs/history/oracle-measured.md gives both, and how each moved. ``KGTEST_LABELLED=path`` scores another set of
the same shape. Its labels call a hedge around one answer ``ambiguous``, so it is judged with
``leanings`` off (conftest.py ``hedges_ambiguous_judge``).
"""

from __future__ import annotations

from collections import Counter

import pytest

from kgtest.oracle import Judge, Verdict

from .labelled import CLASSES, Labelled, judge, labelled, score


@pytest.fixture(scope="module")
def judged(hedges_ambiguous_judge: Judge) -> tuple[list[Labelled], list[Verdict]]:
    items = labelled()
    return items, judge(hedges_ambiguous_judge, items)


def test_the_labelled_set_covers_every_kind_class_and_verdict() -> None:
    items = labelled()
    assert len(items) >= 150
    assert Counter(i.source for i in items)["smollm2"] >= 100
    assert {i.stance for i in items} == {"yes", "no", "idk", "refusal", "ambiguous", "missing"}
    assert {i.outcome for i in items} >= CLASSES | {"idk", "refusal", "ambiguous"}
    assert {i.split for i in items} == {"dev", "test"}


def test_the_oracle_reads_and_classes_replies_as_a_person_does(
    judged: tuple[list[Labelled], list[Verdict]],
) -> None:
    items, verdicts = judged
    pairs = list(zip(items, verdicts, strict=True))
    overall = score(items, verdicts)
    for name in ("dev", "test"):
        part = [(i, v) for i, v in pairs if i.split == name]
        print(score([i for i, _ in part], [v for _, v in part]).line(name))
    print(overall.line("all"))
    wrong = [
        (i.id, i.stance, i.outcome, v.answer.stance.value, v.outcome.value) for i, v in pairs if _missed(i, v)
    ]
    print("disagreements:", wrong)
    assert overall.reading >= 0.98
    assert overall.unclear_read_firm == 0
    assert overall.classes >= 0.90


def _missed(item: Labelled, verdict: Verdict) -> bool:
    if item.outcome in CLASSES:
        return verdict.outcome.value != item.outcome
    return verdict.answer.stance.value in ("yes", "no")
