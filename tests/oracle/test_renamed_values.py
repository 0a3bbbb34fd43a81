"""A name the KB does not know, given where the proof has its value, and related to that value in the
same reply ("Friedrich-Wilhelms-Universität, which only took the name Humboldt University in 1949")
may be the value's old name: it is no other value (oracle/renamed.py ``renamed_pairs``). Alone, it
still is. Replies written for these tests, in the terse and chatty styles."""

from __future__ import annotations

from kgtest.oracle import Judge

from .test_styles import PRINCETON_EINSTEIN, judged


def test_an_old_name_of_the_proofs_value_is_no_other_value(kb_judge: Judge) -> None:
    reply = "No. Einstein taught at the College of New Jersey, which only took the name Princeton University"
    reply += " in 1896."
    verdict = judged(kb_judge, PRINCETON_EINSTEIN, reply)
    assert not any(c.wrong for c in verdict.claims), verdict.reasons
    assert verdict.outcome.value == "erroneous_inference", verdict.reasons


def test_an_unknown_value_alone_is_another_value(kb_judge: Judge) -> None:
    reply = "Hmm, no, I don't think so. Einstein taught at the College of New Jersey for most of his life."
    verdict = judged(kb_judge, PRINCETON_EINSTEIN, reply)
    assert any(c.wrong for c in verdict.claims), verdict.reasons
