"""A proof entity related to a name the KB does not know, in words nothing read (oracle/unread_names.py):
a wrong inference says every statement is right, which such a clause leaves unknown, so the oracle
cannot tell (tenth session). Replies written for this test over the example KB's Tesla (died in New
York City, expected Yes); it knows no Hotel Governor Clinton."""

from __future__ import annotations

from kgtest.oracle import Judge

from .test_reading_rules import TESLA_NYC
from .test_styles import judged


def test_a_clause_to_an_unknown_name_leaves_a_wrong_inference_unread(kb_judge: Judge) -> None:
    reply = "No. Tesla spent his last years attached to the Hotel Governor Clinton, and died in New York."
    verdict = judged(kb_judge, TESLA_NYC, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert "Hotel Governor Clinton" in verdict.reasons[0], verdict.reasons


def test_a_bare_wrong_answer_is_still_a_wrong_inference(kb_judge: Judge) -> None:
    verdict = judged(kb_judge, TESLA_NYC, "No. Tesla died in New York City in 1943.")
    assert verdict.outcome.value == "erroneous_inference", verdict.reasons
