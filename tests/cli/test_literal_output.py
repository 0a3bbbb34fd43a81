"""Data printed in the terminal is shown as it is: no rich markup, no links, no escape sequences run."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.cli.text import visible
from kgtest.core.settings import load_settings
from kgtest.generator.case import Answer, EvidenceFact, Proof, TestCase, write_suite
from kgtest.runner.plugin import PluginSut
from kgtest.runner.sut import Sampling
from tests.kinds import ask_suite
from tests.runner.chatters import Echo

LABEL = "Dickens [/nope] closing [link=https://evil.example]click[/link] \x1b[2J\x1b]8;;https://x\x07"
SYSTEM = "plugin:[/x] [bold]model\x1b[31m"


def test_inspect_and_judge_print_labels_and_model_names_literally(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "ws", env={})
    fact = EvidenceFact("Q1", LABEL, "P19", "place of birth", "Q2", "Portsmouth [red]")
    proof = Proof("ground", "holds('Q1', 'P19', 'Q2')", (fact,))
    question = f"Was {LABEL} born in Portsmouth?"
    case = TestCase("c1", "fact", "ground", "people", question, question, Answer.YES, (fact,), proof)
    suite = tmp_path / "suite.jsonl"
    write_suite(suite, [case])
    ask_suite(suite, PluginSut(Echo(), SYSTEM), Sampling(), settings)
    runner = CliRunner()
    env = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
    judged = runner.invoke(
        cli, ["--workspace", str(settings.workspace), "judge", "--no-graph", "--quiet"], env=env
    )
    assert judged.exit_code == 0, judged.output
    assert "plugin:[/x]" in judged.stdout and "[bold]model\\x1b[31m" in judged.stdout  # the title wraps
    assert "\x1b" not in judged.stdout
    shown = runner.invoke(cli, ["--workspace", str(settings.workspace), "inspect", "c1"], env=env)
    assert shown.exit_code == 0, shown.output
    out = shown.stdout
    assert visible(question) in out and visible(SYSTEM) in out
    assert "Portsmouth [red]" in re.sub(r"\n +", "", out)  # the proof's line folds at the width
    assert "\x1b" not in out and "\x07" not in out, "no escape sequence reaches the terminal"
    assert "\\x1b[2J" in out and "[link=https://evil.example]click[/link]" in out


def test_an_error_message_carrying_data_is_printed_literally(tmp_path: Path) -> None:
    bad = tmp_path / "[bold]x\x1b[2J.jsonl"
    bad.write_text('{"schema": 1, "id": "[/nope]"}\n')
    result = CliRunner().invoke(
        cli,
        ["--workspace", str(tmp_path / "ws"), "run", str(bad), "--sut", "plugin:tests.runner.chatters:Echo"],
    )
    assert result.exit_code == 5 and "[bold]x\\x1b[2J.jsonl:1: not a kgtest test case" in result.stderr
    assert "\x1b" not in result.stderr
