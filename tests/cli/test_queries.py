"""The Cypher in docs/queries.md runs and answers, on a judged workspace."""

from __future__ import annotations

import re
from pathlib import Path

from kgtest.core.settings import load_settings
from kgtest.generator.case import read_suite
from kgtest.kg.store import open_store

from .test_cli import run
from .test_pipeline import _run_bot, workspace  # noqa: F401  (module fixture)

ECHO = "plugin:tests.runner.chatters:Echo"
DOC = Path(__file__).resolve().parents[2] / "docs" / "queries.md"


def test_documented_queries_answer(workspace: Path) -> None:  # noqa: F811
    _run_bot(workspace, "1")
    _run_bot(workspace, "1", "--max-tokens", "100")  # the same system again: a second run of it
    queries = re.findall(r"```cypher\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(queries) == 8
    code, _, err = run("--workspace", str(workspace), "gen", "--dialogues", "5", "--seed", "1",
                       "--out", str(workspace / "suites" / "dialogues.jsonl"), "--quiet")  # fmt: skip
    assert code == 0, err
    code, _, err = run("--workspace", str(workspace), "converse", "--sut", ECHO, "--tests", "I1,I1,I1",
                       "--turns", "12", "--quiet")  # fmt: skip
    assert code == 0, err
    dialogues = workspace / "suites" / "dialogues.jsonl"
    bot = f"plugin:tests.runner.dialogue_bots:Alternating?suite={dialogues}"
    code, out, err = run("--workspace", str(workspace), "dialogue", str(dialogues), "--sut", bot,
                         "--baselines", "none", "--quiet")  # fmt: skip
    assert code == 0, err
    conflicts_run = re.search(r"^run (\w+) \(", out, re.M)
    assert conflicts_run is not None and "sides linked to test cases" in err
    with open_store(load_settings(workspace, env={})) as graph:
        failure = graph.query(
            "MATCH (r:Reply {hallucination: true})-[:ANSWERS]->(t:TestCase)-[:ASKS_ABOUT]->(e:Entity) "
            "RETURN r.system AS system, t.domain AS domain, t.id AS case, e.label AS label LIMIT 1"
        )[0]
        params = {"system": failure["system"], "domain": failure["domain"], "case": failure["case"],
                  "label": failure["label"]}  # fmt: skip
        failures, rates, case, derived = (graph.query(q, **params) for q in queries[:4])
        turn = graph.query(
            "MATCH (t:TestCase)-[x:TURN {answerable: false}]->(:Round) MATCH (t)-[p:PERTURBS]->(d:Dialogue) "
            "RETURN p.name AS name, d.id AS dialogue, x.position AS position LIMIT 1"
        )[0]
        shown, why = graph.query(queries[4], **turn), graph.query(queries[5], **turn)
        forgot = graph.query(queries[6], system=ECHO, test="I1")
        conflicts = graph.query(queries[7], run=conflicts_run[1])
        answers = graph.query(
            "MATCH (:Conflict {run: $run})-[o:ON]->() RETURN o.answer AS answer", run=conflicts_run[1]
        )
    assert failures and all("correct" not in row["outcomes"] for row in failures)
    # one row per case, its two runs in it (issue 41: a row per run and case before)
    assert len({row["case"] for row in failures}) == len(failures)
    assert all(len(row["runs"]) == 2 for row in failures)
    assert any(row["hallucinated"] > 0 for row in rates)
    assert len({(row["system"], row["run"], row["domain"]) for row in rates}) == len(rates)
    assert case and case[0]["t"] is not None and any(row["cl"] is not None for row in case)
    assert isinstance(derived, list)
    assert {row["r"]["number"] for row in shown} >= {1, 2, 3} and any(row["x"] is not None for row in shown)
    assert len(why) == 1 and why[0]["answerable"] is False and why[0]["expected"] == ["Unknown"]
    assert why[0]["missing"] and why[0]["proof"].startswith('{"answerable": false')
    assert forgot and all(row["expected"] and row["asked"] in row["reply"] for row in forgot)  # echoed
    assert all(row["told_in"] < row["round"] and row["needed"].startswith("partner | ") for row in forgot)
    assert {row["c"]["relation"] for row in conflicts} == {"MR1", "MR2", "MR3"}
    assert all(
        row["r"] is not None and row["d"] is not None and row["t"]["kind"] == "dialogue" for row in conflicts
    )
    assert all(row["answer"] for row in answers)


def test_one_case_follows_the_proof_through_its_middle_steps(workspace: Path) -> None:  # noqa: F811
    """A transitive case A -> B -> C: the documented query shows both facts and B, and no other fact."""
    query = re.findall(r"```cypher\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)[2]
    ids_only = query[: query.rindex("RETURN")] + "RETURN DISTINCT f.id AS fact, e.id AS e, x.id AS x"
    chained = [
        c
        for c in read_suite(workspace / "suites" / "suite.jsonl")
        if c.rule == "transitive" and len({e.fact_id for e in c.evidence if e.fact_id}) >= 2
    ]
    assert chained, "the fixture suite should hold a transitive case of two facts or more"
    with open_store(load_settings(workspace, env={})) as graph:
        for case in chained:
            rows = [r for r in graph.query(ids_only, case=case.id) if r["fact"] is not None]
            assert {r["fact"] for r in rows} == {e.fact_id for e in case.evidence if e.fact_id}
            middle = {e.object for e in case.evidence} & {e.subject for e in case.evidence}
            assert middle and middle <= {r["e"] for r in rows} & {r["x"] for r in rows}
