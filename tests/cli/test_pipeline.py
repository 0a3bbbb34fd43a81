"""The whole pipeline through the command line: build-kb, gen, run, judge, report, inspect."""

from __future__ import annotations

import html
import json
import re
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


def _run_bot(ws: Path, lie: str, *flags: str) -> str:
    suite = ws / "suites" / "suite.jsonl"
    spec = f"plugin:tests.cli.suite_bots:Witness?lie={lie}&suite={suite}"
    code, out, err = run("--workspace", str(ws), "run", str(suite), "--sut", spec, *flags)
    assert code == 0, err
    run_id = out.split("run ")[1].split(" ")[0]
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
    # it never says "I don't know"; what it abstains on is a reply the oracle could not read (issue
    # 38: 'unreadable', counted with the abstentions rather than guessed)
    verdicts = (workspace / "runs" / honest / "verdicts.jsonl").read_text(encoding="utf-8").splitlines()
    outcomes = [json.loads(line)["outcome"] for line in verdicts]
    assert not {"idk", "refusal", "ambiguous"} & set(outcomes), outcomes
    assert report["overall"][honest_sut]["abstained"] == outcomes.count("unreadable") <= 1
    page = (workspace / "report" / "report.html").read_text()
    assert page.count("<figure>") == 4 and html.escape(liar_sut) in page

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
    assert code == 7 and "no runs in" in err and f"kgtest --workspace {tmp_path} run SUITE --sut SPEC" in err


def test_gates_for_ci(workspace: Path, tmp_path: Path) -> None:
    """--fail-under and [judge] fail_under decide the exit code; --junit and --json say why."""
    import xml.etree.ElementTree as ET

    honest, liar = _run_bot(workspace, "0"), _run_bot(workspace, "1")
    junit = tmp_path / "reports" / "kgtest.xml"
    code, out, err = run("--workspace", str(workspace), "judge", liar, "--no-graph", "--quiet",
                         "--fail-under", "0.5", "--junit", str(junit), "--json")  # fmt: skip
    assert code == 8, err
    summary = json.loads(out)  # stdout is JSON alone; the table went to stderr
    assert (summary["cases"], summary["correct"], summary["passed"], summary["fail_under"]) == (
        40,
        0,
        False,
        0.5,
    )
    assert summary["correct_rate_95"][0] == 0 and 0 < summary["correct_rate_95"][1] < 0.1
    assert re.search(
        r"error: fact: score 0.00 \(chance 0.\d\d\); raw 0 of \d+ replies correct, 0% \(0-\d+%\): "
        r"under --fail-under 0.5; temporal: score 0.00 \(chance 0.\d\d\); raw 0 of \d+ replies correct",
        err,
    )  # every kind under its gate, named, its score first with chance beside it, the raw share after
    assert "single questions in all: raw 0 of 40 replies correct, 0% (0-9%)" in err  # after the kinds' scores
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and (suite.get("tests"), suite.get("failures"), suite.get("errors")) == (
        "40",
        "40",
        "0",
    )
    failure = suite.find("testcase/failure")
    assert failure is not None and failure.get("type") == "erroneous_inference"
    assert "expected: " in (failure.text or "") and "reason: " in (failure.text or "")

    config = workspace / "kgtest.toml"
    original = config.read_text()
    config.write_text(original.replace("fail_under = 0.0", "fail_under = 0.5"))
    try:
        code, out, err = run("--workspace", str(workspace), "judge", honest, "--no-graph", "--quiet")
        assert code == 0, err
        assert re.search(r"single questions in all: raw (3[6-9]|40) of 40 replies correct", out)
        code, _, err = run("--workspace", str(workspace), "judge", liar, "--no-graph", "--quiet")
        assert code == 8 and "under --fail-under 0.5" in err
        code, _, _ = run(
            "--workspace", str(workspace), "judge", liar, "--no-graph", "--quiet", "--fail-under", "0"
        )
        assert code == 0  # the flag wins over the file
    finally:
        config.write_text(original)


def test_report_compares_a_run_with_a_baseline(workspace: Path) -> None:
    honest, liar = _run_bot(workspace, "0"), _run_bot(workspace, "1")
    code, _, err = run("--workspace", str(workspace), "report", honest, "--baseline", liar)
    assert code == 0, err
    report = json.loads((workspace / "report" / "report.json").read_text())
    (compared,) = report["comparisons"]
    assert (
        compared["baseline"].startswith(liar)
        and len(compared["fixed"]) >= 36
        and compared["newly_failing"] == []
    )
    page = (workspace / "report" / "report.html").read_text()
    assert f"{len(compared['fixed'])} fixed" in page and 'class="change fixed"' in page
    # Every case explains itself: the proof's facts with their marks, the claims, both graphs.
    assert page.count('<details class="case"') == 40
    assert page.count('aria-label="proof graph"') == 40 and page.count('aria-label="reply graph"') == 40
    assert "the proof's facts" in page and 's-stated">stated' in page and 's-matches">matches' in page
    header = report["runs"][0]
    assert header["seed"] == "3" and "example" in header["kb"] and header["kgtest_version"]


def test_judge_says_why_replies_link_to_no_case(workspace: Path) -> None:
    # A suite whose cases never reached the graph store (gen killed while writing it, or
    # --no-graph): judge said only '0 linked to their test cases', and not why or what to do.
    ws = str(workspace)
    bare = workspace / "suites" / "bare.jsonl"
    code, _, err = run("--workspace", ws, "gen", "--count", "4", "--seed", "9", "--out", str(bare),
                       "--no-graph", "--quiet")  # fmt: skip
    assert code == 0, err
    code, out, err = run("--workspace", ws, "run", str(bare), "--sut", "baseline:yes", "--quiet")
    assert code == 0, err
    run_id = out.split("run ")[1].split(" ")[0]
    code, _, err = run("--workspace", ws, "judge", run_id, "--quiet")
    assert code == 0, err
    said = " ".join(err.split())
    assert "4 replies written, 0 linked to their test cases" in said
    assert f"4 replies found no test case of {bare} in the graph store" in said
    assert f"`kgtest --workspace {ws} gen` with the same flags and seed writes the cases again" in said


def test_report_says_a_run_has_no_scores(workspace: Path) -> None:
    # judge killed after the verdicts and before scores.json: the report drew no score, silently.
    run_id = _run_bot(workspace, "0")
    scores = workspace / "runs" / run_id / "scores.json"
    scores.unlink()
    try:
        code, _, err = run("--workspace", str(workspace), "report", "--out", str(workspace / "noscores"))
        said = "".join(err.split())  # the terminal's width may break the path anywhere
        assert code == 0 and f"run{run_id}hasnoscores({scores}ismissing" in said, err
        assert f"`kgtest--workspace{workspace}judge{run_id}`writesthem" in said
    finally:
        assert run("--workspace", str(workspace), "judge", run_id, "--quiet")[0] == 0
    assert scores.is_file()
