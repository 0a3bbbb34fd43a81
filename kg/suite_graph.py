"""Suites and their proofs in the graph store, so a user can see why an answer is expected.

docs/graph-model.md draws the shape:

    (:Entity)-[:DERIVED {id, property, holds, rule, text, conclusion, proof, assumption}]->(:Entity)
    (:TestCase {key, id, suite, kind, rule, domain, question, expected, variant, facts, entities, derived})
        -[:ASKS_ABOUT {role}]->(:Entity)
    (:TestCase)-[:IN_SUITE]->(:Suite {id, path, seed, cases, digest})

A DERIVED relationship is a statement the reasoner proved: true (``holds: true``) by
inverse/symmetric/transitive rules, or false (``holds: false``) under the assumption it
names. Its id comes from the statement and its truth, so every suite that asks about it
shares one relationship. Writing is idempotent: what exists is updated, what is missing
is created, and test cases no longer in a regenerated suite are removed. The generator
decides what goes in (generator/suite_nodes.py); this module only writes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kgtest.kg.schema import ensure_schema
from kgtest.kg.store import GraphStore

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
class DerivedStatement:
    """A DERIVED relationship: a statement the reasoner proved true or false, with its proof."""

    id: str
    subject: str
    property: str
    object: str
    holds: bool
    rule: str
    text: str
    """The statement as a sentence."""
    conclusion: str
    proof: str
    """The proof as JSON."""
    assumption: str


@dataclass(frozen=True, slots=True)
class CaseNode:
    """A TestCase node and the entities it asks about."""

    key: str
    """``<suite>#<case id>``: case ids are unique within a suite only."""
    id: str
    suite: str
    kind: str
    rule: str
    domain: str
    question: str
    expected: str
    variant: str
    facts: tuple[str, ...] = ()
    """Ids of the KB facts the case rests on."""
    entities: tuple[str, ...] = ()
    """Ids of every entity of those facts, the proof's middle steps included (docs/queries.md)."""
    derived: str | None = None
    """Id of the DERIVED statement the case asks about."""
    asks_about: tuple[tuple[str, str], ...] = ()
    """``(entity id, role)``: ``subject``/``object`` of a fact question, ``event`` of a temporal one."""


@dataclass(frozen=True, slots=True)
class SuiteGraph:
    """Everything one suite writes to the graph store."""

    suite: str
    info: Mapping[str, Any]
    """Properties of the Suite node (path, seed)."""
    derived: tuple[DerivedStatement, ...]
    cases: tuple[CaseNode, ...]
    digest: str = ""
    """Of the suite file and the KB it came from; a suite stored with the same digest is complete."""


@dataclass(frozen=True, slots=True)
class GraphReport:
    derived_new: int
    derived_total: int
    cases_new: int
    cases_total: int


def write_suite_graph(store: GraphStore, graph: SuiteGraph) -> GraphReport:
    """Write the suite's derived statements and test cases; safe to repeat.

    Only what differs from the store is written. The digest is recorded on the Suite node
    once everything is written; a later call with the same digest finds the suite complete
    and returns at once.
    """
    ensure_schema(store)
    suite, cases = graph.suite, graph.cases
    derived = {d.id: _derived_row(d) for d in graph.derived}
    if graph.digest and store.query(_SUITE_DIGEST, suite=suite) == [{"digest": graph.digest}]:
        return GraphReport(0, len(derived), 0, len(cases))
    stored = {
        row["key"]: row["p"]
        for batch in store.batches(list(derived.values()), _BATCH, _STORED_DERIVED)
        for row in store.query(_STORED_DERIVED, rows=batch)
    }
    list(store.write_rows(_NEW_DERIVED, [r for i, r in derived.items() if i not in stored], _BATCH))
    changed = [r for i, r in derived.items() if i in stored and stored[i] != r["p"]]
    list(store.write_rows(_UPDATE_DERIVED, changed, _BATCH))

    store.query(_SUITE, suite=suite, info={**graph.info, "cases": len(cases)})
    rows = {row["key"]: row for row in (_case_row(c) for c in cases)}
    old = {row["key"]: row["p"] for row in store.query(_STORED_CASES, suite=suite)}
    list(store.write_rows(_DELETE_CASES, [k for k in old if k not in rows], _BATCH))
    new = [r for k, r in rows.items() if k not in old]
    list(store.write_rows(_NEW_CASES, new, _BATCH, suite=suite))
    list(store.write_rows(_UPDATE_CASES, [r for k, r in rows.items() if k in old and old[k] != r], _BATCH))
    links = [
        {"key": c.key, "entity": entity, "role": role}
        for c in cases
        if c.key not in old
        for entity, role in c.asks_about
    ]
    list(store.write_rows(_ASKS_ABOUT, links, _BATCH))
    store.query("MATCH (s:Suite {id: $suite}) SET s.digest = $digest", suite=suite, digest=graph.digest)
    return GraphReport(len(derived) - len(stored), len(derived), len(new), len(rows))


def _derived_row(d: DerivedStatement) -> dict[str, Any]:
    return {
        "s": d.subject,
        "o": d.object,
        "p": {
            "id": d.id,
            "property": d.property,
            "holds": d.holds,
            "rule": d.rule,
            "text": d.text,
            "conclusion": d.conclusion,
            "proof": d.proof,
            "assumption": d.assumption,
        },
    }


def _case_row(c: CaseNode) -> dict[str, Any]:
    row: dict[str, Any] = {
        "key": c.key,
        "id": c.id,
        "suite": c.suite,
        "kind": c.kind,
        "rule": c.rule,
        "domain": c.domain,
        "question": c.question,
        "expected": c.expected,
        "variant": c.variant,
    }
    if c.facts:  # no empty lists: absent reads back as null on every engine
        row["facts"] = list(c.facts)
    if c.entities:
        row["entities"] = list(c.entities)
    if c.derived is not None:
        row["derived"] = c.derived
    return row
