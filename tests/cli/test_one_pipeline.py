"""A suite of every kind through one pipeline: gen, run, runs, judge (gate, JUnit, JSON), report, inspect."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.report.glossary_check import unexplained

from .test_cli import run

ECHO = "plugin:tests.runner.chatters:Echo"
BROKEN = "plugin:tests.runner.chatters:Flaky?failures=100000"


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace whose one suite holds fact, temporal, dialogue and conversation cases."""
    ws = tmp_path_factory.mktemp("mixed")
    assert run("--workspace", str(ws), "build-kb", "example", "--quiet")[0] == 0
    code, _, err = run(
        "--workspace", str(ws), "gen", "--count", "6", "--mtl-depth", "2", "--temporal-count", "3",
        "--dialogues", "1", "--conversations", "1", "--turns", "6", "--seed", "2", "--quiet",
    )  # fmt: skip
    assert code == 0, err
    (ws / "kgtest.toml").write_text(
        f'[dialogue]\nbaselines = []\n\n[[sut]]\nname = "echo"\nspec = "{ECHO}"\n\n'
        f'[[sut]]\nname = "broken"\nspec = "{BROKEN}"\n',
        encoding="utf-8",
    )
    return ws


def _kinds(ws: Path) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for line in (ws / "suites" / "suite.jsonl").read_text().splitlines():
        kind = json.loads(line)["kind"]
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def test_a_generated_case_of_any_kind_is_inspected_before_any_run(mixed: Path) -> None:
    cases = [json.loads(line) for line in (mixed / "suites" / "suite.jsonl").read_text().splitlines()]
    dialogue = next(c for c in cases if c["kind"] == "dialogue")
    code, out, err = run("--workspace", str(mixed), "inspect", dialogue["id"][:12])
    assert code == 0, err
    assert "proof:" in out and "expected:" in out and "No judged run has asked it yet" in out
    fact = next(c for c in cases if c["kind"] == "fact")
    code, out, err = run("--workspace", str(mixed), "inspect", fact["id"])
    assert code == 0, err
    assert f"proof: {fact['proof']['rule']}  {fact['proof']['said']}" in out and "holds(" not in out
    talk = next(c for c in cases if c["kind"] == "conversation")
    code, out, err = run("--workspace", str(mixed), "inspect", talk["id"][:12])
    assert code == 0, err
    assert re.search(r"\((I1|U3|U4|U5|U6|I4|I5|I6|I7|I13) (info|question)", out)


def test_every_kind_runs_judges_gates_and_reports_in_one_pipeline(mixed: Path, tmp_path: Path) -> None:
    assert set(_kinds(mixed)) == {"fact", "temporal", "dialogue", "conversation"}
    code, out, err = run("--workspace", str(mixed), "run", "--quiet")  # every [[sut]], by name
    assert code == 6 and "1 of 2 systems" not in err, err  # the broken system's replies failed: exit 6
    assert out.count("run ") >= 2 and "(echo)" in out and "(broken)" in out
    code, out, _ = run("--workspace", str(mixed), "runs", "--json")
    listed = {r["name"]: r for r in json.loads(out)}
    assert listed["echo"]["status"] == listed["broken"]["status"] == "complete"
    assert listed["echo"]["kinds"] == _kinds(mixed) and listed["broken"]["failed"] > 0

    for name, verdict_of_talks in (("echo", {"passed", "tests_failed"}), ("broken", {"no_reply"})):
        run_id = listed[name]["run_id"]
        junit = tmp_path / f"{name}.xml"
        code, out, err = run(
            "--workspace",
            str(mixed),
            "judge",
            run_id,
            "--no-graph",
            "--quiet",
            "--junit",
            str(junit),
            "--json",
        )
        assert code == 0, err
        gate = json.loads(out)
        assert set(gate["kinds"]) == set(_kinds(mixed))
        suite = ET.parse(junit).getroot().find("testsuite")
        assert suite is not None and suite.get("tests") == str(sum(_kinds(mixed).values()))
        classes = {c.get("classname", "").split(".")[1] for c in suite.findall("testcase")}
        assert classes == set(_kinds(mixed))
        verdicts = [
            json.loads(line) for line in (mixed / "runs" / run_id / "verdicts.jsonl").read_text().splitlines()
        ]
        assert {v["outcome"] for v in verdicts if v["kind"] == "conversation"} <= verdict_of_talks
    code, _, err = run(
        "--workspace", str(mixed), "judge", listed["echo"]["run_id"], "--no-graph", "--quiet",
        "--fail-under", "0.99",
    )  # fmt: skip
    assert code == 8 and "dialogue: " in err and "conversation: " in err  # each kind under its gate, named

    code, out, err = run("--workspace", str(mixed), "report", "--out", str(tmp_path / "report"))
    assert code == 0, err
    report = json.loads((tmp_path / "report" / "report.json").read_text())
    assert set(report["suts"]) == {"echo", "broken"}
    assert {d["system"] for d in report["dialogue"]} == {"echo", "broken"}
    assert report["battery"] is not None and "echo" in report["battery"]["suts"]
    page = (tmp_path / "report" / "report.html").read_text()
    assert all(f'id="{section}"' in page for section in ("cases", "dialogues", "conversations", "usage"))
    assert unexplained(page) == []  # every code of every kind's section says what it means on hover
    assert "Every dialogue, systems side by side" in page and "<th>echo<br>" in page
