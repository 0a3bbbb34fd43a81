"""A right answer whose statements settle nothing, where the rules cannot redo the proof from the case's
own facts either (oracle/checks.py ``_inference``): the KB's facts stand, so the answer follows and
is no wrong inference (eleventh session, styled_blind11 W3-023). The case is the set's own, a partition
the rules prove for the generator but not from its facts alone: Oldenburg in 2004."""

from __future__ import annotations

import json

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge, Verdict

_IN = "located in the administrative territorial entity"


def _fact(
    s: str, sl: str, p: str, pl: str, o: str, ol: str, start: int | None, end: int | None
) -> dict[str, object]:
    return {
        "derived": False, "end_year": end, "fact_id": f"{s}-{p}-{o}", "object": o, "object_label": ol,
        "property": p, "property_label": pl, "start_year": start, "subject": s, "subject_label": sl,
    }  # fmt: skip


_EVIDENCE = [
    _fact("Q2936", "Oldenburg", "P131", _IN, "Q445936", "Q445936", 1977, 2005),
    _fact("Q1197", "Lower Saxony", "P150", "contains the administrative territorial entity", "Q445936",
          "Q445936", 1977, 2004),
    _fact("Q5897", "Cuxhaven", "P131", _IN, "Q1197", "Lower Saxony", 2004, None),
]  # fmt: skip
_ASKED = "Was Oldenburg in Cuxhaven in 2004?"
OLDENBURG_2004 = {
    "aliases": {}, "domain": "places", "evidence": _EVIDENCE, "expected": "No", "id": "oldenburg-2004",
    "kind": "fact", "question": _ASKED, "prompt": _ASKED,
    "meta": {"category": "active", "checked_by": "proofcheck.pl", "holds": False,
             "proof_rules": ["partition"],
             "reference_year": 2020, "sentence": "Oldenburg located in Cuxhaven",
             "statement": ["Q2936", "P131", "Q5897"], "year": 2004, "years": [[2004, 2004]]},
    "proof": {"assumption": "units directly within one unit, of one level, do not overlap",
              "conclusion": "not(holds('Q2936', 'P131', 'Q5897', [[2004, 2004]]))", "premises": _EVIDENCE,
              "rule": "partition", "said": "not: Oldenburg located in Cuxhaven in 2004"},
    "rule": "negation", "schema": 1,
}  # fmt: skip


def _judged(judge: Judge, reply: str) -> Verdict:
    (verdict,) = judge.judge_many([(TestCase.from_json(json.dumps(OLDENBURG_2004)), reply)])
    return verdict


@pytest.mark.parametrize(
    "reply",
    [
        # terse
        "No. Oldenburg and Cuxhaven are separate places in Lower Saxony; Oldenburg was never part of "
        "Cuxhaven.",
        # chatty
        "Nope! Oldenburg was never part of Cuxhaven - they're two separate places in Lower Saxony.",
    ],
)
def test_a_right_answer_whose_statements_settle_nothing_is_correct(judge: Judge, reply: str) -> None:
    verdict = _judged(judge, reply)
    assert verdict.outcome.value == "correct", verdict.reasons


def test_a_wrong_answer_whose_statements_settle_nothing_is_still_a_wrong_inference(judge: Judge) -> None:
    verdict = _judged(judge, "Yes. Oldenburg and Cuxhaven are both places in Lower Saxony.")
    assert verdict.outcome.value == "erroneous_inference", verdict.reasons
