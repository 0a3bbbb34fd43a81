"""Every command's usage errors exit with the README's code for them, in a real process, before any
work, with a message that says what to do (issue 41: some exited 3 or 7, one wrote a suite first)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from kgtest.cli.main import COMMANDS
from kgtest.generator.case import write_suite

from ..runner.suite_fixture import case
from .output import bare_punctuation
from .test_cli import run

README = Path(__file__).resolve().parents[2] / "README.md"
ECHO = "plugin:tests.runner.chatters:Echo"


def usage_code() -> int:
    """The README's exit code for "a configuration or usage error"."""
    rows = re.findall(r"^\| (\d[\d, ]*) \| (.+) \|$", README.read_text(encoding="utf-8"), flags=re.M)
    (code,) = [int(code) for code, meaning in rows if "usage error" in meaning]
    return code


def kgtest(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NEO4J_URI": "", "KGTEST_STORE_URI": "", "COLUMNS": "100"}
    return subprocess.run(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), *args],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip


def usage_errors(tmp: Path) -> list[tuple[tuple[str, ...], str]]:
    """(command line, what its error says) for each command: mistyped names, missing files, bad specs."""
    suite = tmp / "suite.jsonl"
    return [
        (("rnu",), "No such command 'rnu'. Did you mean 'run'?"),
        (("build-kb", str(tmp / "missing.nt")), "missing.nt: no such file"),
        (("build-kb", str(tmp)), "is a folder; give a dump file"),
        (("converse", "--sut", "gpt4"), "Unknown --sut scheme 'gpt4'"),
        (("converse", "--sut", ECHO, "--tests", "I99"), "injected tests are"),
        (("converse", "--sut", "plugin:no_such.bots:Bot"), "cannot import 'no_such.bots'"),
        (("converse", "--sut", ECHO, "--partner", "gpt4"), "Unknown --partner scheme 'gpt4'"),
        (("converse", "--sut", ECHO, "--turns", "100000000"), "100000000 is not in the range 1<=x<=1000"),
        (("converse", "--sut", ECHO, "--runs", "100000000"), "100000000 is not in the range 1<=x<=10000"),
        (("converse", "--sut", ECHO, "--max-distance", "10001"), "10001 is not in the range 1<=x<=1000"),
        (("db", "strat"), "No such command 'strat'"),
        (("dialogue", str(tmp / "missing.jsonl"), "--sut", ECHO), "does not exist"),
        (("export", "--to", "inspect", str(tmp / "missing.jsonl")), "does not exist"),
        (("gen", "--rules", "transitiv"), "Did you mean 'transitive'?"),
        (("gen", "--dialogues-from", str(tmp / "missing.json")), "does not exist"),
        (("gen", "--count", "2", "--temporal-count", "3"), "makes temporal cases only with --mtl-depth 1-4"),
        (("gen", "--count", "0"), "nothing to generate: give --count N"),
        (("gen", "--conversations", "1", "--turns", "5000"), "5000 is not in the range 1<=x<=1000"),
        (("import", str(tmp / "missing.jsonl")), "does not exist"),
        (("init", "--sut", "gpt4"), "Unknown --sut scheme 'gpt4'"),
        (("inspect", "nope"), "has a case 'nope'"),
        (("judge", "nope"), "no run matches 'nope'"),
        (("judge", "--fail-under", "nan"), "'nan' is not a number"),  # failed every run: exit 8 (probe-14b)
        (("judge", "--threshold", "nan"), "'nan' is not a number"),
        (("kb", "stat"), "Did you mean 'stats'?"),
        (("report", "nope"), "no run matches 'nope'"),
        (("run", str(suite), "--sut", "hf:/no/such/model"), "there is no folder /no/such/model"),
        (("run", str(suite), "--sut", ECHO, "--temperature", "-1"), "--temperature"),
        (("runs", "--jsno"), "Did you mean '--json'?"),
        (("serve-model", "--sut", "gpt4"), "Unknown --sut scheme 'gpt4'"),
    ]


def test_every_commands_usage_error_exits_with_the_readmes_code(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    suite = tmp_path / "suite.jsonl"
    write_suite(suite, [case(0, "Is A B?")])
    asked = kgtest(ws, "run", str(suite), "--sut", ECHO, "--quiet")  # a run, for `judge nope`
    assert asked.returncode == 0, asked.stderr
    wanted = usage_errors(tmp_path)
    assert {args[0] for args, _ in wanted} >= {*COMMANDS, "rnu"}, "a usage error for every command"
    code = usage_code()
    for args, says in wanted:
        returned, out, err = run("--workspace", str(ws), *args)  # in this process: 0.1 s, not 1 s, each
        said = " ".join(err.split())
        assert (returned, says in said) == (code, True), (args, returned, err)
        assert "Traceback" not in err and not bare_punctuation(out), args
    assert not list((ws / "suites").glob("conversations-*")), "converse checked its flags before any work"
    # and as a process ends: the code the shell sees
    with ThreadPoolExecutor(max_workers=2) as pool:
        first = {args[0]: (args, says) for args, says in reversed(wanted)}  # each command's first case
        shells = [first[name] for name in ("rnu", "build-kb", "inspect")]
        done = list(pool.map(lambda w: kgtest(ws, *w[0]), shells))
    assert [d.returncode for d in done] == [code] * 3, [d.stderr for d in done]


@pytest.mark.parametrize(
    ("config", "says"),
    [
        ('[[sut]]\nnmae = "a"\nspec = "smollm2"\n', "unknown key 'nmae' (did you mean 'name'?)"),
        ("[dialog]\n", "Did you mean [dialogue]?"),
    ],
)
def test_a_typo_in_the_config_is_a_usage_error_that_names_it(tmp_path: Path, config: str, says: str) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "kgtest.toml").write_text(config, encoding="utf-8")
    returned, _, err = run("--workspace", str(ws), "runs")
    assert returned == usage_code() and says in err, err
