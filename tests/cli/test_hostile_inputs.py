"""Hostile dialogue files and settings at the command line (issue 22, items 5 and 6): one clear
error and its exit code, never a traceback, and the workspace's suite left as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.core.workspace import CONFIG_NAME

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}


def kgtest(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={**ENV, **(env or {})})
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stderr
    return result.exit_code, " ".join(result.stderr.split())


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A workspace whose suite a bad command must leave alone."""
    ws = tmp_path / "ws"
    (ws / "suites").mkdir(parents=True)
    (ws / "suites" / "suite.jsonl").write_text('{"the": "old suite"}\n', encoding="utf-8")
    return ws


@pytest.mark.parametrize(
    ("content", "where"),
    [
        ('{"data": []}', "data: no usable dialogue (0 stories, none with a question and its answer)"),
        (
            '{"data": [{"id": "a", "story": "x", "questions": [], "answers": []}]}',
            "data: no usable dialogue (1 stories",
        ),
        ('{"data": ' + "[" * 200_000 + "]" * 200_000 + "}", "file: JSON nested too deep"),
        (
            json.dumps({"data": [{"id": "a", "story": "w " * 600_000, "questions": [], "answers": []}]}),
            "data[0].story: 1,200,000 characters, over the 100,000 kgtest reads",
        ),
    ],
)
def test_a_dialogue_file_with_nothing_usable_or_hostile_stops_gen_and_keeps_the_suite(
    tmp_path: Path, workspace: Path, content: str, where: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    suite = workspace / "suites" / "suite.jsonl"
    before = suite.read_bytes()
    code, err = kgtest("--workspace", str(workspace), "gen", "--dialogues-from", str(path), "--quiet")
    assert code == 5, err
    assert f"error: {path}: {where}" in err and "Nothing was written" in err
    assert suite.read_bytes() == before


@pytest.mark.parametrize(
    ("config", "env", "message"),
    [
        (
            "[battery.criteria]\ncoherence = inf\n",
            {},
            ":2: [battery] criteria.coherence = inf: input should be a finite",
        ),
        (
            "[battery.criteria]\ncoherence = 1e308\n",
            {},
            ":2: [battery] criteria.coherence = 1e+308: input should be",
        ),
        (
            "",
            {"KGTEST_RUN_MAX_TOKEN": "5"},
            "KGTEST_RUN_MAX_TOKEN is set, but kgtest reads no such variable. Did you "
            "mean KGTEST_RUN_MAX_TOKENS?",
        ),
        (
            "",
            {"KGTEST_STORE_URI": "garbage://x"},
            "KGTEST_STORE_URI: uri = 'garbage://x': value error, scheme",
        ),
        (
            "",
            {"NEO4J_URI": "http://x"},
            "NEO4J_URI: uri = 'http://x': value error, scheme 'http' is not Bolt",
        ),
    ],
)
def test_hostile_settings_exit_2_naming_the_key(
    workspace: Path, config: str, env: dict[str, str], message: str
) -> None:
    (workspace / CONFIG_NAME).write_text(config, encoding="utf-8")
    code, err = kgtest("--workspace", str(workspace), "gen", "--count", "1", "--quiet", env=env)
    assert code == 2 and message in err, err
    code, err = kgtest("--workspace", str(workspace), "kb", "stats", env=env)
    assert code == 2 and message in err, err


@pytest.mark.parametrize("flag", [("--store-uri", "garbage://x"), ("--store-uri", "bolt://[::1")])
def test_a_bad_store_uri_flag_exits_2(workspace: Path, flag: tuple[str, str]) -> None:
    code, err = kgtest("--workspace", str(workspace), *flag, "kb", "stats")
    assert code == 2 and "uri = " in err and "write bolt://" in err, err


def test_a_workspace_that_cannot_be_made_exits_2(tmp_path: Path) -> None:
    code, err = kgtest("--workspace", "/proc/kgtest-x", "gen", "--count", "1", "--quiet")
    assert code == 2 and "cannot make the workspace /proc/kgtest-x" in err, err
    code, err = kgtest("gen", "--count", "1", env={"KGTEST_WORKSPACE": "/proc/kgtest-y"})
    assert code == 2 and "cannot make the workspace /proc/kgtest-y" in err, err
