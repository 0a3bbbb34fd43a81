"""The report's evidence marks, from real verdicts of the real judge (spaCy, MiniLM, the rule library)."""

from __future__ import annotations

import dataclasses

from kgtest.oracle import Judge
from kgtest.report.evidence import case_evidence
from kgtest.report.rates import build_report
from kgtest.report.render import render_html
from tests.oracle.cases import ALIVE, BORN_IN_LONDON, BORN_IN_PORTSMOUTH, IN_ENGLAND

from .rows import DICKENS, case


def test_a_right_reply_states_the_proof_and_its_claims_match(judge: Judge) -> None:
    verdict = judge.judge(BORN_IN_PORTSMOUTH, "Yes. Charles Dickens was born in Portsmouth.")
    evidence = case_evidence(BORN_IN_PORTSMOUTH, verdict)
    said = [f for f in evidence.facts if f.relation == "place of birth"]
    assert said and all(f.status == "stated" for f in said)
    assert [c.status for c in evidence.claims] == ["matches"]
    assert evidence.node_jaccard == 1.0 and evidence.edge_jaccard == 1.0


def test_a_wrong_claim_contradicts_and_denies_the_fact_in_its_place(judge: Judge) -> None:
    verdict = judge.judge(BORN_IN_LONDON, "No. Dickens was born in Manchester.")
    evidence = case_evidence(BORN_IN_LONDON, verdict)
    birth = [f for f in evidence.facts if f.relation == "place of birth" and not f.negated]
    assert birth and birth[0].object == "Portsmouth" and birth[0].status == "denied"
    assert [c.status for c in evidence.claims] == ["contradicts"] and evidence.claims[0].fact
    assert evidence.edge_jaccard is not None and evidence.edge_jaccard < 1.0


def test_a_bare_answer_leaves_the_middle_of_a_chain_missing(judge: Judge) -> None:
    verdict = judge.judge(IN_ENGLAND, "Yes.")
    evidence = case_evidence(IN_ENGLAND, verdict)
    statuses = {f.origin: f.status for f in evidence.facts}
    assert statuses["evidence"] == "missing" and statuses["conclusion"] == "stated"
    assert evidence.claims == () and evidence.edge_jaccard == 0.0


def test_without_a_verdict_the_case_evidence_is_shown_uncompared() -> None:
    evidence = case_evidence(BORN_IN_PORTSMOUTH, None)
    assert evidence.facts and {f.status for f in evidence.facts} == {""} and evidence.claims == ()


def test_the_page_draws_real_evidence(judge: Judge) -> None:
    judged = [(ALIVE, "Yes."), (BORN_IN_LONDON, "No. Dickens was born in Manchester.")]
    rows = []
    for i, (test_case, reply) in enumerate(judged):
        evidence = case_evidence(test_case, judge.judge(test_case, reply))
        rows.append(dataclasses.replace(case("a", i, "people", test_case.rule, "correct"), evidence=evidence))
    page = render_html(build_report(rows))
    assert page.count("edge Jaccard") == 1 and page.count(">not compared<") == 2  # ALIVE's two years


def test_a_jaccard_left_undefined_is_left_out() -> None:
    """A proof whose only statement is denied and a reply with no statement share no edge to count."""
    row = dataclasses.replace(case("a", 1, "people", "negation", "correct"), evidence=dataclasses.replace(
        DICKENS, edge_jaccard=None))  # fmt: skip
    page = render_html(build_report([row]))
    assert "node Jaccard 0.50</p>" in page and "edge Jaccard" not in page


def test_a_temporal_case_shows_its_events_unmarked(judge: Judge) -> None:
    evidence = case_evidence(ALIVE, judge.judge(ALIVE, "Yes. Dickens lived from 1812 to 1870."))
    assert [(f.relation, f.object, f.status) for f in evidence.facts] == [
        ("date of birth", "1812", ""),
        ("date of death", "1870", ""),
    ]
    assert evidence.node_jaccard is None and evidence.edge_jaccard is None
