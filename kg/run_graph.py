"""Replies, the claims read from them and their verdicts in the graph, beside the test cases.

    (:Reply {id, run, system, text, outcome, hallucination, answer, reasons,
             temperature, max_tokens, seed})-[:ANSWERS]->(:TestCase)
    (:Reply)-[:CLAIMS]->(:Claim {subject, relation, object, negated, sentence})

A failing case then opens in Neo4j Browser with its evidence, the reply's claims and the
verdict's reasons (docs/queries.md). Writing a run again replaces what it wrote before. The
oracle decides what a judged reply contributes (oracle/verdicts.py); this module writes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kgtest.core.records import to_plain
from kgtest.kg.schema import ensure_schema
from kgtest.kg.store import GraphStore

_BATCH = 5_000
_DROP_CLAIMS = "MATCH (r:Reply {run: $run})-[:CLAIMS]->(c:Claim) DETACH DELETE c"
_DROP_REPLIES = "MATCH (r:Reply {run: $run}) DETACH DELETE r"
_REPLIES = "UNWIND $rows AS r CREATE (n:Reply) SET n = r"
_ANSWERS = """
UNWIND $rows AS r
MATCH (n:Reply {id: r.id})
MATCH (t:TestCase {key: r.case_key})
CREATE (n)-[:ANSWERS]->(t)
"""
_CLAIMS = """
UNWIND $rows AS r
MATCH (n:Reply {id: r.reply})
CREATE (n)-[:CLAIMS]->(c:Claim)
SET c = r.p
"""


@dataclass(frozen=True, slots=True)
class ClaimNode:
    """A triple read from a reply."""

    subject: str
    relation: str
    object: str
    negated: bool
    sentence: str


@dataclass(frozen=True, slots=True)
class ReplyNode:
    """A Reply node: one judged reply of a run, linked to the TestCase node it answers."""

    id: str
    """``<run id>#<case id>``."""
    run: str
    system: str
    case_id: str
    case_key: str
    """The TestCase node's key (kg/suite_graph.py)."""
    text: str
    outcome: str
    hallucination: bool
    answer: str
    reasons: tuple[str, ...]
    verdict: str
    """The whole verdict as JSON."""
    sampling: Mapping[str, int | float] = field(default_factory=dict)
    """temperature, max_tokens, seed: stored as properties of their own."""
    claims: tuple[ClaimNode, ...] = ()


def write_run_graph(store: GraphStore, run: str, replies: Sequence[ReplyNode]) -> int:
    """Write one judged run; returns how many replies were linked to a test case in the graph."""
    ensure_schema(store)
    store.query(_DROP_CLAIMS, run=run)
    store.query(_DROP_REPLIES, run=run)
    rows = [{k: v for k, v in _reply_row(r).items() if v is not None} for r in replies]
    claims = [{"reply": r.id, "p": to_plain(c)} for r in replies for c in r.claims]
    list(store.write_rows(_REPLIES, rows, _BATCH))
    list(store.write_rows(_CLAIMS, claims, _BATCH))
    list(store.write_rows(_ANSWERS, [{"id": r.id, "case_key": r.case_key} for r in replies], _BATCH))
    linked = store.query("MATCH (r:Reply {run: $run})-[:ANSWERS]->(:TestCase) RETURN count(r) AS n", run=run)
    return int(linked[0]["n"])


def _reply_row(r: ReplyNode) -> dict[str, Any]:
    return {
        "id": r.id,
        "run": r.run,
        "system": r.system,
        "case_id": r.case_id,
        "case_key": r.case_key,
        "text": r.text,
        "outcome": r.outcome,
        "hallucination": r.hallucination,
        "answer": r.answer,
        "reasons": list(r.reasons),
        "verdict": r.verdict,
        **r.sampling,
    }
