"""A run's files cut short, mangled or rewritten under its verdicts (the eleventh probe): each is
named with what to do, nothing stale is trusted, nothing ends in a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.core.workspace import Workspace
from kgtest.generator.case import write_suite
from kgtest.runner.runs import keep_suite
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


def test_replies_cut_short_are_named_not_judged_as_a_smaller_run(tmp_path: Path) -> None:
    ws, folder = _judged_run(tmp_path)
    replies = folder / "replies.jsonl"
    replies.write_text(replies.read_text(encoding="utf-8").splitlines(keepends=True)[0], encoding="utf-8")
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 7 and f"{replies} holds 1 of the run's 2 cases" in out, out
    replies.write_text("", encoding="utf-8")
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert (
        code == 7 and "holds 0 of the run's 2 cases" in out and f"`kgtest --workspace {ws} run` again" in out
    )


def test_replies_that_are_not_utf8_name_the_line_without_a_traceback(tmp_path: Path) -> None:
    ws, folder = _judged_run(tmp_path)
    replies = folder / "replies.jsonl"
    first, second = replies.read_bytes().splitlines(keepends=True)
    replies.write_bytes(first + second[:20] + b"\xff" + second[20:])
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 7 and f"{replies}:2: not UTF-8 (byte 0xff at column 21)" in out, out


def test_a_run_json_cut_short_is_named_and_the_same_run_asked_again_starts_it_clean(tmp_path: Path) -> None:
    ws, folder = _judged_run(tmp_path)
    manifest = folder / "run.json"
    manifest.write_text(manifest.read_text(encoding="utf-8")[:120], encoding="utf-8")
    for command in ("judge", "report"):
        code, out = kgtest("--workspace", ws, command, folder.name[:6])
        assert code == 7 and f"{manifest}: not a kgtest run manifest" in out, out
        assert f"`kgtest --workspace {ws} run` again" in out and "no run matches" not in out, out
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")  # latest: the only run is unreadable
    assert code == 7 and f"{manifest}: not a kgtest run manifest" in out, out
    suite, said = tmp_path / "s.jsonl", tmp_path / "said.txt"
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", f"{FROM_FILE}?path={said}")
    assert code == 0 and "2 cases, 0 asked, 2 from cache" in out, out
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 0 and "2 of 2 replies correct" in out, out


def test_a_malformed_or_empty_suite_is_named_before_any_system_is_opened(tmp_path: Path) -> None:
    bad, empty, ws = tmp_path / "bad.jsonl", tmp_path / "empty.jsonl", str(tmp_path / "ws")
    write_suite(bad, [case(0, "Is Paris in France?")])
    bad.write_text(bad.read_text(encoding="utf-8") + '{"id": "c1", oops\n', encoding="utf-8")
    empty.write_text("", encoding="utf-8")
    for suite, error in ((bad, f"{bad}:2: not a kgtest test case"), (empty, f"{empty} holds no test cases")):
        code, out = kgtest(
            "--workspace", ws, "run", str(suite), "--sut", "plugin:tests.runner.hostile_bots:Unopenable"
        )
        assert code == 5 and error in out and "opened" not in out, out


def test_an_output_under_a_file_is_named_without_a_traceback(tmp_path: Path) -> None:
    ws, _ = _judged_run(tmp_path)
    notes = tmp_path / "notes.txt"
    notes.write_text("mine", encoding="utf-8")
    questions = tmp_path / "q.csv"
    questions.write_text("question,expected\nIs Paris in France?,Yes\n", encoding="utf-8")
    for args in (
        ("report", "--out", f"{notes}/report"),
        ("judge", "--no-graph", "--junit", f"{notes}/kgtest.xml"),
        ("import", str(questions), "--out", f"{notes}/suite.jsonl"),
    ):
        code, out = kgtest("--workspace", ws, *args)
        assert (
            code == 2 and f"cannot write {notes}" in out and "a file stands where a folder is needed" in out
        )
    assert notes.read_text(encoding="utf-8") == "mine"


def test_runs_asked_from_a_suite_that_is_replaced_are_still_judged_from_it(tmp_path: Path) -> None:
    """A new suite written over the old one (`kgtest gen` again, `kgtest import --out`) left every
    run asked from it unjudgeable: 'suite.jsonl has no case ...; was the suite regenerated?'."""
    ws, questions, suite = str(tmp_path / "ws"), tmp_path / "q.csv", tmp_path / "suite.jsonl"
    sut = "plugin:tests.runner.chatters:Echo"
    runs = []
    for question in ("Is Paris in France?", "Is Rome in Spain?"):
        questions.write_text(f"question,expected\n{question},Yes\n", encoding="utf-8")
        assert kgtest("--workspace", ws, "import", str(questions), "--out", str(suite))[0] == 0
        code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", sut)
        assert code == 0, out
        runs.append(out.split("run ", 1)[1].split(" ", 1)[0])
    first, second = runs
    assert (tmp_path / "ws" / "runs" / first / "suite.jsonl").is_file()
    assert not (tmp_path / "ws" / "runs" / second / "suite.jsonl").exists()
    for run_id in runs:
        code, out = kgtest("--workspace", ws, "judge", run_id, "--no-graph")
        assert code == 0 and "of 1 replies correct" in out, out
    code, out = kgtest("--workspace", ws, "report", "--out", str(tmp_path / "r"))
    assert code == 0 and "left out" not in out, out


def test_judging_again_mends_a_damaged_scores_file(tmp_path: Path) -> None:
    """judge read the old scores.json before writing the new one: 'judge the run again' failed alike."""
    ws, folder = _judged_run(tmp_path)
    (folder / "scores.json").write_bytes(b"\xff[{")
    code, out = kgtest("--workspace", ws, "report", folder.name, "--out", str(tmp_path / "r"))
    assert code == 7 and "scores.json: not kgtest scores" in out and "judge the run again" in out, out
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 0 and "2 of 2 replies correct" in out, out
    assert kgtest("--workspace", ws, "report", folder.name, "--out", str(tmp_path / "r"))[0] == 0


def test_run_files_nested_too_deep_are_named_without_a_traceback(tmp_path: Path) -> None:
    """A replies.jsonl line or a run.json of 100,000 '[' raised RecursionError: a traceback from
    judge, runs and report (the probe's twelfth session)."""
    ws, folder = _judged_run(tmp_path)
    replies, manifest = folder / "replies.jsonl", folder / "run.json"
    first, second = replies.read_bytes().splitlines(keepends=True)
    replies.write_bytes(first + b"[" * 100_000 + b"\n")
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 7 and f"{replies}:2: not a kgtest transcript: JSON nested too deeply" in out, out
    replies.write_bytes(first + second)
    manifest.write_bytes(b"[" * 100_000)
    code, out = kgtest("--workspace", ws, "runs")
    assert code == 0 and "not a kgtest run manifest (JSON nested too deeply)" in out, out
    for command in ("judge", "report"):
        code, out = kgtest("--workspace", ws, command, folder.name[:6])
        assert code == 7 and f"{manifest}: not a kgtest run manifest (JSON nested too deeply)" in out, out


def test_report_names_the_runs_it_left_out_because_they_are_not_judged(tmp_path: Path) -> None:
    """A newcomer who ran a second system and forgot `kgtest judge` got a report without it, and
    nothing said so (probe-13)."""
    ws, folder = _judged_run(tmp_path)
    code, out = kgtest("--workspace", ws, "run", str(tmp_path / "s.jsonl"), "--sut", "baseline:no")
    assert code == 0, out
    [other] = [f.name for f in (tmp_path / "ws" / "runs").iterdir() if f != folder]
    code, out = kgtest("--workspace", ws, "report", "--out", str(tmp_path / "r"))
    said = " ".join(out.split())
    assert code == 0 and f"not judged: {other}; `kgtest --workspace {ws} judge RUN` judges one" in said, out
    assert kgtest("--workspace", ws, "judge", other, "--no-graph")[0] == 0
    assert "not judged" not in kgtest("--workspace", ws, "report", "--out", str(tmp_path / "r"))[1]


def test_judge_says_when_replies_failed_and_how_to_ask_them_again(tmp_path: Path) -> None:
    # A run whose system was down judged as "raw 0 of 2 replies correct" and, with a gate, exit 8
    # "under --fail-under": no word that no reply had come back (probe-14b).
    suite, ws = tmp_path / "s.jsonl", str(tmp_path / "ws")
    write_suite(suite, [case(0, "Is Paris in France?"), case(1, "Is Rome in Italy?")])
    down = "plugin:tests.runner.chatters:Flaky?failures=1000"
    assert kgtest("--workspace", ws, "run", str(suite), "--sut", down)[0] == 6
    code, out = kgtest("--workspace", ws, "judge", "--no-graph", "--fail-under", "0.5")
    said = " ".join(out.split())
    assert code == 8 and "note: 2 of 2 cases have no reply" in said, out
    assert f"the same `kgtest --workspace {ws} run` with --retry-failed asks them again" in said
    code, out = kgtest("--workspace", ws, "judge", "--no-graph")
    assert code == 0 and "2 of 2 cases have no reply" in " ".join(out.split())


def test_runs_says_which_runs_suite_was_made_again_since(tmp_path: Path) -> None:
    # gen over a suite keeps each earlier run a copy; `runs` listed the old run and a new one both
    # as suite.jsonl, though they were asked different cases (probe-14b).
    ws, folder = _judged_run(tmp_path)
    suite = tmp_path / "s.jsonl"
    old_case = json.loads(suite.read_text(encoding="utf-8").splitlines()[0])["id"]
    assert keep_suite(Workspace(Path(ws)), suite) == [folder.name]  # what gen does before writing
    write_suite(suite, [case(2, "Is Oslo in Norway?")])
    code, out = kgtest("--workspace", ws, "inspect", old_case)  # said "no suite ... has a case"
    assert code == 0 and "Is Paris in France?" in out and folder.name in out, out
    code, out = kgtest("--workspace", ws, "run", str(suite), "--sut", "baseline:yes")
    assert code == 0, out
    code, out = kgtest("--workspace", ws, "runs", "--json")
    rows = {row["run_id"]: row["suite_made_again"] for row in json.loads(out)}
    assert rows.pop(folder.name) is True and list(rows.values()) == [False]
    code, out = kgtest("--workspace", ws, "runs")
    assert code == 0 and out.count("made again since") == 1, out
