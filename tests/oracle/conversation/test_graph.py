"""A judged battery in the graph store, in the dialogue model: failures are drawn with what they needed."""

from __future__ import annotations

import json
from pathlib import Path

from kgtest.core.records import to_plain
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.generator.conversation.script_records import Script, TestCode
from kgtest.kg.dialogue_graph import write_dialogue_graph
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.store import GraphStore
from kgtest.oracle.conversation.audit import Auditor, BatteryResult
from kgtest.oracle.conversation.graph import battery_graph
from kgtest.oracle.conversation.verdicts import BatteryJudge
from kgtest.oracle.embeddings import Embedder
from kgtest.runner.conversation import ChatRecord, ConverseSettings
from tests.generator.conversation.kb import battery_view
from tests.oracle.conversation.hold import hold

VIEW = battery_view()
TURNS = 12


def _hold(
    folder: Path,
    embedder: Embedder,
    extractor: SpacyExtractor,
    bot: str,
    scripts: list[Script],
    **params: str,
) -> tuple[list[ChatRecord], BatteryResult]:
    path = folder / f"scripts-{bot}.json"
    path.write_text(json.dumps(to_plain(scripts)), encoding="utf-8")
    query = "&".join(f"{k}={v}" for k, v in {"scripts": str(path), **params}.items())
    spec = f"plugin:tests.oracle.conversation.bots:{bot}?{query}"
    records = hold(scripts, spec, ConverseSettings(turns=TURNS), folder / "cache.sqlite")
    return records, Auditor(BatteryJudge(embedder=embedder), extractor, VIEW).audit(records)


def test_a_forgotten_fact_is_drawn_from_the_round_that_asked_to_the_round_that_told(
    store: GraphStore, tmp_path: Path, embedder: Embedder, extractor: SpacyExtractor
) -> None:
    scripts = build_scripts(VIEW, 4, 2, TURNS, ScriptSettings(tests=(TestCode.I1,) * 3, max_distance=8))
    records, result = _hold(tmp_path, embedder, extractor, "Forgetful", scripts, after="3")
    report = write_dialogue_graph(store, battery_graph("b1", records, result))
    assert (report.dialogues, report.rounds) == (2, 2 * TURNS)
    rows = store.query(
        "MATCH (b:Battery {id: 'b1'})-[:HOLDS]->(d:Dialogue)-[:HAS_ROUND]->(r:Round {test: 'I1'}) "
        "MATCH (r)-[n:NEEDS]->(s:Statement)<-[:STATES {by: 'partner'}]-(told:Round) "
        "RETURN d.run AS run, r.number AS round, r.failed AS failed, r.passed AS passed, "
        "n.distance AS distance, told.number AS told, s.text AS fact, r.answer AS answer "
        "ORDER BY run, round"
    )
    memory = {
        (r.run, v.turn): v
        for r in records
        for v in result.verdicts
        if v.conversation == r.id and v.code is TestCode.I1
    }
    assert sorted((row["run"], row["round"]) for row in rows) == sorted(memory)
    assert {row["distance"] > 3 for row in rows} == {True, False}, "distances on both sides of N"
    for row in rows:
        forgot = row["distance"] > 3
        assert ("I1" in (row["failed"] or [])) is forgot and ("I1" in (row["passed"] or [])) is not forgot
        assert row["round"] - row["told"] == row["distance"] == memory[(row["run"], row["round"])].distance
        test = scripts[row["run"]].test(memory[(row["run"], row["round"])].test)
        assert row["fact"] == f"partner | {test.slot} | {test.value_label}"
        assert row["answer"] == list(test.expected)
    concepts = store.query("MATCH (c:Concept {kind: 'speaker'}) RETURN count(c) AS n")
    assert concepts == [{"n": 2}]

    again = write_dialogue_graph(store, battery_graph("b1", records, result))
    assert again.links == report.links
    count = "MATCH (n) WHERE n.suite = 'b1' RETURN count(n) AS n"
    assert store.query(count) == [{"n": len(battery_graph("b1", records, result).nodes)}]


def test_a_false_claim_is_a_statement_the_kb_contradicts(
    store: GraphStore, tmp_path: Path, embedder: Embedder, extractor: SpacyExtractor
) -> None:
    scripts = build_scripts(VIEW, 21, 1, TURNS, ScriptSettings())
    records, result = _hold(tmp_path, embedder, extractor, "WrongClaim", scripts, at="5")
    write_dialogue_graph(store, battery_graph("b2", records, result))
    rows = store.query(
        "MATCH (r:Round)-[c:STATES {by: 'sut'}]->(s:Statement) WHERE c.check = 'contradicted' "
        "RETURN r.number AS round, s.text AS claim, c.correctness AS correctness, c.weight AS weight"
    )
    assert [(row["round"], row["claim"], row["correctness"]) for row in rows] == [
        (5, "Charles Dickens | was born in | London", 0.0)
    ]
    assert rows[0]["weight"] == round(1 - 4 / (TURNS + 1), 6)
    # The bot's true claim is the partner's (round 1 told it): written, marked, never scored.
    repeated = store.query(
        "MATCH (r:Round)-[c:STATES {by: 'sut'}]->(s:Statement)-[:SUBJECT]->(x:Concept) "
        "WHERE c.repeated IS NOT NULL "
        "RETURN DISTINCT s.text AS claim, x.kb_id AS subject, c.repeated AS repeated, c.correctness AS scored"
    )
    assert {(row["claim"], row["subject"], row["repeated"], row["scored"]) for row in repeated} >= {
        ("Marie Curie | was citizen of | France", "Q7186", "the partner's line of round 1", None)
    }
