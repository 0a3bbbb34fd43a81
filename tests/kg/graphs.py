"""A knowledge graph read back in full, typed, from every side: what two loads must agree on."""

from __future__ import annotations

from typing import Any

from kgtest.kg.store import GraphStore


def typed(value: Any) -> Any:
    """The value with its Python type, so 1871 and 1871.0 or ["a"] and "a" never compare equal."""
    if isinstance(value, dict):
        return {k: typed(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    return (type(value).__name__, value)


def graph(store: GraphStore, fact_ids: list[str]) -> dict[str, Any]:
    """Entities and facts as traversals see them from both ends, and as the fact-id index does.

    The index lookup also finds FACT records that no traversal reaches (left by a killed ingest).
    """
    q = store.query
    return {
        "nodes": [typed(r) for r in q("MATCH (e:Entity) RETURN properties(e) AS p ORDER BY e.id")],
        "out": [
            typed(r)
            for r in q(
                "MATCH (a:Entity)-[f:FACT]->(b) RETURN a.id AS s, b.id AS o, properties(f) AS p ORDER BY f.id"
            )
        ],
        "in": q("MATCH (b:Entity)<-[f:FACT]-(a) RETURN b.id AS o, f.id AS fid ORDER BY fid"),
        "degrees": q(
            "MATCH (e:Entity) OPTIONAL MATCH (e)-[o:FACT]->() WITH e, count(o) AS outs "
            "OPTIONAL MATCH (e)<-[i:FACT]-() RETURN e.id AS id, outs, count(i) AS ins ORDER BY e.id"
        ),
        "indexed": q(
            "MATCH ()-[f:FACT]->() WHERE f.id IN $ids RETURN f.id AS id ORDER BY f.id", ids=sorted(fact_ids)
        ),
    }
