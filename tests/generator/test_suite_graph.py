"""Suites in the graph store: derived statements with their proofs, test cases linked to entities."""

from __future__ import annotations

import json

from kgtest.generator.suite import SuiteRequest, generate_suite
from kgtest.generator.suite_nodes import derived_id, write_suite_graph
from kgtest.kg.store import GraphStore

from .conftest import Kb


def _count(store: GraphStore, cypher: str, **params: object) -> int:
    return int(store.query(cypher, **params)[0]["n"])


def test_writing_a_suite_is_idempotent_and_a_rewrite_replaces_it(family: Kb, store: GraphStore) -> None:
    view, reasoner = family
    request = SuiteRequest(
        kinds=("inverse", "transitive", "negation"), count=30, seed=2, mtl_depth=1, temporal_count=4
    )
    cases = generate_suite(view, reasoner, request).cases
    first = write_suite_graph(store, "demo", cases, {"seed": 2})
    derived = {
        c.id for c in cases if c.kind == "fact" and c.rule != "ground"
    }  # a near miss's partner is a KB fact
    assert first.cases_new == first.cases_total == len(
        cases
    ) and first.derived_new == first.derived_total == len(derived)
    again = write_suite_graph(store, "demo", cases, {"seed": 2})
    assert (again.cases_new, again.derived_new) == (0, 0)
    assert _count(store, "MATCH (t:TestCase {suite: 'demo'}) RETURN count(t) AS n") == len(cases)
    assert _count(store, "MATCH ()-[d:DERIVED]->() RETURN count(d) AS n") == len(derived)
    assert _count(store, "MATCH (:TestCase)-[:IN_SUITE]->(:Suite {id: 'demo'}) RETURN count(*) AS n") == len(
        cases
    )
    fact_cases = [c for c in cases if c.kind == "fact"]
    assert _count(
        store, "MATCH (:TestCase)-[a:ASKS_ABOUT]->(:Entity) WHERE a.role <> 'event' RETURN count(a) AS n"
    ) == (2 * len(fact_cases))
    assert (
        _count(
            store, "MATCH (:TestCase {rule: 'mtl'})-[:ASKS_ABOUT {role: 'event'}]->() RETURN count(*) AS n"
        )
        > 0
    )

    case = next(c for c in fact_cases if not c.meta.holds)
    s, p, o = case.meta.statement
    row = store.query(
        "MATCH (a:Entity {id: $s})-[d:DERIVED {id: $id}]->(b:Entity {id: $o}) "
        "RETURN d.property AS p, d.holds AS holds, d.rule AS rule, d.proof AS proof, d.assumption AS why",
        s=s,
        o=o,
        id=derived_id((s, p, o), False),
    )
    assert case.proof is not None
    assert row == [
        {
            "p": p,
            "holds": False,
            "rule": case.proof.rule,
            "proof": row[0]["proof"],
            "why": case.proof.assumption,
        }
    ]
    assert json.loads(row[0]["proof"])["conclusion"] == case.proof.conclusion
    linked = store.query(
        "MATCH (t:TestCase {id: $id})-[:ASKS_ABOUT]->(e:Entity) RETURN e.id AS e ORDER BY e", id=case.id
    )
    assert [r["e"] for r in linked] == sorted({s, o})

    write_suite_graph(store, "demo", cases, {"seed": 2}, digest="d1")
    store.query("MATCH (t:TestCase {id: $id}) DETACH DELETE t", id=cases[0].id)
    assert write_suite_graph(store, "demo", cases, {"seed": 2}, digest="d1").cases_new == 0, (
        "digest: complete"
    )
    assert write_suite_graph(store, "demo", cases, {"seed": 2}, digest="d2").cases_new == 1, (
        "new digest: compared"
    )

    fewer = cases[:5]
    write_suite_graph(store, "demo", fewer, {"seed": 2})
    assert _count(store, "MATCH (t:TestCase {suite: 'demo'}) RETURN count(t) AS n") == 5
    write_suite_graph(store, "other", fewer, {"seed": 2})
    assert _count(store, "MATCH (t:TestCase) RETURN count(t) AS n") == 10, "suites do not share test cases"
