"""A run's files cut short, mangled or rewritten under its verdicts (the eleventh probe): each is
named with what to do, nothing stale is trusted, nothing ends in a traceback."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.generator.case import write_suite
from tests.runner.suite_fixture import case

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
FROM_FILE = "plugin:tests.runner.hostile_bots:FromFile"


def kgtest(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout + result.stderr


def _judged_run(tmp_path: Path, answer: str = "Yes") -> tuple[str, Path]:
    """A workspace holding one judged run of a two-case suite; its run folder."""
    suite, ws, said = tmp_path / "s.jsonl", tmp_path / "ws", tmp_path / "said.txt"
    write_suite(suite, [case(0, "Is Paris in France?"), case(1, "Is Rome in Italy?")])
    said.write_text(answer, encoding="utf-8")
    code, out = kgtest("--workspace", str(ws), "run", str(suite), "--sut", f"{FROM_FILE}?path={said}")
    assert code == 0, out
    assert kgtest("--workspace", str(ws), "judge", "--no-graph")[0] == 0
    [folder] = (ws / "runs").iterdir()
    return str(ws), folder


def test_replies_asked_again_are_never_reported_with_the_verdicts_of_the_old_ones(tmp_path: Path) -> None:
    suite, ws, said = tmp_path / "s.jsonl", str(tmp_path / "ws"), tmp_path / "said.txt"
    write_suite(suite, [case(0, "Is Paris in France?"), case(1, "Is Rome in Italy?")])
    sut = f"{FROM_FILE}?path={said}"
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", sut)
    assert code == 6, out  # no file yet: both replies failed
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 0 and "0 of 2 replies correct" in out, out
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", sut)
    assert code == 6, out  # asked the same again: the same replies, the verdicts stand
    assert kgtest("--workspace", ws, "report", "--out", str(tmp_path / "r"))[0] == 0
    said.write_text("Yes", encoding="utf-8")
    assert kgtest("--workspace", ws, "run", str(suite), "--sut", sut, "--retry-failed")[0] == 0
    code, out = kgtest("--workspace", ws, "report", "--out", str(tmp_path / "r"))
    assert code == 7 and "no judged runs yet" in out, out
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 0 and "2 of 2 replies correct" in out, out
