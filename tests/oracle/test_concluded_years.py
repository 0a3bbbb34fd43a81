"""A temporal case's question said again as the reply's conclusion (oracle/answered.py), a birth the
reply states in place of the KB's and a flat denial of a dated fact (oracle/lifetimes.py), and another
value of a fact dated outside the proof's years (oracle/dated.py ``another_time``): the tenth session's
second round, from the citing, chatty and terse styles of bench/styled_blind10. Replies and cases are
written for these tests over the example KB's Dickens (born 1812), Einstein and Joliot-Curie."""

from __future__ import annotations

import json

import pytest

from kgtest.generator.case import TestCase
from kgtest.oracle import Judge, Verdict

from .test_styles import judged

DICKENS = "Q5686"
_BORN = {
    "derived": False, "end_year": None, "fact_id": "", "object": "1812", "object_label": "1812",
    "property": "P569", "property_label": "date of birth", "start_year": 1812, "subject": DICKENS,
    "subject_label": "Charles Dickens",
}  # fmt: skip
# "born in 1820 or earlier": the KB's birth year (its span) falls in 1807 to 1820
BORN_BY_1820 = {
    "aliases": {}, "domain": "people", "evidence": [_BORN], "expected": "Yes", "id": "dickens-1820",
    "kind": "temporal", "meta": {"checked_by": "pointwise", "depth": 2, "horizon": 20},
    "prompt": "Was Charles Dickens born in 1820 or earlier?",
    "proof": {"assumption": "", "conclusion": f"holds(next(finally(6, 19, atom('{DICKENS}:span'))), 1800)",
              "premises": [_BORN], "rule": "mtl"},
    "question": "Was Charles Dickens born in 1820 or earlier?", "rule": "mtl", "schema": 1,
    "temporal": {"boundary": False, "events": {f"{DICKENS}:span": [[1812, 1812]]},
                 "formula": {"arg": {"arg": {"event": f"{DICKENS}:span", "op": "atom"}, "op": "finally",
                                     "window": [6, 19]}, "op": "next"},
                 "query_year": 1800, "satisfying": [[1793, 1806]], "text": f"N F[6,19] {DICKENS}:span",
                 "universe": [1700, 1900]},
}  # fmt: skip


def _judged(judge: Judge, case: dict[str, object], reply: str) -> Verdict:
    (verdict,) = judge.judge_many([(TestCase.from_json(json.dumps(case)), reply)])
    return verdict


@pytest.mark.parametrize(
    "reply",
    [
        "According to Forster's biography, Dickens was born in Portsmouth, Hampshire, in 1812. So no, he "
        "wasn't born in 1820 or earlier.",
        "Dickens grew up in Chatham and was born in 1812, the son of a navy clerk. That puts him on the "
        "other side of your cutoff, so no - he wasn't born in 1820 or earlier.",
    ],
)
def test_the_question_concluded_after_reasoning_cannot_be_told(kb_judge: Judge, reply: str) -> None:
    verdict = _judged(kb_judge, BORN_BY_1820, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert verdict.reasons[0].startswith("cannot tell: it concludes"), verdict.reasons


def test_a_birth_year_of_the_question_as_a_premise_is_no_conclusion(kb_judge: Judge) -> None:
    verdict = _judged(kb_judge, BORN_BY_1820, "Yes. Dickens was born in 1812, so he was born before 1820.")
    assert verdict.outcome.value == "correct", verdict.reasons


def test_a_stated_birth_moves_a_span_of_its_birth_year_alone(kb_judge: Judge) -> None:
    verdict = _judged(kb_judge, BORN_BY_1820, "Yes. Charles Dickens was born in 1818.")
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons


_MILEVA = {
    "derived": False, "end_year": 1919, "fact_id": "", "object": "Q76346", "object_label": "Mileva Marić",
    "property": "P26", "property_label": "spouse", "start_year": 1903, "subject": "Q937",
    "subject_label": "Albert Einstein",
}  # fmt: skip
ELSA_1910 = {
    "aliases": {}, "domain": "people", "evidence": [_MILEVA], "expected": "No", "id": "einstein-elsa-1910",
    "kind": "fact", "meta": None, "prompt": "Was Albert Einstein married to Elsa Einstein in 1910?",
    "proof": {"assumption": "spouse (P26) has one value at a time",
              "conclusion": "not(holds('Q937', 'P26', 'Q68761', [[1903, 1919]]))",
              "premises": [_MILEVA], "rule": "one_at_a_time"},
    "question": "Was Albert Einstein married to Elsa Einstein at any time in 1910?", "rule": "one_at_a_time",
    "schema": 1, "temporal": None,
}  # fmt: skip


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        # another spouse in a year outside the proof's marriage: no other value, and no premise
        (
            "No. In 1910 Einstein was still married to Mileva Marić, his wife from 1903 until their "
            "divorce. He married Elsa Einstein in 1920.",
            "correct",
        ),
        ("Yes. Einstein married Elsa Einstein in 1908.", "erroneous_knowledge"),  # in its years: a miss
    ],
)
def test_another_value_of_other_years_is_no_miss(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = _judged(kb_judge, ELSA_1910, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


# "Was there a year exactly 9 years after 1926 (1935) in which Irène Joliot-Curie received the award Nobel
# Prize in Chemistry, such that ... Albert Einstein was married to Elsa Einstein?" (Yes; the award in 1935)
JOLIOT_CURIE_1935 = "87a2b8e105990883"


def test_a_flat_denial_of_a_dated_fact_takes_its_years_away(kb_judge: Judge) -> None:
    """The terse style's "No — Diatta never played for Doncaster Rovers": the No follows from it."""
    reply = "No. Irène Joliot-Curie never received the Nobel Prize in Chemistry."
    verdict = judged(kb_judge, JOLIOT_CURIE_1935, reply)
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons


MILEVA_EVER = {
    **ELSA_1910,
    "expected": "Yes", "id": "einstein-mileva-ever", "kind": "fact",
    "prompt": "Was Albert Einstein ever married to Mileva Marić?",
    "question": "Was Albert Einstein ever married to Mileva Marić?", "rule": "ground",
    "proof": {"assumption": "", "conclusion": "holds('Q937', 'P26', 'Q76346', [[1903, 1919]])",
              "premises": [_MILEVA], "rule": "ground"},
}  # fmt: skip


def test_a_fact_until_a_dated_clause_ends_that_year(kb_judge: Judge) -> None:
    """The terse style's "Alsace was a region of Metropolitan France until it was folded into Grand Est
    in 2019" (KB: until 2016): the question's fact with other years is wrong knowledge, not a wrong
    statement of the question drawn from right premises."""
    reply = "Yes — Einstein was married to Mileva Marić until he married Elsa Einstein in 1925."
    verdict = _judged(kb_judge, MILEVA_EVER, reply)
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons
    assert "1919" in verdict.reasons[0], verdict.reasons
