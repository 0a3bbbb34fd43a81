"""The graph model's Cypher: constraints, indexes and the shape of nodes and relationships.

docs/graph-model.md draws it. Every statement here runs unchanged on Neo4j 5 and on the
embedded ArcadeDB (docs/cypher-subset.md lists what to avoid).
"""

from __future__ import annotations

import weakref

from kgtest.kg.store import GraphStore

SCHEMA = (
    "CREATE CONSTRAINT kg_entity_id IF NOT EXISTS FOR (e:Entity) REQUIRE e.id IS UNIQUE",
    "CREATE CONSTRAINT kg_relation_id IF NOT EXISTS FOR (r:Relation) REQUIRE r.id IS UNIQUE",
    "CREATE CONSTRAINT kg_build_id IF NOT EXISTS FOR (b:KbBuild) REQUIRE b.id IS UNIQUE",
    "CREATE INDEX kg_fact_id IF NOT EXISTS FOR ()-[f:FACT]-() ON (f.id)",
    "CREATE INDEX kg_entity_domain IF NOT EXISTS FOR (e:Entity) ON (e.domain)",
    "CREATE INDEX kg_reply_id IF NOT EXISTS FOR (r:Reply) ON (r.id)",
    # written by `kgtest gen` (kg/suite_graph.py)
    "CREATE INDEX kg_derived_id IF NOT EXISTS FOR ()-[d:DERIVED]-() ON (d.id)",
    "CREATE CONSTRAINT kg_testcase_key IF NOT EXISTS FOR (t:TestCase) REQUIRE t.key IS UNIQUE",
    "CREATE CONSTRAINT kg_suite_id IF NOT EXISTS FOR (s:Suite) REQUIRE s.id IS UNIQUE",
    "CREATE INDEX kg_testcase_suite IF NOT EXISTS FOR (t:TestCase) ON (t.suite)",
    # dialogue graphs, written by `kgtest gen --dialogues ...` and `kgtest converse` (kg/dialogue_graph.py)
    *(
        statement
        for label in ("Dialogue", "Round", "Concept", "Statement", "Battery")
        for statement in (
            f"CREATE CONSTRAINT kg_{label.lower()}_key IF NOT EXISTS FOR (n:{label}) REQUIRE n.key IS UNIQUE",
            f"CREATE INDEX kg_{label.lower()}_suite IF NOT EXISTS FOR (n:{label}) ON (n.suite)",
        )
    ),
    "CREATE INDEX kg_dialogue_id IF NOT EXISTS FOR (d:Dialogue) ON (d.id)",
    # conflicting dialogue rounds, written by `kgtest dialogue` (kg/conflict_graph.py)
    "CREATE CONSTRAINT kg_conflict_key IF NOT EXISTS FOR (c:Conflict) REQUIRE c.key IS UNIQUE",
    "CREATE INDEX kg_conflict_run IF NOT EXISTS FOR (c:Conflict) ON (c.run)",
)

# Every node label kgtest writes; tests against a user's Neo4j delete only these.
KGTEST_LABELS = (
    "Entity",
    "Relation",
    "KbBuild",
    "TestCase",
    "Suite",
    "Reply",
    "Claim",
    "Dialogue",
    "Round",
    "Concept",
    "Statement",
    "Battery",
    "Conflict",
)

ENTITY = "Entity"

# Facts are one relationship type with the property id as a value, so queries never splice
# a relationship type into Cypher text.
FACT = "FACT"


_ENSURED: weakref.WeakSet[GraphStore] = weakref.WeakSet()
"""Stores this process has run SCHEMA on: build-kb reached it twice (0.3-0.5 s each, cold)."""


def ensure_schema(store: GraphStore) -> None:
    if store in _ENSURED:
        return  # nothing kgtest runs drops a constraint or an index
    for statement in SCHEMA:
        store.query(statement)
    _ENSURED.add(store)
