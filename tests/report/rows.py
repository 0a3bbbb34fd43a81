"""Judged cases for the report tests, evidence as the oracle leaves it (tests/cli judges real replies)."""

from __future__ import annotations

from kgtest.report.evidence import CaseEvidence, ClaimView, FactView, NodeView
from kgtest.report.rates import JudgedCase

DICKENS = CaseEvidence(
    facts=(
        FactView("Charles Dickens", "spouse", "Catherine Dickens", False, "evidence", "stated"),
        FactView("Catherine Dickens", "spouse", "Charles Dickens", False, "conclusion", "denied"),
        FactView("Charles Dickens", "place of birth", "Portsmouth", False, "evidence", "missing"),
    ),
    claims=(
        ClaimView(
            "Charles Dickens",
            "was married to",
            "Catherine Dickens",
            False,
            "matches",
            "Charles Dickens spouse Catherine Dickens",
            "words",
            "Dickens was married to Catherine.",
        ),
        ClaimView(
            "Charles Dickens", "was born in", "London", False, "unmatched", "", "none", "Born in London."
        ),
        ClaimView("London", "is", "big", False, "ignored", "", "none", "London is big."),
    ),
    proof_nodes=(
        NodeView("Charles Dickens", "Charles Dickens"),
        NodeView("Catherine Dickens", "Catherine Dickens"),
        NodeView("Portsmouth", ""),
    ),
    reply_nodes=(
        NodeView("Charles Dickens", "Charles Dickens"),
        NodeView("Catherine Dickens", "Catherine Dickens"),
        NodeView("London", ""),
    ),
    node_jaccard=0.5,
    edge_jaccard=0.33,
)


def case(sut: str, i: int, domain: str, rule: str, outcome: str, reply: str = "") -> JudgedCase:
    return JudgedCase(
        sut=sut, case_id=f"c{i}", kind="fact", rule=rule, domain=domain, question=f"Q{i} <b>&</b>?",
        expected="Yes", answer="No" if outcome != "correct" else "Yes", outcome=outcome,
        hallucinated=outcome in ("erroneous_knowledge", "erroneous_inference", "both"),
        abstained=outcome in ("idk", "refusal", "ambiguous", "no_reply"), reply=reply or f"reply {i}",
        run_id=f"run-{sut}", reasons=(f"reason {i * 111} <i>",), evidence=DICKENS,
    )  # fmt: skip


ROWS = [
    case("a", 1, "people", "inverse", "correct"),
    case("a", 2, "people", "inverse", "erroneous_knowledge", reply='=HYPERLINK("http://evil.example","x")'),
    case("a", 3, "places", "transitive", "erroneous_inference"),
    case("a", 4, "places", "transitive", "idk"),
    case("a", 5, "places", "transitive", "truncated"),
    case("b", 1, "people", "inverse", "correct"),
    case("b", 2, "people", "inverse", "correct"),
]
