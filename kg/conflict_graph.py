"""Conflicting dialogue rounds in the graph store, linked to their test cases and seed round.

    (:Conflict {key, run, system, relation, mss, semantic, exact, f1, severe})
        -[:ON {side, position, variant, question, answer, answerable}]->(:TestCase)
    (:Conflict)-[:ABOUT]->(:Round)        (the seed dialogue's round both sides ask)

A run's conflicts replace what the run had. Test cases and rounds are found by key
(``<suite>#<case id>``, ``<suite>#<dialogue>#r<round>``), as `kgtest gen` wrote them; a conflict
whose case is not in the store (a suite generated with --no-graph) is written unlinked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kgtest.kg.schema import ensure_schema
from kgtest.kg.store import GraphStore

_BATCH = 2_000


@dataclass(frozen=True, slots=True)
class ConflictSide:
    case_key: str
    properties: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class ConflictNode:
    key: str
    round_key: str
    properties: Mapping[str, Any]
    """No ``None`` values: they read back as missing on every engine."""
    sides: tuple[ConflictSide, ...]


def write_conflicts(store: GraphStore, run: str, conflicts: Sequence[ConflictNode]) -> int:
    """Replace run ``run``'s conflicts; returns how many sides were linked to a test case."""
    ensure_schema(store)
    store.query("MATCH (c:Conflict {run: $run}) DETACH DELETE c", run=run)
    rows = [{**c.properties, "key": c.key, "run": run} for c in conflicts]
    list(store.write_rows("UNWIND $rows AS r CREATE (c:Conflict) SET c = r", rows, _BATCH))
    about = [{"c": c.key, "r": c.round_key} for c in conflicts]
    list(
        store.write_rows(
            "UNWIND $rows AS x MATCH (c:Conflict {key: x.c}) MATCH (r:Round {key: x.r}) "
            "CREATE (c)-[:ABOUT]->(r)",
            about,
            _BATCH,
        )
    )
    sides = [{"c": c.key, "t": s.case_key, "p": dict(s.properties)} for c in conflicts for s in c.sides]
    list(
        store.write_rows(
            "UNWIND $rows AS x MATCH (c:Conflict {key: x.c}) MATCH (t:TestCase {key: x.t}) "
            "CREATE (c)-[o:ON]->(t) SET o = x.p",
            sides,
            _BATCH,
        )
    )
    linked = store.query("MATCH (c:Conflict {run: $run})-[o:ON]->(:TestCase) RETURN count(o) AS n", run=run)
    return int(linked[0]["n"])
