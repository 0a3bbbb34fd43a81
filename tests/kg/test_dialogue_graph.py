"""Dialogue graphs in the embedded store: what a suite writes, rewritten in place, skipped when unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.core.settings import Settings
from kgtest.generator.dialogue.generate import generate_dialogues
from kgtest.generator.dialogue.graph import dialogue_graph
from kgtest.generator.dialogue.request import DialogueRequest, read_sources
from kgtest.generator.suite_nodes import write_suite_graph
from kgtest.kg.dialogue_graph import Link, Node, SuiteDialogueGraph, write_dialogue_graph
from kgtest.kg.store import GraphStore

from ..generator.dialogue.coqa_fixture import STORIES, coqa_file
from ..generator.kb_fixture import family_view, load_family_and_places


def test_a_suite_writes_its_dialogues_once_and_rewrites_them_in_place(
    store: GraphStore, embedded_settings: Settings, tmp_path: Path
) -> None:
    load_family_and_places(store, embedded_settings, tmp_path)
    view = family_view(tmp_path)
    request = DialogueRequest(count=2, files=(coqa_file(tmp_path / "s.json", STORIES[:2]),), seed=3)
    cases = generate_dialogues(request, read_sources(request), view).cases
    write_suite_graph(store, "s1", cases, {"path": "s1.jsonl"})
    report = write_dialogue_graph(store, dialogue_graph("s1", cases, "d1"))
    assert (report.dialogues, report.skipped) == (4, False)

    def count(cypher: str) -> int:
        return int(store.query(cypher)[0]["n"])

    assert (
        count("MATCH (d:Dialogue {suite: 's1'})-[:HAS_ROUND]->(r:Round) RETURN count(r) AS n")
        == report.rounds
    )
    assert count("MATCH (:TestCase)-[t:TURN]->(:Round) RETURN count(t) AS n") == sum(
        len(c.dialogue.turns) for c in cases if c.dialogue is not None
    )
    assert count("MATCH (:TestCase)-[p:PERTURBS]->(:Dialogue) RETURN count(p) AS n") == len(cases)
    linked = "MATCH (:Concept)-[:SAME_AS]->(e:Entity) RETURN count(DISTINCT e) AS n"
    assert count(linked) >= 2, "KB dialogues' concepts are the KB's entities"
    story = store.query(
        "MATCH (:Dialogue {id: 'coqa-anna-bakery'})-[c:CALLS]->(x:Concept) "
        "RETURN c.pronoun AS p, x.concept AS k"
    )
    assert {(r["p"], r["k"]) for r in story} >= {("she", "anna")}
    unanswerable = store.query(
        "MATCH (:TestCase)-[t:TURN {answerable: false}]->(:Round) "
        "RETURN t.missing AS missing, t.proof AS proof"
    )
    assert unanswerable and all(r["missing"] and '"answerable": false' in r["proof"] for r in unanswerable)

    again = write_dialogue_graph(store, dialogue_graph("s1", cases, "d1"))
    assert again.skipped
    write_dialogue_graph(store, dialogue_graph("s1", cases[:6], "d2"))
    assert count("MATCH (d:Dialogue {suite: 's1'}) RETURN count(d) AS n") == 1
    assert count("MATCH (:TestCase)-[p:PERTURBS]->(:Dialogue) RETURN count(p) AS n") == 6


def test_only_the_dialogue_model_is_written(store: GraphStore) -> None:
    with pytest.raises(ValueError, match="node label 'Person'"):
        write_dialogue_graph(store, SuiteDialogueGraph("s", (Node("Person", "k"),), ()))
    with pytest.raises(ValueError, match="link KNOWS"):
        write_dialogue_graph(
            store, SuiteDialogueGraph("s", (), (Link("KNOWS", ("Round", "a"), ("Round", "b")),))
        )
