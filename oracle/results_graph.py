"""Replies, the claims read from them and their verdicts in the graph, beside the test cases.

    (:Reply {id, run, system, text, outcome, hallucination, answer, node_jaccard, edge_jaccard,
             reasons, temperature, max_tokens, seed})-[:ANSWERS]->(:TestCase)
    (:Reply)-[:CLAIMS]->(:Claim {subject, relation, object, negated, sentence})

A failing case then opens in Neo4j Browser with its evidence, the reply's claims and the
verdict's reasons (docs/queries.md). Writing a run again replaces what it wrote before.
"""

from __future__ import annotations

import json
from typing import Any

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


def write_run_graph(
    store: GraphStore, manifest: dict[str, Any], suite_id: str, records: list[dict[str, Any]]
) -> int:
    """Write one judged run; returns how many replies were linked to a test case in the graph."""
    run = manifest["run_id"]
    ensure_schema(store)
    store.query(_DROP_CLAIMS, run=run)
    store.query(_DROP_REPLIES, run=run)
    sampling = manifest.get("sampling", {})
    replies, claims = [], []
    for record in records:
        reply_id = f"{run}#{record['case_id']}"
        verdict = record["verdict"] or {}
        comparison = verdict.get("comparison") or {}
        replies.append(
            {
                "id": reply_id,
                "run": run,
                "system": record["system"],
                "case_id": record["case_id"],
                "case_key": f"{suite_id}#{record['case_id']}",
                "text": record["reply"],
                "outcome": record["outcome"],
                "hallucination": record["hallucination"],
                "answer": (verdict.get("answer") or {}).get("stance", ""),
                "node_jaccard": comparison.get("node_jaccard"),
                "edge_jaccard": comparison.get("edge_jaccard"),
                "reasons": list(verdict.get("reasons") or []),
                "verdict": json.dumps(verdict, sort_keys=True),
                **{k: v for k, v in sampling.items() if isinstance(v, int | float)},
            }
        )
        for triple in verdict.get("triples") or []:
            keep = ("subject", "relation", "object", "negated", "sentence")
            claims.append({"reply": reply_id, "p": {k: triple[k] for k in keep if k in triple}})
    rows = [{k: v for k, v in r.items() if v is not None} for r in replies]
    list(store.write_rows(_REPLIES, rows, _BATCH))
    list(store.write_rows(_CLAIMS, claims, _BATCH))
    list(store.write_rows(_ANSWERS, [{"id": r["id"], "case_key": r["case_key"]} for r in replies], _BATCH))
    linked = store.query("MATCH (r:Reply {run: $run})-[:ANSWERS]->(:TestCase) RETURN count(r) AS n", run=run)
    return int(linked[0]["n"])
