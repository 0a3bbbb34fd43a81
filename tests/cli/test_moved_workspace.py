"""A workspace moved or copied to another folder, or whose suite is gone (runner/runs.py ``asked_suite``).

Run manifests name their suite by its absolute path: a moved workspace's report left every run out
as made from a suite that "no longer exists", the suite right there in its suites/ folder.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from kgtest.generator.case import read_suite, write_suite
from tests.runner.suite_fixture import case

from .test_hostile_runs import kgtest

ECHO = "plugin:tests.runner.chatters:Echo"


def _judged(ws: Path) -> str:
    """A judged run of the workspace's own suites/suite.jsonl; its run id."""
    suite = ws / "suites" / "suite.jsonl"
    suite.parent.mkdir(parents=True)
    write_suite(suite, [case(0, "Is Paris in France?"), case(1, "Is Rome in Italy?")])
    code, out = kgtest("--workspace", str(ws), "run", "--sut", ECHO, "--quiet")
    assert code == 0, out
    assert kgtest("--workspace", str(ws), "judge", "--no-graph", "--quiet")[0] == 0
    [folder] = (ws / "runs").iterdir()
    return folder.name


def test_a_moved_workspace_reports_and_inspects_its_runs(tmp_path: Path) -> None:
    run_id = _judged(tmp_path / "ws")
    moved = tmp_path / "elsewhere" / "ws"
    shutil.move(tmp_path / "ws", moved)
    code, out = kgtest("--workspace", str(moved), "report", "--out", str(tmp_path / "r"))
    assert code == 0 and "left out" not in out and "no longer exists" not in out, out
    assert [r["run_id"] for r in json.loads((tmp_path / "r" / "report.json").read_text())["runs"]] == [run_id]
    [first, _] = read_suite(moved / "suites" / "suite.jsonl")
    code, out = kgtest("--workspace", str(moved), "inspect", first.id)
    assert code == 0 and "Is Paris in France?" in out and ECHO in out, out


def test_a_copied_workspace_reads_its_own_suite_when_the_original_changed(tmp_path: Path) -> None:
    run_id = _judged(tmp_path / "ws")
    shutil.copytree(tmp_path / "ws", tmp_path / "copy")
    write_suite(tmp_path / "ws" / "suites" / "suite.jsonl", [case(5, "Is Oslo in Chile?")])  # by hand
    code, out = kgtest("--workspace", str(tmp_path / "copy"), "report", "--out", str(tmp_path / "r"))
    assert code == 0 and "left out" not in out, out  # it read the original's: "has no case ..."
    assert [r["run_id"] for r in json.loads((tmp_path / "r" / "report.json").read_text())["runs"]] == [run_id]


def test_inspect_of_a_judged_case_whose_suite_is_gone_says_so(tmp_path: Path) -> None:
    """It said "no suite has a case ...; `kgtest gen` writes suites" of a case its runs had judged."""
    run_id = _judged(tmp_path / "ws")
    suite = tmp_path / "ws" / "suites" / "suite.jsonl"
    [first, _] = read_suite(suite)
    suite.unlink()
    code, out = kgtest("--workspace", str(tmp_path / "ws"), "inspect", first.id)
    said = " ".join(out.split())
    gone = f"was judged in run {run_id}, asked from {suite}, which no longer exists"
    assert code == 2 and gone in said, out
