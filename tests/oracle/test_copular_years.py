"""A year said with "be" alone ("were husband and wife from 1995", "was the winner of X in 1921")
dates the clause's fact said with "be": the fourth session's rule in oracle/dated.py; said with
"became", the fact's start. The replies are written for this test, in the terse and chatty styles."""

from __future__ import annotations

from kgtest.oracle import Judge

from .test_styles import EINSTEIN_NOBEL, judged


def test_a_year_after_be_dates_the_be_fact(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge, EINSTEIN_NOBEL, "Yes. Einstein was the winner of the Nobel Prize in Physics in 1921."
    )
    read = {(c.triple.relation, c.triple.object): c for c in verdict.claims}
    assert read["was winner of", "Nobel Prize in Physics"].when == (1921, 1921)
    assert read["was in", "1921"].status == "dated"
    assert verdict.outcome.value == "correct", verdict.reasons


def test_a_year_after_became_dates_the_facts_start(kb_judge: Judge) -> None:
    """ "Gomel and Bryansk became twin cities in 2001": from 2001 on (the ninth session)."""
    right = judged(
        kb_judge, EINSTEIN_NOBEL, "Yes! Einstein became the winner of the Nobel Prize in Physics in 1921."
    )
    read = {(c.triple.relation, c.triple.object): c for c in right.claims}
    assert read["became winner of", "Nobel Prize in Physics"].when == (1921, None)
    assert read["became in", "1921"].status == "dated"
    assert right.outcome.value == "correct", right.reasons
    wrong = judged(
        kb_judge, EINSTEIN_NOBEL, "Yes. He became the winner of the Nobel Prize in Physics in 1925."
    )
    assert wrong.outcome.value == "erroneous_knowledge", wrong.reasons


def test_a_year_before_the_fact_dates_it(kb_judge: Judge) -> None:
    """ "In 1968 he was still Ruth Gordon's husband": the year opens the clause (the ninth session)."""
    verdict = judged(
        kb_judge, EINSTEIN_NOBEL, "Yes. In 1921 Einstein was the winner of the Nobel Prize in Physics."
    )
    read = {(c.triple.relation, c.triple.object): c for c in verdict.claims}
    assert read["was winner of", "Nobel Prize in Physics"].when == (1921, 1921)
    assert read["was in", "1921"].status == "dated"
