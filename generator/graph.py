"""Suites and their proofs in the graph store, so a user can see why an answer is expected.

docs/graph-model.md draws the shape:

    (:Entity)-[:DERIVED {id, property, holds, rule, text, conclusion, proof, assumption}]->(:Entity)
    (:TestCase {key, id, suite, kind, rule, domain, question, expected, variant, facts, derived})
        -[:ASKS_ABOUT {role}]->(:Entity)
    (:TestCase)-[:IN_SUITE]->(:Suite {id, path, seed, cases, digest})

A DERIVED relationship is a statement the reasoner proved: true (``holds: true``) by
inverse/symmetric/transitive rules, or false (``holds: false``) under the assumption it
names. Its id comes from the statement and its truth, so every suite that asks about it
shares one relationship. Writing is idempotent: what exists is updated, what is missing
is created, and test cases no longer in a regenerated suite are removed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from kgtest.generator.case import TestCase, case_id
from kgtest.kg.schema import ensure_schema
from kgtest.kg.store import GraphStore, chunks

_BATCH = 5_000

# Relationships are found through their indexed end nodes: a lookup by a relationship
# property alone scans every relationship on ArcadeDB (minutes for a few thousand rows).
_STORED_DERIVED = """
UNWIND $rows AS r
MATCH (:Entity {id: r.s})-[d:DERIVED]->(:Entity {id: r.o})
WHERE d.id = r.p.id
RETURN d.id AS key, properties(d) AS p
"""
_NEW_DERIVED = """
UNWIND $rows AS r
MATCH (a:Entity {id: r.s})
MATCH (b:Entity {id: r.o})
CREATE (a)-[d:DERIVED]->(b)
SET d = r.p
"""
_UPDATE_DERIVED = """
UNWIND $rows AS r
MATCH (:Entity {id: r.s})-[d:DERIVED]->(:Entity {id: r.o})
WHERE d.id = r.p.id
SET d = r.p
"""

_SUITE = "MERGE (s:Suite {id: $suite}) SET s += $info, s.digest = ''"
_SUITE_DIGEST = "MATCH (s:Suite {id: $suite}) RETURN s.digest AS digest"
_STORED_CASES = "MATCH (t:TestCase {suite: $suite}) RETURN t.key AS key, properties(t) AS p"
_DELETE_CASES = "UNWIND $rows AS k MATCH (t:TestCase {key: k}) DETACH DELETE t"
_NEW_CASES = """
UNWIND $rows AS r
MATCH (s:Suite {id: $suite})
CREATE (t:TestCase)-[:IN_SUITE]->(s)
SET t = r
"""
_UPDATE_CASES = "UNWIND $rows AS r MATCH (t:TestCase {key: r.key}) SET t = r"
_ASKS_ABOUT = """
UNWIND $rows AS r
MATCH (t:TestCase {key: r.key})
MATCH (e:Entity {id: r.entity})
CREATE (t)-[:ASKS_ABOUT {role: r.role}]->(e)
"""


@dataclass(frozen=True, slots=True)
class GraphReport:
    derived_new: int
    derived_total: int
    cases_new: int
    cases_total: int


def suite_id(path: Path) -> str:
    """The Suite node's id: the file's name plus a hash of where it lives.

    Two ``suite.jsonl`` in different folders must not share one node (writing the second would
    remove the first one's test cases).
    """
    return f"{path.stem}-{case_id('suite', path.resolve())[:8]}"


def derived_id(statement: Sequence[str], holds: bool) -> str:
    return case_id("derived", *statement, holds)


def write_suite_graph(
    store: GraphStore, suite: str, cases: Sequence[TestCase], info: Mapping[str, Any], digest: str = ""
) -> GraphReport:
    """Write the suite's derived statements and test cases; safe to repeat.

    Only what differs from the store is written. ``digest`` (of the suite file and the KB it
    came from) is recorded on the Suite node once everything is written; a later call with
    the same digest finds the suite complete and returns at once.
    """
    ensure_schema(store)
    if digest and store.query(_SUITE_DIGEST, suite=suite) == [{"digest": digest}]:
        return GraphReport(0, len(_derived_rows(cases)), 0, len(cases))
    derived = _derived_rows(cases)
    stored = {
        row["key"]: row["p"]
        for batch in chunks(list(derived.values()), _BATCH)
        for row in store.query(_STORED_DERIVED, rows=batch)
    }
    list(store.write_rows(_NEW_DERIVED, [r for i, r in derived.items() if i not in stored], _BATCH))
    changed = [r for i, r in derived.items() if i in stored and stored[i] != r["p"]]
    list(store.write_rows(_UPDATE_DERIVED, changed, _BATCH))

    store.query(_SUITE, suite=suite, info={**info, "cases": len(cases)})
    rows = {row["key"]: row for row in (_case_row(suite, c) for c in cases)}
    old = {row["key"]: row["p"] for row in store.query(_STORED_CASES, suite=suite)}
    list(store.write_rows(_DELETE_CASES, [k for k in old if k not in rows], _BATCH))
    new = [r for k, r in rows.items() if k not in old]
    list(store.write_rows(_NEW_CASES, new, _BATCH, suite=suite))
    list(store.write_rows(_UPDATE_CASES, [r for k, r in rows.items() if k in old and old[k] != r], _BATCH))
    links = [link for c in cases if f"{suite}#{c.id}" not in old for link in _links(suite, c)]
    list(store.write_rows(_ASKS_ABOUT, links, _BATCH))
    store.query("MATCH (s:Suite {id: $suite}) SET s.digest = $digest", suite=suite, digest=digest)
    return GraphReport(len(derived) - len(stored), len(derived), len(new), len(rows))


def _derived_rows(cases: Sequence[TestCase]) -> dict[str, dict[str, Any]]:
    """One row per derived statement (stated KB facts are FACT relationships already)."""
    rows: dict[str, dict[str, Any]] = {}
    for c in cases:
        if c.kind != "fact" or c.proof is None or c.proof.rule == "ground":
            continue
        s, p, o = c.meta["statement"]
        holds = bool(c.meta["holds"])
        did = derived_id((s, p, o), holds)
        rows[did] = {
            "s": s,
            "o": o,
            "p": {
                "id": did,
                "property": p,
                "holds": holds,
                "rule": c.proof.rule,
                "text": c.meta["sentence"],
                "conclusion": c.proof.conclusion,
                "proof": json.dumps(asdict(c.proof), sort_keys=True, ensure_ascii=False),
                "assumption": c.proof.assumption,
            },
        }
    return rows


def _case_row(suite: str, c: TestCase) -> dict[str, Any]:
    row: dict[str, Any] = {
        "key": f"{suite}#{c.id}",
        "id": c.id,
        "suite": suite,
        "kind": c.kind,
        "rule": c.rule,
        "domain": c.domain,
        "question": c.question,
        "expected": c.expected.value,
        "variant": c.variant,
    }
    facts = sorted({e.fact_id for e in c.evidence if e.fact_id})
    if facts:  # no empty lists: absent reads back as null on every engine
        row["facts"] = facts
    if c.kind == "fact" and c.proof is not None and c.proof.rule != "ground":
        row["derived"] = derived_id(c.meta["statement"], bool(c.meta["holds"]))
    return row


def _links(suite: str, c: TestCase) -> list[dict[str, str]]:
    key = f"{suite}#{c.id}"
    if c.kind == "fact":
        s, _, o = c.meta["statement"]
        return [{"key": key, "entity": s, "role": "subject"}, {"key": key, "entity": o, "role": "object"}]
    entities = dict.fromkeys(x for e in c.evidence for x in (e.subject, e.object))
    return [{"key": key, "entity": e, "role": "event"} for e in entities]
