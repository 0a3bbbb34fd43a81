"""The report's evidence marks, from real verdicts of the real judge (spaCy, MiniLM, the rule library)."""

from __future__ import annotations

from kgtest.oracle import Judge
from kgtest.report.evidence import case_evidence
from tests.oracle.cases import BORN_IN_LONDON, BORN_IN_PORTSMOUTH, IN_ENGLAND


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
