"""The graph-store contract: what kgtest relies on, checked on every engine.

Runs on the embedded ArcadeDB always, and on a real Neo4j when NEO4J_URI is set. Every
Cypher feature kgtest uses has a test here, so an engine that drifts fails loudly.
"""

from __future__ import annotations

import pytest

from kgtest.core.errors import StoreError
from kgtest.kg.store import GraphStore

AWKWARD = [
    "d'Anthès",
    'say "hi"',
    "back\\slash",
    "line\nbreak",
    "emoji 🦉",
    "ünïcödé 東京",
    "x" * 10_000,
    "') :- halt.",
    "MATCH (n) DETACH DELETE n",
    "",
]


def test_parameters_round_trip_unchanged(any_store: GraphStore) -> None:
    for text in AWKWARD:
        rows = any_store.query("RETURN $v AS v, size($v) AS n", v=text)
        assert rows == [{"v": text, "n": len(text)}]
    rows = any_store.query(
        "RETURN $i AS i, $l AS l, $n AS n, $neg AS neg", i=2**40, l=[1, 2, 3], n=None, neg=-43
    )
    assert rows == [{"i": 2**40, "l": [1, 2, 3], "n": None, "neg": -43}]


def test_unwind_batch_with_large_payload(any_store: GraphStore) -> None:
    rows = [{"id": f"c{i}", "text": AWKWARD[i % len(AWKWARD)]} for i in range(2_000)]
    any_store.query("UNWIND $rows AS r CREATE (n:ContractTest) SET n = r", rows=rows)
    back = any_store.query("MATCH (n:ContractTest) RETURN n.id AS id, n.text AS text ORDER BY n.id")
    assert {(r["id"], r["text"]) for r in back} == {(r["id"], r["text"]) for r in rows}


def test_values_are_data_never_code(any_store: GraphStore) -> None:
    any_store.query("CREATE (n:ContractTest {id: 'keep'})")
    any_store.query("CREATE (n:ContractTest {id: $id})", id="x'}) WITH 1 AS x MATCH (m) DETACH DELETE m //")
    assert len(any_store.query("MATCH (n:ContractTest) RETURN n.id AS id")) == 2


def test_merge_is_idempotent(any_store: GraphStore) -> None:
    for _ in range(3):
        any_store.query("UNWIND $ids AS i MERGE (n:ContractTest {id: i})", ids=["a", "b", "a"])
    assert any_store.query("MATCH (n:ContractTest) RETURN count(n) AS c") == [{"c": 2}]


def test_relationships_properties_and_keyset_paging(any_store: GraphStore) -> None:
    rows = [
        {"s": f"e{i}", "o": f"e{i + 1}", "p": {"id": f"f{i:03d}", "start_year": 1800 + i}} for i in range(50)
    ]
    any_store.query("UNWIND range(0, 50) AS i CREATE (:ContractTest {id: 'e' + toString(i)})")
    any_store.query(
        "UNWIND $rows AS r MATCH (a:ContractTest {id: r.s}) MATCH (b:ContractTest {id: r.o}) "
        "CREATE (a)-[f:CT_REL]->(b) SET f = r.p",
        rows=rows,
    )
    seen: list[str] = []
    after = ""
    while True:
        page = any_store.query(
            "MATCH (:ContractTest)-[f:CT_REL]->(:ContractTest) WHERE f.id > $after "
            "RETURN f.id AS id, properties(f) AS p ORDER BY f.id LIMIT 7",
            after=after,
        )
        seen += [r["id"] for r in page]
        if len(page) < 7:
            break
        after = page[-1]["id"]
    assert seen == [f"f{i:03d}" for i in range(50)]
    path = any_store.query(
        "MATCH p = (a:ContractTest {id: 'e0'})-[:CT_REL*1..3]->(b:ContractTest {id: 'e3'}) "
        "RETURN length(p) AS n"
    )
    assert path == [{"n": 3}]


def test_aggregates_case_and_coalesce(any_store: GraphStore) -> None:
    any_store.query(
        "UNWIND $rows AS r CREATE (n:ContractTest) SET n = r",
        rows=[{"id": "a", "d": "x", "y": 1}, {"id": "b", "d": "x"}, {"id": "c", "d": "y", "y": 3}],
    )
    rows = any_store.query(
        "MATCH (n:ContractTest) WITH n.d AS d, n RETURN d, count(n) AS c, "
        "sum(CASE WHEN n.y IS NULL THEN 0 ELSE 1 END) AS dated, collect(coalesce(n.y, -1)) AS ys ORDER BY d"
    )
    assert [(r["d"], r["c"], r["dated"], sorted(r["ys"])) for r in rows] == [
        ("x", 2, 1, [-1, 1]),
        ("y", 1, 1, [3]),
    ]


def test_set_plus_equals_keeps_other_properties(any_store: GraphStore) -> None:
    any_store.query("CREATE (n:ContractTest {id: 'a', label: 'old', year: 1812})")
    any_store.query("MATCH (n:ContractTest {id: $id}) SET n += $p", id="a", p={"label": "new"})
    assert any_store.query("MATCH (n:ContractTest) RETURN n.label AS l, n.year AS y") == [
        {"l": "new", "y": 1812}
    ]


def test_transaction_rolls_back_on_error(any_store: GraphStore) -> None:
    with pytest.raises(RuntimeError), any_store.transaction() as tx:
        tx.run("CREATE (n:ContractTest {id: $id})", id="ghost")
        assert tx.run("MATCH (n:ContractTest {id: 'ghost'}) RETURN count(n) AS c") == [{"c": 1}]
        raise RuntimeError("abort")
    assert any_store.query("MATCH (n:ContractTest) RETURN count(n) AS c") == [{"c": 0}]
    with any_store.transaction() as tx:
        tx.run("CREATE (n:ContractTest {id: $id})", id="kept")
    assert any_store.query("MATCH (n:ContractTest) RETURN n.id AS id") == [{"id": "kept"}]


def test_unique_constraint_is_enforced(any_store: GraphStore) -> None:
    any_store.query("CREATE CONSTRAINT ct_id IF NOT EXISTS FOR (n:ContractTest) REQUIRE n.id IS UNIQUE")
    any_store.query("CREATE CONSTRAINT ct_id IF NOT EXISTS FOR (n:ContractTest) REQUIRE n.id IS UNIQUE")
    any_store.query("CREATE (n:ContractTest {id: 'one'})")
    with pytest.raises(StoreError, match=r"(?i)constraint|unique|duplicat"):
        any_store.query("CREATE (n:ContractTest {id: 'one'})")


def test_syntax_errors_become_store_errors(any_store: GraphStore) -> None:
    with pytest.raises(StoreError, match="query: MATCH"):
        any_store.query("MATCH (n RETURN n")


def test_in_list_filter_and_properties(any_store: GraphStore) -> None:
    any_store.query("UNWIND range(1, 20) AS i CREATE (:ContractTest {id: 'n' + toString(i), types: ['Q5']})")
    rows = any_store.query(
        "MATCH (n:ContractTest) WHERE n.id IN $ids RETURN properties(n) AS p ORDER BY n.id",
        ids=["n3", "n7", "nope"],
    )
    assert [r["p"]["id"] for r in rows] == ["n3", "n7"]
    assert rows[0]["p"]["types"] == ["Q5"]


def test_remove_and_delete_relationships_found_by_an_indexed_property(any_store: GraphStore) -> None:
    any_store.query("CREATE INDEX ct_rel_id IF NOT EXISTS FOR ()-[f:CT_REL]-() ON (f.id)")
    any_store.query(
        "CREATE (a:ContractTest {id: 'a', pending: 'x,y'})-[:CT_REL {id: 'f1'}]->(b:ContractTest {id: 'b'}), "
        "(a)-[:CT_REL {id: 'f2'}]->(b), (b)-[:CT_REL {id: 'f3'}]->(a)"
    )
    any_store.query("MATCH ()-[f:CT_REL]->() WHERE f.id IN $ids DELETE f", ids=["f1", "f3", "nope"])
    assert any_store.query("MATCH (:ContractTest)-[f:CT_REL]->() RETURN f.id AS id") == [{"id": "f2"}]
    assert any_store.query("MATCH (:ContractTest)<-[f:CT_REL]-() RETURN f.id AS id") == [{"id": "f2"}]
    any_store.query("MATCH (n:ContractTest {id: 'a'}) REMOVE n.pending")
    assert any_store.query("MATCH (n:ContractTest {id: 'a'}) RETURN properties(n) AS p") == [
        {"p": {"id": "a"}}
    ]
