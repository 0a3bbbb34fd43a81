"""The whole pipeline through the command line: build-kb, gen, run, judge, report, inspect."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from kgtest.core.settings import load_settings
from kgtest.kg.store import GraphStore

from .test_cli import run


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ws = tmp_path_factory.mktemp("pipeline")
    assert run("--workspace", str(ws), "build-kb", "example", "--quiet")[0] == 0
    code, _, err = run("--workspace", str(ws), "gen", "--count", "30", "--mtl-depth", "1",
                         "--temporal-count", "10", "--seed", "3", "--quiet")  # fmt: skip
    assert code == 0, err
    return ws


def _run_bot(ws: Path, lie: str) -> str:
    suite = ws / "suites" / "suite.jsonl"
    spec = f"plugin:tests.cli.suite_bots:Witness?lie={lie}&suite={suite}"
    code, out, err = run("--workspace", str(ws), "run", str(suite), "--sut", spec)
    assert code == 0, err
    run_id = out.split("run ")[1].split(":")[0]
    code, out, err = run("--workspace", str(ws), "judge", run_id, "--quiet")
    assert code == 0, err
    assert "40 replies written, 40 linked to their test cases" in err
    return run_id


def test_truth_and_lies_are_told_apart(workspace: Path) -> None:
    honest, liar = _run_bot(workspace, "0"), _run_bot(workspace, "1")
    code, out, err = run("--workspace", str(workspace), "report", honest, liar)
    assert code == 0, err
    report = json.loads((workspace / "report" / "report.json").read_text())
    (honest_sut,) = [s for s in report["suts"] if "lie=0" in s]
    (liar_sut,) = [s for s in report["suts"] if "lie=1" in s]
    assert report["overall"][liar_sut]["hallucination_rate"] == 1.0
    # The honest bot words facts as the catalog does; a couple of wordings ("has as capital") still
    # escape the extractor, which is the oracle's documented limit, not a wrong ground truth.
    assert report["overall"][honest_sut]["hallucination_rate"] <= 0.1
    assert report["overall"][honest_sut]["abstained"] == 0
    page = (workspace / "report" / "report.html").read_text()
    assert page.count("<svg") == 4 and html.escape(liar_sut) in page

    failing = next(f for f in report["failures"] if f["sut"] == liar_sut)
    code, out, err = run("--workspace", str(workspace), "inspect", failing["case_id"][:10])
    assert code == 0, err
    assert failing["question"] in out and "proof:" in out and "erroneous" in out


def test_replies_and_verdicts_are_in_the_graph(workspace: Path, store: GraphStore) -> None:
    del store  # the session database must not hold the workspace's files; this test opens its own
    from kgtest.kg.store import open_store

    _run_bot(workspace, "1")
    with open_store(load_settings(workspace, env={})) as graph:
        rows = graph.query(
            "MATCH (r:Reply {hallucination: true})-[:ANSWERS]->(t:TestCase)-[:ASKS_ABOUT]->(e:Entity) "
            "RETURN count(DISTINCT r) AS replies, count(DISTINCT e) AS entities"
        )
        claims = graph.query("MATCH (:Reply)-[:CLAIMS]->(c:Claim) RETURN count(c) AS n")
    assert rows[0]["replies"] >= 30 and rows[0]["entities"] > 10
    assert claims[0]["n"] > 0


def test_judge_explains_what_is_missing(tmp_path: Path) -> None:
    code, _, err = run("--workspace", str(tmp_path), "judge")
    assert code == 7 and "no runs in" in err and "kgtest run SUITE --sut SPEC" in err
