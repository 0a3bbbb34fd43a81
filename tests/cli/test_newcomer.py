"""What a newcomer meets first (issue 41): names, run ids, waits and words as the commands print them."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.generator.case import Answer, EvidenceFact, Proof, TestCase, write_suite

from ..runner.suite_fixture import case
from .output import bare_punctuation
from .test_cli import run

ROOT = Path(__file__).resolve().parents[2]
NAMED = "plugin:tests.runner.chatters:Echo?who=x/y"
"""A spec the runner writes otherwise (``who=x%2Fy``): the run must keep the user's words."""


@pytest.fixture(scope="module")
def asked(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    """A workspace with one run of NAMED: (workspace, run id, what `kgtest run` printed)."""
    tmp = tmp_path_factory.mktemp("newcomer")
    suite = tmp / "suite.jsonl"
    write_suite(suite, [case(0, "Is A B?"), case(1, "Is C D?")])
    code, out, err = run("--workspace", str(tmp / "ws"), "run", str(suite), "--sut", NAMED)
    assert code == 0, err
    return tmp / "ws", re.findall(r"^run (\w+) ", out, flags=re.M)[0], out + err


def test_a_system_is_called_by_the_name_the_user_gave(asked: tuple[Path, str, str]) -> None:
    ws, run_id, printed = asked
    assert f"run {run_id} ({NAMED}): 2 cases" in printed and "%2F" not in printed
    code, out, _ = run("--workspace", str(ws), "runs", "--json")
    assert code == 0 and json.loads(out)[0]["name"] == NAMED
    code, out, err = run("--workspace", str(ws), "judge", "--no-graph", "--quiet")
    assert code == 0 and NAMED in "".join(out.split()) and "%2F" not in out, err  # the title wraps
    code, _, err = run("--workspace", str(ws), "report", "--out", str(ws / "shown"))
    assert code == 0, err
    assert json.loads((ws / "shown" / "report.json").read_text(encoding="utf-8"))["suts"] == [NAMED]


def test_a_wait_says_what_it_is_for_and_the_last_line_who_decides(asked: tuple[Path, str, str]) -> None:
    ws, _, printed = asked
    assert f"loading {NAMED}" in printed, "the bar while a system opens (a model loads for seconds)"
    assert (
        f"`kgtest --workspace {ws} judge` decides which are correct (this command exits 0 however many"
        in printed
    )


@pytest.mark.parametrize("columns", ["30", "80", "200"])
def test_runs_never_cuts_a_run_id(asked: tuple[Path, str, str], columns: str) -> None:
    ws, run_id, _ = asked
    env = {"NEO4J_URI": "", "KGTEST_STORE_URI": "", "COLUMNS": columns}
    shown = CliRunner().invoke(cli, ["--workspace", str(ws), "runs"], env=env)
    assert shown.exit_code == 0 and re.search(rf"(^|\W){run_id}(\W|$)", shown.stdout), shown.stdout
    assert "…" not in shown.stdout and "failed replies" in shown.stdout
    assert not bare_punctuation(shown.stdout)


def test_a_fact_with_no_known_end_is_shown_from_its_start(tmp_path: Path) -> None:
    """A proof printed Python's None: `[1995-None]`."""
    fact = EvidenceFact("Q64", "Berlin", "P190", "twinned administrative body", "Q1085", "Prague", 1995)
    proof = Proof("symmetric", "holds('Q1085', 'P190', 'Q64')", (fact,))
    question = "Is Prague twinned with Berlin?"
    asked = TestCase("c1", "fact", "symmetric", "places", question, question, Answer.YES, (fact,), proof)
    write_suite(tmp_path / "ws" / "suites" / "suite.jsonl", [asked])
    code, out, err = run("--workspace", str(tmp_path / "ws"), "inspect", "c1")
    assert code == 0, err
    assert "Berlin --twinned administrative body--> Prague [from 1995]" in out and "None" not in out
    spans = ((1, 5), (None, 5), (-43, -43))
    years = [EvidenceFact("a", "A", "p", "P", "b", "B", *span).years() for span in spans]
    assert years == ["1-5", "until 5", "44 BC"]


def test_the_quick_start_writes_nothing_outside_the_workspace() -> None:
    """It left `j.xml` in the repository's root."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme[readme.index("## Quick start") :]
    command = re.search(r"```bash\n(.+?)\n```", start, flags=re.S)
    assert command is not None
    words = shlex.split(command[1])
    written = [words[i + 1] for i, w in enumerate(words) if w in ("--junit", "--out", "--json")]
    assert [w for w in written if not w.startswith("kgtest-workspace/")] == []
    assert not [w for w in words if w == ">"], "no output redirected into the checkout"


def test_setup_says_what_each_long_step_is_for() -> None:
    """`.ci/setup` was silent for two minutes at a time."""
    lines = (ROOT / ".ci" / "setup").read_text(encoding="utf-8").splitlines()
    slow = ("apt-get install", '"${pip[@]}"', "python3 -m venv", "kgtest.kg.jvm_cache")
    for n, line in enumerate(lines):
        if any(s in line for s in slow) and not line.lstrip().startswith("#"):
            said = [x for x in lines[max(0, n - 3) : n + 1] if 'step "' in x]
            assert said, f".ci/setup line {n + 1} runs without saying what it does: {line.strip()}"


def test_stats_of_an_empty_knowledge_base_say_how_to_fill_it(tmp_path: Path) -> None:
    """They printed three empty tables and pointed at `kgtest kb check`, which refuses an empty KB."""
    ws = str(tmp_path / "ws")
    try:
        code, out, err = run("--workspace", ws, "kb", "stats")
        assert code == 0 and f"is empty: `kgtest --workspace {ws} build-kb example`" in out, out + err
        assert "kb check" not in out
    finally:
        run("--workspace", ws, "db", "stop")


def test_a_suite_named_as_the_help_names_it_is_found_in_the_workspace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`kgtest run suite.jsonl` and `kgtest export suites/suite.jsonl`, the help's examples, said
    "File 'suites/suite.jsonl' does not exist" from any folder but the workspace."""
    ws = tmp_path / "ws"
    write_suite(ws / "suites" / "suite.jsonl", [case(0, "Is A B?")])
    monkeypatch.chdir(tmp_path)
    for named in ("suite.jsonl", "suites/suite.jsonl"):
        code, out, err = run("--workspace", str(ws), "run", named, "--sut", "baseline:yes", "--quiet")
        assert code == 0 and "1 cases" in out, out + err
    code, out, err = run("--workspace", str(ws), "export", "suites/suite.jsonl", "--to", "lm-eval")
    assert code == 0 and "(1 cases)" in out, out + err
    code, _, err = run("--workspace", str(ws), "run", "sutie.jsonl", "--sut", "baseline:yes")
    said = " ".join(err.split())
    assert code == 2 and f"no file 'sutie.jsonl' here, in the workspace ({ws}) or in its suites/" in said, err


def test_init_names_the_workspace_given_in_its_next_commands(tmp_path: Path) -> None:
    """They were bare `kgtest gen` ..., which go to ./kgtest-workspace, not the one just made."""
    ws = tmp_path / "my ws"
    code, out, err = run("--workspace", str(ws), "init")
    named = f"kgtest --workspace '{ws}'"
    assert code == 0 and f"Next: {named} build-kb example && {named} gen && " in out, out + err
