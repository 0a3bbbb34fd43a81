"""``kgtest converse`` and ``kgtest converse-report`` as a user meets them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from .test_cli import run

ECHO = "plugin:tests.runner.chatters:Echo"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ws = tmp_path_factory.mktemp("battery")
    assert run("--workspace", str(ws), "build-kb", "example", "--quiet")[0] == 0
    return ws


def _converse(ws: Path, *args: str) -> tuple[int, str, str]:
    return run("--workspace", str(ws), "converse", "--quiet", *args)


def test_a_battery_is_held_judged_and_kept_and_the_same_seed_holds_it_again(workspace: Path) -> None:
    code, out, err = _converse(workspace, "--sut", ECHO, "--turns", "24", "--runs", "2", "--seed", "3")
    assert code == 0, err
    battery = out.split("battery ")[1].split()[0]
    files = workspace / "battery" / battery
    assert "SWAN" in out and f"battery/{battery}/" in out
    assert f"graph store: battery {battery}, 2 conversations of 48 rounds in all" in err
    conversations = (files / "conversations.jsonl").read_bytes()
    verdicts = (files / "verdicts.jsonl").read_bytes()
    judged = [(files / name).read_bytes() for name in ("nuggets.jsonl", "swan.json")]
    assert len(conversations.splitlines()) == 2
    manifest = json.loads((files / "battery.json").read_text())
    assert manifest["status"] == "judged" and manifest["seed"] == 3 and manifest["partner"] == "script"
    codes = {json.loads(line)["code"] for line in verdicts.splitlines()}
    assert {"I1", "U3", "I13", "A6", "I3", "P1"} <= codes

    code, again, err = _converse(workspace, "--sut", ECHO, "--turns", "24", "--runs", "2", "--seed", "3")
    assert code == 0, err
    assert f"battery {battery}" in again
    assert (files / "conversations.jsonl").read_bytes() == conversations
    code, _, err = run(
        "--workspace", str(workspace), "converse", "--judge", battery[:6], "--quiet", "--no-graph"
    )
    assert code == 0, err
    assert "graph store" not in err
    assert (files / "verdicts.jsonl").read_bytes() == verdicts, "judging is deterministic"
    assert [(files / name).read_bytes() for name in ("nuggets.jsonl", "swan.json")] == judged


def test_two_systems_talk_freely(workspace: Path) -> None:
    code, out, err = _converse(workspace, "--sut", ECHO, "--partner", f"{ECHO}?who=b", "--turns", "4")
    assert code == 0, err
    battery = out.split("battery ")[1].split()[0]
    manifest = json.loads((workspace / "battery" / battery / "battery.json").read_text())
    assert manifest["partner"] == f"{ECHO}?who=b" and manifest["tests"] == []
    assert f"graph store: battery {battery}, 1 conversation of 4 rounds in all" in err
    lines = (workspace / "battery" / battery / "verdicts.jsonl").read_text().splitlines()
    assert {json.loads(line)["code"] for line in lines} <= {"A6", "A7", "I2", "I3", "P1"}


def test_the_report_shows_systems_side_by_side_and_keeps_text_as_text(workspace: Path) -> None:
    spec = "plugin:tests.oracle.battery.bots:Formula"
    assert _converse(workspace, "--sut", spec, "--turns", "6")[0] == 0
    out_dir = workspace / "out"
    code, out, err = run("--workspace", str(workspace), "converse-report", "--out", str(out_dir))
    assert code == 0, err
    assert f" html: {out_dir / 'battery.html'}" in out
    report = json.loads((out_dir / "battery.json").read_text())
    assert spec in report["suts"] and ECHO in report["suts"]
    assert {s["sut"] for s in report["swans"]} == set(report["suts"])
    page = (out_dir / "battery.html").read_text()
    assert "Success by strength" in page and "<svg" in page and "SWAN" in page
    book = load_workbook(out_dir / "battery.xlsx")
    assert book.sheetnames == ["tests", "histograms", "swan", "turns"]
    replies = [row[5] for row in book["turns"].iter_rows(min_row=2) if row[2].value == spec]
    assert replies and all(c.value.startswith("=HYPERLINK") and c.data_type == "s" for c in replies)
    seed_format = [row[6].value for row in book["tests"].iter_rows(min_row=2)]
    assert all(v.startswith("[") and v.endswith("]") for v in seed_format)


def test_bad_input_is_refused_with_what_to_do(workspace: Path, tmp_path: Path) -> None:
    code, _, err = _converse(workspace, "--sut", ECHO, "--tests", "I1,I9")
    assert code == 2 and "I9: injected tests are" in err
    code, _, err = _converse(workspace)
    assert code == 2 and "--sut SPEC" in err
    code, _, err = run("--workspace", str(tmp_path / "empty"), "converse", "--judge", "latest")
    assert code == 6 and "kgtest converse --sut SPEC" in err
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "kgtest.toml").write_text('[battery]\nweighting = "cubic"\n')
    code, _, err = run("--workspace", str(tmp_path / "ws"), "converse", "--judge", "latest")
    assert code == 2 and "kgtest.toml:2: [battery] weighting = 'cubic': input should be 'uniform'" in err
