"""Hostile plug-in replies through ``kgtest run`` (issue 22, items 3 and 8): nothing poisons the
cache, a rerun finds what the first run stored, a bot that never returns is cut off by --timeout."""

from __future__ import annotations

import time
from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.generator.case import write_suite
from kgtest.runner.run import read_replies
from kgtest.runner.sut import Reply
from tests.runner.suite_fixture import case

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
BOTS = "plugin:tests.runner.hostile_bots"


def kgtest(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout + result.stderr


def _replies(ws: Path) -> list[Reply]:
    return [reply for p in sorted((ws / "runs").glob("*/replies.jsonl")) for _, reply in read_replies(p)]


def test_a_surrogate_is_stored_as_text_and_a_rerun_reads_it_from_the_cache(tmp_path: Path) -> None:
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?"), case(1, "Is Rome in Spain?")])
    for asked in (2, 0):
        code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:Surrogate")
        assert code == 0 and f"2 cases, {asked} asked, {2 - asked} from cache, 0 failed replies" in out, out
    assert {r.text for r in _replies(tmp_path / "ws")} == {"Yes \ufffd and a pair \U0001f600"}
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 0, out


def test_a_finish_reason_that_is_no_text_is_a_failed_reply_not_a_complete_answer(tmp_path: Path) -> None:
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?")])
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:NumberFinish")
    assert code == 6, out
    [reply] = _replies(tmp_path / "ws")
    assert reply.error == "bad finish_reason: expected text, got int 5" and reply.finish_reason == ""


def test_timeout_cuts_off_a_plugin_that_never_returns(tmp_path: Path) -> None:
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Please hang."), case(1, "Is Rome in Spain?")])
    started = time.monotonic()
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:Hang", "--timeout", "1")
    assert code == 6 and time.monotonic() - started < 60, out
    replies = _replies(tmp_path / "ws")
    assert [r.error for r in replies] == ["timed out after 1 s: respond() did not return", None]
    assert replies[0].transient and replies[1].text == "No"
