"""A verdict's evidence as the report shows it: the proof's facts next to the reply's claims, each marked.

A proof fact is ``stated`` when a claim of the reply says it, ``denied`` when a claim says its
negation or the KB refutes a claim about the same subject and relation, ``missing`` when no
claim speaks of it (the question's conclusion is stated or denied by the reply's Yes/No). A
claim ``matches`` a proof fact, ``contradicts`` the KB (the judge found it wrong), is
``unmatched`` (read into the KB's terms, true or unknown there, but no fact of the proof) or
``ignored`` (not read into the KB's terms; not counted). The node and edge Jaccard between the
proof and the counted claims are descriptive overlaps shown beside the verdict; the verdict
itself comes from the rule checks docs/oracle.md describes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from kgtest.generator.case import TestCase
from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.judge import Verdict
from kgtest.prolog.reasoner import Statement

T = TypeVar("T")


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
    """The proof fact it was identified with, or why the KB refutes it; empty when neither."""
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
    unread: tuple[str, ...] = ()
    """The reply's sentences the oracle could not read (an ``unreadable`` verdict's, docs/oracle.md)."""


def case_evidence(case: TestCase, verdict: Verdict | None) -> CaseEvidence:
    """What the reply said against what the proof holds; the case's own evidence when nothing was compared.

    A temporal case's verdict is the formula's truth at its year over the reply's events, not a
    match of edges, and a case whose conclusion could not be read is judged by its answer alone:
    their evidence (lifetimes, dated facts) is shown as it is, unmarked.
    """
    ground = verdict.ground if verdict else None
    if ground is None or verdict is None or ground.statement is None:  # nothing to mark facts against
        bare = tuple(
            FactView(e.subject_label, e.property_label, e.object_label, False, "evidence", "")
            for e in case.evidence
        )
        nodes = tuple(NodeView(n, "") for n in dict.fromkeys(x for f in bare for x in (f.subject, f.object)))
        return CaseEvidence(bare, (), nodes, (), None, None, verdict.unread if verdict else ())

    relations = {e.property: e.relation for e in ground.edges}
    proof = _proof_facts(ground)
    answered = verdict.answer.answer
    answer_agrees = None if answered is None else answered is verdict.expected
    conclusion = _forwards(ground.statement) if ground.statement is not None else None
    facts: list[FactView] = []
    for (s, p, o), negated, origin in proof:
        by_answer = answer_agrees if (s, p, o) == conclusion else None
        status = _fact_status((s, p, o), negated, verdict.claims, by_answer)
        facts.append(FactView(ground.label(s), relations.get(p, p), ground.label(o), negated, origin, status))
    named = {
        (s, p, o): (negated, f"{ground.label(s)} {relations.get(p, p)} {ground.label(o)}")
        for (s, p, o), negated, _ in proof
    }
    claims = tuple(_claim(claim, named) for claim in verdict.claims)

    proof_ids = [e.id for e in ground.entities]
    counted = [c for c in verdict.claims if c.statement is not None]
    reply_ids = list(dict.fromkeys(x.id or x.label for c in counted for x in (c.subject, c.object)))
    shared = set(proof_ids) & set(reply_ids)
    labels = {c_x.id or c_x.label: c_x.name for c in counted for c_x in (c.subject, c.object)}
    proof_nodes = tuple(NodeView(ground.label(i), ground.label(i) if i in shared else "") for i in proof_ids)
    reply_nodes = tuple(NodeView(labels[i], ground.label(i) if i in shared else "") for i in reply_ids)
    proof_edges = {statement for statement, negated, _ in proof if not negated}
    reply_edges = {_forwards(c.statement) for c in counted if c.statement is not None and not c.negated}
    return CaseEvidence(
        tuple(facts),
        claims,
        proof_nodes,
        reply_nodes,
        _jaccard(set(proof_ids), set(reply_ids)),
        _jaccard(proof_edges, reply_edges),
        verdict.unread,
    )


def _proof_facts(ground: GroundGraph) -> list[tuple[Statement, bool, str]]:
    """The evidence edges, then the conclusion (merged into an edge it repeats)."""
    facts: list[tuple[Statement, bool, str]] = [
        ((e.subject, e.property, e.object), False, "evidence") for e in dict.fromkeys(ground.edges)
    ]
    if ground.statement is None:
        return facts
    conclusion, negated = _forwards(ground.statement), ground.holds is False
    for i, (statement, was_negated, _) in enumerate(facts):
        if statement == conclusion and was_negated == negated:
            facts[i] = (statement, negated, "evidence+conclusion")
            return facts
    return [*facts, (conclusion, negated, "conclusion")]


def _forwards(statement: Statement) -> Statement:
    """``(S, ^P, O)`` (P read backwards) as ``(O, P, S)``."""
    s, p, o = statement
    return (o, p[1:], s) if p.startswith("^") else statement


def _said(claim: Claim) -> set[Statement]:
    return {_forwards(s) for s in (claim.statement, *claim.alternatives) if s is not None}


def _fact_status(
    statement: Statement, negated: bool, claims: tuple[Claim, ...], answer_agrees: bool | None
) -> str:
    said: list[bool] = [] if answer_agrees is None else [answer_agrees]
    for claim in claims:
        if statement in _said(claim):
            said.append(claim.negated == negated and not claim.wrong)
        elif claim.wrong and claim.statement is not None:
            s, p, _ = _forwards(claim.statement)
            if (s, p) == statement[:2] and not negated:
                said.append(False)  # the KB refutes what the reply puts in this fact's place
    return "denied" if False in said else "stated" if said else "missing"


def _claim(claim: Claim, proof: dict[Statement, tuple[bool, str]]) -> ClaimView:
    t = claim.triple
    how = claim.relation.how if claim.relation is not None else "none"
    matched = next((s for s in _said(claim) if s in proof), None)
    if claim.statement is None:
        status, fact = "ignored", ""
    elif matched is not None:
        negated, text = proof[matched]
        agrees = claim.negated == negated and not claim.wrong
        status, fact = ("matches" if agrees else "contradicts"), f"NOT {text}" if negated else text
    elif claim.wrong:
        status, fact = "contradicts", claim.note
    else:
        status, fact = "unmatched", ""
    return ClaimView(t.subject, t.relation, t.object, t.negated, status, fact, how, t.sentence)


def _jaccard(a: set[T], b: set[T]) -> float | None:
    union = a | b
    return round(len(a & b) / len(union), 4) if union else None
