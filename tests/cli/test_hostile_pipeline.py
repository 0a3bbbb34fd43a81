"""Hostile systems and files on every path of the one pipeline: exit codes, escapes, two processes at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..generator.dialogue.coqa_fixture import STORIES, coqa_file
from ..runner.dialogue_fixture import dialogue_suite
from .test_cli import run

ROOT = Path(__file__).resolve().parents[2]
BROKEN = "plugin:tests.runner.chatters:Flaky?failures=100000"
ECHO = "plugin:tests.runner.chatters:Echo"


def test_dialogue_and_converse_exit_6_when_every_reply_failed(tmp_path: Path) -> None:
    suite, _ = dialogue_suite(tmp_path)
    ws = tmp_path / "ws"
    code, out, err = run("--workspace", str(ws), "dialogue", str(suite), "--sut", BROKEN,
                         "--baselines", "none", "--no-graph", "--quiet")  # fmt: skip
    assert code == 6 and "replies failed" in err, out + err
    assert (ws / "report" / "report.json").exists()  # judged and reported all the same: nothing hidden
    assert run("--workspace", str(ws), "build-kb", "example", "--quiet")[0] == 0
    code, _, err = run("--workspace", str(ws), "converse", "--sut", BROKEN, "--turns", "3", "--no-graph",
                       "--quiet")  # fmt: skip
    assert code == 6 and "replies failed" in err


def test_a_system_that_exits_the_process_gives_failed_replies_not_a_success(tmp_path: Path) -> None:
    """Every exception of a plug-in's, SystemExit included, is a failed reply (issue 42); exit 6."""
    suite, _ = dialogue_suite(tmp_path)
    ws = tmp_path / "ws"
    exits = "plugin:tests.runner.hostile_bots:Exits"
    code, _, err = run("--workspace", str(ws), "run", str(suite), "--sut", exits, "--baselines", "none",
                       "--quiet")  # fmt: skip
    assert code == 6 and "replies failed" in err
    code, out, _ = run("--workspace", str(ws), "runs", "--json")
    (row,) = json.loads(out)
    assert row["status"] == "complete" and row["failed"] > 0
    (replies,) = ws.glob("runs/*/replies.jsonl")
    assert "respond() called sys.exit(0)" in replies.read_text(encoding="utf-8")


def test_escape_sequences_from_a_dataset_and_a_system_never_reach_the_terminal(tmp_path: Path) -> None:
    evil = "\x1b[2J\x1b]8;;http://evil.invalid/\x07click\x1b]8;;\x07 \x9b31m"
    story = dict(STORIES[0])
    story["rounds"] = [(f"{q} {evil}", a) for q, a in story["rounds"]]
    source = coqa_file(tmp_path / "coqa.json", [story])
    ws = tmp_path / "ws"
    code, _, err = run(
        "--workspace", str(ws), "gen", "--dialogues-from", str(source), "--no-graph", "--quiet"
    )
    assert code == 0, err
    suite = ws / "suites" / "suite.jsonl"
    outputs = [run("--workspace", str(ws), "dialogue", str(suite), "--sut", ECHO, "--baselines", "none",
                   "--no-graph")]  # fmt: skip
    assert outputs[0][0] == 0, outputs[0][2]
    case_id = json.loads(suite.read_text().splitlines()[0])["id"]
    outputs.append(run("--workspace", str(ws), "inspect", case_id))
    for code, out, err in outputs:
        assert code == 0, err
        assert "\x1b" not in out + err and "\x9b" not in out + err and "\x07" not in out + err
    assert "\\x1b" in outputs[1][1]  # shown, escaped, not sent
    page = (ws / "report" / "report.html").read_text()
    assert "\x1b" not in page.replace("\\x1b", "") or "&" in page  # the page is HTML-escaped text


def _dialogue(ws: Path, suite: Path, log: Path) -> subprocess.Popen[str]:
    spec = f"plugin:tests.runner.chatters:Recorder?log={log}&delay=0.3"
    return subprocess.Popen(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), "dialogue", str(suite), "--sut", spec,
         "--baselines", "none", "--no-graph", "--quiet"],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip


@pytest.mark.timeout(300)
def test_two_dialogue_commands_on_one_workspace_never_ask_a_question_twice(tmp_path: Path) -> None:
    suite, _ = dialogue_suite(tmp_path)
    ws, log = tmp_path / "ws", tmp_path / "asked.log"
    first = _dialogue(ws, suite, log)
    deadline = time.monotonic() + 120
    while (not log.exists() or not log.read_text()) and first.poll() is None:
        assert time.monotonic() < deadline, "the first run asked nothing"
        time.sleep(0.02)
    second = _dialogue(ws, suite, log)
    out2, _ = second.communicate(timeout=240)
    out1, _ = first.communicate(timeout=240)
    assert first.returncode == 0, out1
    if second.returncode == 6:  # it found the first one asking: told to wait, asked nothing
        assert "is being asked by process" in out2, out2
    else:  # a loaded machine let the first one finish before: everything came from the cache
        assert second.returncode == 0 and ", 0 asked," in out2, out2
    asked = int(out1.split(" asked,")[0].rsplit(", ", 1)[1])
    assert len(log.read_text().splitlines()) == asked  # every conversation asked once, by the first
    out = run("--workspace", str(ws), "runs", "--json")[1]
    assert [r["status"] for r in json.loads(out)] == ["complete"]
