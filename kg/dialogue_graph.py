"""Dialogues and their round graphs in the graph store, to be drawn in Neo4j Browser.

docs/graph-model.md draws the shape:

    (:Dialogue {key, id, suite, source, title, story})-[:HAS_ROUND {number}]->(:Round {key, number,
        question, answer, rewrite, frame, continues, judged})-[:NEXT]->(:Round)
    (:Round|:Dialogue)-[:STATES]->(:Statement {key, subject, relation, object, text})
    (:Round)-[:NEEDS]->(:Statement)        (:Statement)-[:SUBJECT|OBJECT]->(:Concept)
    (:Round|:Dialogue)-[:NAMES]->(:Concept {key, label, kind, kb_id})-[:SAME_AS]->(:Entity)
    (:Round)-[:INTRODUCES]->(:Concept)     (:Round)-[:REFERS {kind, text, pronoun}]->(:Concept)
    (:Dialogue)-[:CALLS {pronoun}]->(:Concept)                       (the story's pronouns)
    (:TestCase)-[:PERTURBS {name, perturbation, variant}]->(:Dialogue)
    (:TestCase)-[:TURN {position, copy, judged, answerable, checks, expected, missing, proof}]->(:Round)
    (:Battery {key, id, sut, partner, swan})-[:HOLDS {run}]->(:Dialogue)     (kgtest converse)

The generator decides what goes in for dialogue cases (generator/dialogue/graph.py), the
battery's oracle for held conversations (oracle/conversation/graph.py, with a battery id as the
suite); this module only writes it. A dialogue graph belongs to one suite: writing a suite's
dialogues replaces what the suite had, and a digest on the ``Suite`` node, set last, lets an
unchanged suite be skipped (a battery has no ``Suite`` node and is written again). Labels and
relationship types come from the fixed sets below, never from data.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kgtest.kg.schema import ensure_schema
from kgtest.kg.store import GraphStore

_BATCH = 5_000
NODE_LABELS = ("Dialogue", "Round", "Concept", "Statement", "Battery")
LINK_TYPES = (
    "HAS_ROUND",
    "NEXT",
    "STATES",
    "NEEDS",
    "SUBJECT",
    "OBJECT",
    "NAMES",
    "INTRODUCES",
    "REFERS",
    "CALLS",
    "SAME_AS",
    "PERTURBS",
    "TURN",
    "HOLDS",
)
_ENDS = {**{label: "key" for label in (*NODE_LABELS, "TestCase")}, "Entity": "id"}
"""The property each end label is found by."""

_DIGEST = "MATCH (s:Suite {id: $suite}) RETURN s.dialogue_digest AS digest"
_SET_DIGEST = "MATCH (s:Suite {id: $suite}) SET s.dialogue_digest = $digest"


@dataclass(frozen=True, slots=True)
class Node:
    label: str
    """One of ``NODE_LABELS``."""
    key: str
    properties: Mapping[str, Any] = field(default_factory=dict)
    """No ``None`` and no empty lists: both read back as null on every engine."""


@dataclass(frozen=True, slots=True)
class Link:
    type: str
    """One of ``LINK_TYPES``."""
    source: tuple[str, str]
    """(label, key); ``Entity`` ends are found by id."""
    target: tuple[str, str]
    properties: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SuiteDialogueGraph:
    """Everything one suite's dialogues write."""

    suite: str
    nodes: tuple[Node, ...]
    links: tuple[Link, ...]
    digest: str = ""


@dataclass(frozen=True, slots=True)
class DialogueGraphReport:
    dialogues: int
    rounds: int
    links: int
    skipped: bool = False
    """The store already held this suite's dialogues with the same digest."""


def write_dialogue_graph(store: GraphStore, graph: SuiteDialogueGraph) -> DialogueGraphReport:
    """Replace the suite's dialogue graphs with ``graph``; a digest is kept on the suite's ``Suite`` node."""
    _validate(graph)
    count = sum(n.label == "Dialogue" for n in graph.nodes), sum(n.label == "Round" for n in graph.nodes)
    if graph.digest and store.query(_DIGEST, suite=graph.suite) == [{"digest": graph.digest}]:
        return DialogueGraphReport(*count, 0, skipped=True)
    ensure_schema(store)
    store.query(_SET_DIGEST, suite=graph.suite, digest="")
    for label in NODE_LABELS:
        store.query(f"MATCH (n:{label} {{suite: $suite}}) DETACH DELETE n", suite=graph.suite)
    nodes: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for n in graph.nodes:
        nodes[n.label].append({**n.properties, "key": n.key, "suite": graph.suite})
    for label, rows in nodes.items():
        list(store.write_rows(f"UNWIND $rows AS r CREATE (n:{label}) SET n = r", rows, _BATCH))
    links: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for link in graph.links:
        links[(link.type, link.source[0], link.target[0])].append(
            {"s": link.source[1], "t": link.target[1], "p": dict(link.properties)}
        )
    for (kind, a, b), rows in links.items():
        cypher = (
            f"UNWIND $rows AS r MATCH (a:{a} {{{_ENDS[a]}: r.s}}) MATCH (b:{b} {{{_ENDS[b]}: r.t}}) "
            f"CREATE (a)-[x:{kind}]->(b) SET x = r.p"
        )
        list(store.write_rows(cypher, rows, _BATCH))
    store.query(_SET_DIGEST, suite=graph.suite, digest=graph.digest)
    return DialogueGraphReport(*count, len(graph.links))


def _validate(graph: SuiteDialogueGraph) -> None:
    for n in graph.nodes:
        if n.label not in NODE_LABELS:
            raise ValueError(f"node label {n.label!r} is not one of {NODE_LABELS}")
    for link in graph.links:
        if link.type not in LINK_TYPES or link.source[0] not in _ENDS or link.target[0] not in _ENDS:
            raise ValueError(
                f"link {link.type} {link.source[0]}->{link.target[0]} is not in the dialogue model"
            )
