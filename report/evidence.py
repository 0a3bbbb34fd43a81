"""A verdict's evidence as the report shows it: the proof's facts next to the reply's claims, each marked.

A proof fact is ``stated`` when a claim of the reply is identified with it and agrees,
``denied`` when one contradicts it, ``missing`` when no claim speaks of it (the conclusion
counts as stated or denied by the reply's Yes/No). A claim ``matches`` a proof fact,
``contradicts`` one, is ``unmatched`` (about the case's entities or relations, but no fact of
the proof) or ``ignored`` (about something else; not counted). docs/oracle.md explains the
scores these marks come from.
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.generator.case import TestCase
from kgtest.oracle.ground import GroundEdge
from kgtest.oracle.judge import Verdict
from kgtest.oracle.similarity import EdgeMatch


@dataclass(frozen=True, slots=True)
class FactView:
    """One fact of the proof: evidence, or the conclusion the question asks about."""

    subject: str
    relation: str
    object: str
    negated: bool
    origin: str
    """``evidence``, ``conclusion`` or ``evidence+conclusion``."""
    status: str
    """``stated``, ``denied``, ``missing``, or empty when the reply was not compared (screened, failed)."""


@dataclass(frozen=True, slots=True)
class ClaimView:
    """One statement read from the reply."""

    subject: str
    relation: str
    object: str
    negated: bool
    status: str
    """``matches``, ``contradicts``, ``unmatched`` or ``ignored``."""
    fact: str
    """The proof fact it was identified with, as text; empty when none."""
    how: str
    """How the relation was recognised (``words``, ``key``, ``voice``, ``cosine``, ``none``)."""
    sentence: str


@dataclass(frozen=True, slots=True)
class NodeView:
    label: str
    match: str
    """The node of the other graph it is identified with; empty when none."""


@dataclass(frozen=True, slots=True)
class CaseEvidence:
    facts: tuple[FactView, ...]
    claims: tuple[ClaimView, ...]
    proof_nodes: tuple[NodeView, ...]
    reply_nodes: tuple[NodeView, ...]
    node_jaccard: float | None
    edge_jaccard: float | None


def case_evidence(case: TestCase, verdict: Verdict | None) -> CaseEvidence:
    """What the reply said against what the proof holds; the case's own evidence when nothing was compared."""
    ground = verdict.ground if verdict else None
    comparison = verdict.comparison if verdict else None
    if ground is None or comparison is None or verdict is None:
        facts = tuple(
            FactView(e.subject_label, e.property_label, e.object_label, False, "evidence", "")
            for e in case.evidence
        )
        nodes = tuple(NodeView(n, "") for n in dict.fromkeys(x for f in facts for x in (f.subject, f.object)))
        return CaseEvidence(facts, (), nodes, (), None, None)

    answered = verdict.answer.answer
    answer_agrees = None if answered is None else answered is verdict.expected
    facts = tuple(_fact(edge, comparison.edges, ground.conclusion, answer_agrees) for edge in ground.edges)
    by_id = {edge.id: edge for edge in ground.edges}
    claims = tuple(_claim(match, by_id) for match in comparison.edges)
    aligned = {m.reply: m.ground or "" for m in comparison.nodes}
    matched = set(aligned.values())
    proof_nodes = tuple(NodeView(n, n if n in matched else "") for n in ground.nodes)
    reply_nodes = tuple(NodeView(n, g) for n, g in aligned.items())
    return CaseEvidence(
        facts, claims, proof_nodes, reply_nodes, comparison.node_jaccard, comparison.edge_jaccard
    )


def fact_text(subject: str, relation: str, obj: str, negated: bool) -> str:
    return f"{subject} {'NOT ' if negated else ''}{relation} {obj}".strip()


def _fact(
    edge: GroundEdge, matches: tuple[EdgeMatch, ...], conclusion: str | None, answer_agrees: bool | None
) -> FactView:
    said = [m.agrees for m in matches if m.ground == edge.id]
    if edge.id == conclusion and answer_agrees is not None:
        said.append(answer_agrees)
    status = "denied" if False in said else "stated" if said else "missing"
    return FactView(edge.subject, edge.relation, edge.object, edge.negated, edge.origin, status)


def _claim(match: EdgeMatch, edges: dict[str, GroundEdge]) -> ClaimView:
    t = match.triple
    edge = edges.get(match.ground) if match.ground else None
    if edge is not None:
        status = "matches" if match.agrees else "contradicts"
        fact = fact_text(edge.subject, edge.relation, edge.object, edge.negated)
    else:
        status, fact = ("unmatched" if match.relevant else "ignored"), ""
    return ClaimView(t.subject, t.relation, t.object, t.negated, status, fact, match.how, t.sentence)
