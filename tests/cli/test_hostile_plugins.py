"""Whatever a plug-in raises is a failed reply (issue 42, item 7): exit 6, no traceback, no escapes.

A KeyboardInterrupt from ``respond`` ended the run as interrupted (exit 1); a ``str`` whose
``len()`` raises, an exception whose ``__str__`` raises and a ``close()`` that raises gave
tracebacks that printed the escape sequences of their messages; ``kgtest runs`` printed a failed
run's error raw. Every one goes through the plug-in's worker and kgtest's one escaping helper
(cli/text.py) now.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.generator.case import write_suite
from kgtest.runner.run import read_replies
from tests.runner.hostile_bots import ESCAPES
from tests.runner.suite_fixture import case

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
BOTS = "plugin:tests.runner.hostile_bots"


def kgtest(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout + result.stderr


def raw(text: str) -> bool:
    return any(c in text for c in "\x1b\x07\x9b")


@pytest.mark.parametrize(
    ("bot", "error"),
    [
        ("Interrupts", "KeyboardInterrupt: \x1b[2J"),
        ("Unspeakable", "Unsayable: (its message cannot be shown)"),
        ("ExitsLoudly", "respond() called sys.exit('\\x1b[2J"),
    ],
)
def test_whatever_respond_raises_is_a_failed_reply_and_exit_6(tmp_path: Path, bot: str, error: str) -> None:
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?"), case(1, "Is Rome in Spain?")])
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:{bot}")
    assert code == 6 and "2 failed" in out and "replies failed" in out, out
    assert not raw(out) and "Traceback" not in out
    replies = [r for p in (tmp_path / "ws" / "runs").glob("*/replies.jsonl") for _, r in read_replies(p)]
    assert len(replies) == 2 and all(r.error is not None and r.error.startswith(error) for r in replies)
    code, out = kgtest("--workspace", ws, "runs")
    assert code == 0 and "complete" in out and not raw(out), out


def test_a_str_whose_len_raises_is_read_for_its_text_without_calling_it(tmp_path: Path) -> None:
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?")])
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:NoLength")
    assert code == 0 and "1 asked" in out and "Traceback" not in out, out
    (replies,) = (tmp_path / "ws" / "runs").glob("*/replies.jsonl")
    assert [type(r.text) for _, r in read_replies(replies)] == [str]
    assert [r.text for _, r in read_replies(replies)] == ["Yes"]


def test_a_close_that_raises_is_exit_6_naming_it_escaped(tmp_path: Path) -> None:
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?")])
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:BadClose")
    assert code == 6 and "close() ValueError: \\x1b[2J" in out and not raw(out), out


def test_runs_shows_a_failed_runs_error_escaped(tmp_path: Path) -> None:
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?")])
    assert kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:NumberFinish")[0] == 6
    (manifest,) = (tmp_path / "ws" / "runs").glob("*/run.json")
    data = json.loads(manifest.read_text(encoding="utf-8"))
    manifest.write_text(
        json.dumps({**data, "status": "failed", "error": f"it broke {ESCAPES}"}), encoding="utf-8"
    )
    code, out = kgtest("--workspace", ws, "runs")
    assert code == 0 and "it broke" in out and "\\x1b" in out and not raw(out), out


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("def broken(:\n", "importing probe_bot raised SyntaxError: "),
        ("raise RuntimeError('no config file')\n", "importing probe_bot raised RuntimeError: no config file"),
        ("import sys\nsys.exit(3)\n", "importing probe_bot raised SystemExit: 3"),
    ],
)
def test_a_plugin_module_that_fails_to_import_is_named_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, error: str
) -> None:
    (tmp_path / "probe_bot.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    suite = tmp_path / "s.jsonl"
    write_suite(suite, [case(0, "Is Paris in France?")])
    ws = str(tmp_path / "ws")
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", "plugin:probe_bot:Bot")
    assert code == 6 and f"error: --sut 'plugin:probe_bot:Bot': {error}" in out, out
    assert "Traceback" not in out


def test_a_plugin_never_reaches_kgtest_stdout_or_stdin(tmp_path: Path) -> None:
    """A bot's print went into kgtest's stdout, it read the input piped to kgtest, and closing
    sys.stdout ended the command in 'I/O operation on closed file' (runner/plugin_streams.py)."""
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?"), case(1, "Is Rome in Spain?")])
    args = ["--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:Talks"]
    result = CliRunner().invoke(cli, args, env=ENV, input="KGTEST'S OWN INPUT\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "BOT SAYS" not in result.stdout and "2 asked" in result.stdout, result.stdout
    assert result.stderr.count("BOT SAYS ON STDOUT") == 2 and result.stderr.count("BOT SAYS ON STDERR") == 2
    replies = [r for p in (tmp_path / "ws" / "runs").glob("*/replies.jsonl") for _, r in read_replies(p)]
    assert [r.text for r in replies] == ["Yes.", "Yes."]  # the bot heard nothing of the input
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{BOTS}:Asks")
    assert code == 6 and "EOFError" in out, out  # input() on a terminal had waited out --timeout
