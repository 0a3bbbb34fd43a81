"""``kgtest converse`` (gen, run, judge and report of conversations in one) as a user meets it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook

from kgtest.generator.conversation.script_records import PASSIVE

from .test_cli import run

ECHO = "plugin:tests.runner.chatters:Echo"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ws = tmp_path_factory.mktemp("battery")
    assert run("--workspace", str(ws), "build-kb", "example", "--quiet")[0] == 0
    return ws


def _converse(ws: Path, *args: str) -> tuple[int, str, str]:
    return run("--workspace", str(ws), "converse", "--quiet", *args)


def _run_id(out: str) -> str:
    found = re.search(r"^run (\w+) \(", out, flags=re.M)
    assert found is not None, out
    return found[1]


def test_a_battery_is_held_judged_and_kept_and_the_same_seed_holds_it_again(workspace: Path) -> None:
    code, out, err = _converse(workspace, "--sut", ECHO, "--turns", "24", "--runs", "2", "--seed", "3")
    assert code == 0, err
    run_id = _run_id(out)
    files = workspace / "runs" / run_id / "battery"
    assert "SWAN" in out and "conversation tests" in out
    assert re.search(r"= criteria \d\.\d{3} x \d+/48 replies that say something new", out), out
    assert "graph: 2 conversations of 48 rounds written" in err
    verdicts = (files / "verdicts.jsonl").read_bytes()
    judged = [(files / name).read_bytes() for name in ("nuggets.jsonl", "swan.json")]
    manifest = json.loads((workspace / "runs" / run_id / "run.json").read_text())
    assert manifest["kinds"] == {"conversation": 2} and manifest["plan"]["partner"] == "script"
    assert manifest["suite_info"]["seed"] == 3 and manifest["status"] == "complete"
    codes = {json.loads(line)["code"] for line in verdicts.splitlines()}
    assert {"I1", "U3", "I13", "A6", "I3", "P1"} <= codes
    (line,) = [ln for ln in run("--workspace", str(workspace), "runs")[1].splitlines() if run_id[:6] in ln]
    assert "complete" in line

    code, again, err = _converse(workspace, "--sut", ECHO, "--turns", "24", "--runs", "2", "--seed", "3")
    assert code == 0, err
    assert _run_id(again) == run_id and ", 0 asked," in again
    code, _, err = run("--workspace", str(workspace), "judge", run_id[:6], "--quiet", "--no-graph")
    assert code == 0, err
    assert "graph:" not in err
    assert (files / "verdicts.jsonl").read_bytes() == verdicts, "judging is deterministic"
    assert [(files / name).read_bytes() for name in ("nuggets.jsonl", "swan.json")] == judged


def test_two_systems_talk_freely(workspace: Path) -> None:
    code, out, err = _converse(workspace, "--sut", ECHO, "--partner", f"{ECHO}?who=b", "--turns", "4")
    assert code == 0, err
    run_id = _run_id(out)
    manifest = json.loads((workspace / "runs" / run_id / "run.json").read_text())
    assert manifest["plan"]["partner"] == f"{ECHO}?who=b"
    assert "graph: 1 conversations of 4 rounds written" in err
    lines = (workspace / "runs" / run_id / "battery" / "verdicts.jsonl").read_text().splitlines()
    assert {json.loads(line)["code"] for line in lines} <= {c.value for c in PASSIVE}  # nothing injected
    partner = (workspace / "runs" / run_id / "battery" / "partner-verdicts.jsonl").read_text().splitlines()
    assert partner and f"{ECHO}?who=b" in out  # the partner system's side is judged too ...
    report = json.loads((workspace / "report" / "report.json").read_text())["battery"]
    assert f"{ECHO}?who=b as partner of {ECHO}" in report["suts"]  # ... and reported apart


def test_the_report_shows_systems_side_by_side_and_keeps_text_as_text(workspace: Path) -> None:
    spec = "plugin:tests.oracle.conversation.bots:Formula"
    assert _converse(workspace, "--sut", spec, "--turns", "6")[0] == 0
    out_dir = workspace / "out"
    code, out, err = run("--workspace", str(workspace), "report", "--out", str(out_dir))
    assert code == 0, err
    assert f" html: {out_dir / 'report.html'}" in out
    report = json.loads((out_dir / "report.json").read_text())["battery"]
    assert spec in report["suts"] and ECHO in report["suts"]
    assert {s["sut"] for s in report["swans"]} == set(report["suts"])
    page = (out_dir / "report.html").read_text()
    assert "Success by strength" in page and "<svg" in page and "SWAN" in page
    book = load_workbook(out_dir / "report.xlsx")
    assert {"battery tests", "battery histograms", "battery swan", "battery turns"} <= set(book.sheetnames)
    rows = [row for row in book["battery turns"].iter_rows(min_row=2) if row[2].value == spec]
    replies = [row[5] for row in rows if row[5].value is not None]  # once a round, on its first row
    assert replies and all(c.value.startswith("=HYPERLINK") and c.data_type == "s" for c in replies)
    swan = {row[0].value: [c.value for c in row] for row in book["battery swan"].iter_rows(min_row=2)}
    replies_of, nothing_new = swan[ECHO][3], swan[ECHO][4]  # the echo bot: its replies are the lines
    assert replies_of and nothing_new >= 0.9 * replies_of and swan[ECHO][1] <= 0.1
    assert f"<td>{replies_of - nothing_new} of {replies_of}</td>" in page  # "replies saying something new"
    seed_format = [row[6].value for row in book["battery tests"].iter_rows(min_row=2)]
    assert all(v.startswith("[") and v.endswith("]") for v in seed_format)


def test_bad_input_is_refused_with_what_to_do(workspace: Path, tmp_path: Path) -> None:
    code, _, err = _converse(workspace, "--sut", ECHO, "--tests", "I1,I9")
    assert code == 2 and "I9: injected tests are" in err
    code, _, err = _converse(workspace)
    assert code == 2 and "--sut" in err
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "kgtest.toml").write_text('[battery]\nweighting = "cubic"\n')
    code, _, err = run("--workspace", str(tmp_path / "ws"), "converse", "--sut", ECHO)
    assert code == 2 and "kgtest.toml:2: [battery] weighting = 'cubic': input should be 'uniform'" in err


def test_a_killed_conversation_run_says_to_converse_again(workspace: Path) -> None:
    # kill -9 leaves run.json 'running' with its lock free; judge and runs said to run the same
    # `kgtest run` again, which the user never typed and which asks the workspace's other suite.
    code, out, err = _converse(workspace, "--sut", ECHO, "--turns", "2", "--seed", "11")
    assert code == 0, err
    run_id = _run_id(out)
    path = workspace / "runs" / run_id / "run.json"
    manifest = json.loads(path.read_text())
    path.write_text(json.dumps({**manifest, "status": "running"}))  # what a killed process leaves
    code, _, err = run("--workspace", str(workspace), "judge", run_id, "--no-graph")
    said = " ".join(err.split())
    named = f"kgtest --workspace {workspace}"
    assert (
        code == 7 and f"run the same `{named} converse` (or `{named} run --kind conversation`) again" in said
    )
    code, out, _ = run("--workspace", str(workspace), "runs")
    assert "interrupted" in out and "`dialogue`, `converse`, whichever made the run" in " ".join(out.split())
    code, again, err = _converse(workspace, "--sut", ECHO, "--turns", "2", "--seed", "11")
    assert code == 0 and _run_id(again) == run_id, err


def test_a_partner_that_fails_is_named_in_the_exit(workspace: Path) -> None:
    """Exit 6 said "1 replies failed (the first: RuntimeError ...); ask them again with
    --retry-failed once the system is fixed", of a system under test that had answered."""
    down = "plugin:tests.runner.chatters:Flaky?failures=1000"
    code, _, err = _converse(workspace, "--sut", ECHO, "--partner", down, "--turns", "3", "--seed", "12")
    said = " ".join(err.split())
    assert code == 6 and f"(the first: the partner {down}: RuntimeError: backend hiccup" in said, err
