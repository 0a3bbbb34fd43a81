"""One kgtest.toml for many systems (`init`, `run` with no --sut); runs that say how they ended (`runs`)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kgtest.core.config_template import starting_config
from kgtest.core.settings import load_settings, read_config
from kgtest.generator.case import write_suite
from kgtest.runner.run import read_replies
from kgtest.runner.runs import find_run
from kgtest.runner.transcript import read_transcripts

from ..runner.conftest import kgtest_run
from ..runner.suite_fixture import case
from .test_run_command import ROOT, kgtest, suite

ECHO = "plugin:tests.runner.chatters:Echo"


def test_init_writes_a_config_that_loads_and_keeps_a_changed_one(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    openai = "openai:http://127.0.0.1:8000/v1?model=qwen3"
    code, out, err = kgtest(
        "--workspace", str(ws), "init", "--sut", "smollm2", "--sut", openai, "--sut", ECHO
    )
    assert code == 0, err
    assert "with 3 system(s) under test: smollm2, qwen3, Echo." in out
    config = read_config(ws / "kgtest.toml")
    assert [(s.name, s.spec) for s in config.sut] == [
        ("smollm2", "smollm2"),
        ("qwen3", openai),
        ("Echo", ECHO),
    ]
    assert (ws / "kgtest.toml").read_text().startswith("# kgtest workspace settings")

    (ws / "kgtest.toml").write_text((ws / "kgtest.toml").read_text() + "\n# my notes\n")
    code, _, err = kgtest("--workspace", str(ws), "init")
    assert code == 2 and "exists and was changed" in err and "--force" in err
    assert (ws / "kgtest.toml").read_text().endswith("# my notes\n")
    edited = (ws / "kgtest.toml").read_text()
    code, out, _ = kgtest("--workspace", str(ws), "init", "--force")
    assert code == 0 and (ws / "kgtest.toml").read_text() == starting_config()
    assert (ws / "kgtest.toml.bak").read_text() == edited and "kgtest.toml.bak" in out  # lost (probe-14b)


def test_init_over_a_config_not_in_utf8_keeps_it(tmp_path: Path) -> None:
    # init read the old file as UTF-8 to see whether it had changed: a traceback (probe-14b)
    (tmp_path / "kgtest.toml").write_bytes(b"[run]\ntemperature = 0.5  # caf\xe9\n")
    code, _, err = kgtest("--workspace", str(tmp_path), "init")
    assert code == 2 and "exists and was changed" in err and "Traceback" not in err, err
    code, _, err = kgtest("--workspace", str(tmp_path), "init", "--force")
    assert code == 0, err
    assert (tmp_path / "kgtest.toml.bak").read_bytes().endswith(b"caf\xe9\n")


def test_init_replaces_the_untouched_config_any_command_wrote(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    assert kgtest("--workspace", ws, "runs")[0] == 0  # writes the starting config
    code, _, err = kgtest("--workspace", ws, "init", "--sut", ECHO)
    assert code == 0, err
    assert [s.name for s in read_config(tmp_path / "ws" / "kgtest.toml").sut] == ["Echo"]
    code, _, err = kgtest("--workspace", ws, "init", "--sut", "baseline:no")  # nor was init's own file
    assert code == 0, err  # it said "exists and was changed" (probe-13)
    assert [s.name for s in read_config(tmp_path / "ws" / "kgtest.toml").sut] == ["no"]


def test_two_names_for_one_system_are_refused_before_asking(tmp_path: Path) -> None:
    # Same spec and settings under two names made one run: the second's name replaced the first's
    # in run.json, and runs and the report showed one system of the two, without a word.
    ws = tmp_path / "ws"
    ws.mkdir()
    table = f'[[sut]]\nname = "a"\nspec = "{ECHO}"\n[[sut]]\nname = "b"\nspec = "{ECHO}"\n'
    (ws / "kgtest.toml").write_text(table)
    code, _, err = kgtest("--workspace", str(ws), "run", str(suite(tmp_path)), "--quiet")
    assert code == 2 and "kgtest.toml:6: [[sut]] 'b': 'a' and 'b' are one system to kgtest" in err, err
    assert not (ws / "runs").exists()
    (ws / "kgtest.toml").write_text(table + "max_tokens = 9\n")  # set apart: two runs
    code, out, err = kgtest("--workspace", str(ws), "run", str(suite(tmp_path)), "--quiet")
    assert code == 0 and "(a):" in out and "(b):" in out, err
    code, _, err = kgtest("--workspace", str(ws), "run", str(suite(tmp_path)), "--sut", "b", "--sut", "b")
    assert code == 2 and "'b' is given twice" in err


def test_init_refuses_an_unknown_scheme(tmp_path: Path) -> None:
    code, _, err = kgtest("--workspace", str(tmp_path), "init", "--sut", "gpt5")
    assert code == 2 and "Unknown --sut scheme 'gpt5'" in err


def test_a_bad_spec_in_the_config_is_named_where_it_is_written(tmp_path: Path) -> None:
    """It once read "Unknown --sut scheme 'nosuch'", naming a flag the user never typed."""
    ws = tmp_path / "ws"
    _configure(ws, '[[sut]]\nname = "a"\nspec = "nosuch:thing"\n\n[[sut]]\nname = "b"\n'
                   'spec = "openai:http://127.0.0.1:9/v1"\n')  # fmt: skip
    for name, line, why in (("a", 3, "Unknown --sut scheme 'nosuch'"), ("b", 7, "needs ?model=NAME")):
        code, _, err = kgtest("--workspace", str(ws), "run", str(suite(tmp_path)), "--sut", name)
        assert code == 2 and f"kgtest.toml:{line}: [[sut]] {name!r} spec = " in err and why in err, err


def _configure(ws: Path, body: str) -> None:
    ws.mkdir(parents=True, exist_ok=True)
    (ws / "kgtest.toml").write_text(body)


def test_run_with_no_sut_asks_every_configured_system_with_its_settings(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    path = suite(tmp_path)
    _configure(
        ws,
        f'[run]\nsuites = ["{path}"]\nmax_tokens = 100\n'
        f'[[sut]]\nname = "plain"\nspec = "{ECHO}"\n'
        f'[[sut]]\nname = "briefed"\nspec = "{ECHO}"\nsystem_prompt = "Be brief."\nmax_tokens = 7\n',
    )
    code, out, err = kgtest("--workspace", str(ws), "run", "--quiet")
    assert code == 0, err
    lines = [line for line in out.splitlines() if line.startswith("run ")]
    assert [line.split(": ")[0].split(" ", 2)[2] for line in lines] == ["(plain)", "(briefed)"]
    replies = [
        Path(line.removeprefix("replies: ")) for line in out.splitlines() if line.startswith("replies: ")
    ]
    plain, briefed = ([r for _, r in read_replies(p)] for p in replies)
    assert [r.text for r in plain] == ["1: Is A B?", "1: Is C D?", "1: Is E F?"]
    assert [r.text for r in briefed] == [
        "2: Is A B?",
        "2: Is C D?",
        "2: Is E F?",
    ]  # the system prompt came first
    assert plain[0].sampling.max_tokens == 100 and briefed[0].sampling.max_tokens == 7
    manifest = json.loads((replies[1].parent / "run.json").read_text())
    assert (manifest["name"], manifest["system_prompt"], manifest["status"]) == (
        "briefed",
        "Be brief.",
        "complete",
    )

    # A flag beats the file; --sut picks configured systems by name, or takes a spec.
    code, out, _ = kgtest(
        "--workspace", str(ws), "run", "--sut", "briefed", "--sut", ECHO, "--max-tokens", "9"
    )
    assert code == 0 and out.count("3 cases, 3 asked") == 2
    settings = {t.reply.sampling.max_tokens for t in read_transcripts(replies[0])}
    assert settings == {100}


def test_no_system_and_no_suite_are_explained(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    _configure(ws, "[run]\n")
    code, _, err = kgtest("--workspace", str(ws), "run", str(suite(tmp_path)))
    assert (
        code == 2
        and "no system under test: give --sut SPEC" in err
        and f"kgtest --workspace {ws} init" in err
    )
    code, _, err = kgtest("--workspace", str(ws), "run", "--sut", ECHO)
    assert (
        code == 2
        and f"no suite at {ws / 'suites' / 'suite.jsonl'}" in err
        and f"kgtest --workspace {ws} gen" in err
    )
    _configure(ws, '[run]\nsuites = ["suites"]\n')  # a folder, which is there: "no suite at" it misled
    (ws / "suites").mkdir(exist_ok=True)
    code, _, err = kgtest("--workspace", str(ws), "run", "--sut", ECHO)
    said = " ".join(err.split())
    assert code == 2 and f"{ws / 'suites'} is a folder ([run] suites in" in said
    assert "name suite files there" in said


def test_a_bad_spec_among_several_stops_before_anything_is_asked(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    code, _, err = kgtest("--workspace", str(ws), "run", str(suite(tmp_path)), "--sut", ECHO, "--sut", "gpt5")
    assert code == 2 and "Unknown --sut scheme 'gpt5'" in err
    assert not (ws / "runs").exists()


def _start(ws: Path, path: Path, log: Path) -> subprocess.Popen[str]:
    return kgtest_run(ws, path, log, delay=0.2)


def _wait_for_questions(log: Path, process: subprocess.Popen[str], n: int) -> None:
    deadline = time.monotonic() + 60
    while (not log.exists() or len(log.read_text().splitlines()) < n) and process.poll() is None:
        assert time.monotonic() < deadline, "the run asked nothing within a minute"
        time.sleep(0.02)


def _runs(ws: Path) -> list[dict[str, object]]:
    code, out, err = kgtest("--workspace", str(ws), "runs", "--json")
    assert code == 0, err
    rows: list[dict[str, object]] = json.loads(out)
    return rows


def test_stopped_and_killed_runs_are_never_the_latest_finished_one(tmp_path: Path) -> None:
    ws, log = tmp_path / "ws", tmp_path / "asked.log"
    first = suite(tmp_path)
    assert kgtest("--workspace", str(ws), "run", str(first), "--sut", ECHO, "--quiet")[0] == 0
    finished = _runs(ws)[0]["run_id"]

    long = tmp_path / "long.jsonl"
    write_suite(long, [case(i, f"Question {i}?") for i in range(30)])
    stopped = _start(ws, long, log)
    _wait_for_questions(log, stopped, 2)
    stopped.send_signal(signal.SIGTERM)
    out, _ = stopped.communicate(timeout=60)
    assert stopped.returncode != 0, out
    assert "interrupted: run the same command again to go on" in out and "Aborted!" not in out, out
    rows = {r["run_id"]: r for r in _runs(ws)}
    (interrupted,) = [r for r in rows.values() if r["run_id"] != finished]
    assert interrupted["status"] == "interrupted" and interrupted["error"] == "KeyboardInterrupt"

    killed = _start(ws, long, log)
    _wait_for_questions(log, killed, len(log.read_text().splitlines()) + 2)
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=60)
    manifest = json.loads((ws / "runs" / str(interrupted["run_id"]) / "run.json").read_text())
    assert manifest["status"] == "running"  # what the killed process left behind ...
    assert {r["run_id"]: r["status"] for r in _runs(ws)}[
        interrupted["run_id"]
    ] == "interrupted"  # ... read right

    code, out, _ = kgtest("--workspace", str(ws), "runs", env={"COLUMNS": "200"})
    assert (
        "interrupted" in out
        and "complete" in out
        and f"run the same `kgtest --workspace {ws} run` (or" in out.lower()
    )
    code, _, err = kgtest("--workspace", str(ws), "judge", str(interrupted["run_id"]), "--no-graph")
    assert (
        code == 7 and "is interrupted" in err and f"run the same `kgtest --workspace {ws} run` again" in err
    )
    assert find_run(load_settings(ws, env={}).paths, "latest").run_id == finished


def test_a_second_process_asking_the_same_run_is_refused(tmp_path: Path) -> None:
    ws, log = tmp_path / "ws", tmp_path / "asked.log"
    path = tmp_path / "long.jsonl"
    write_suite(path, [case(i, f"Question {i}?") for i in range(300)])  # a minute: time enough to collide
    first = _start(ws, path, log)
    try:
        _wait_for_questions(log, first, 1)
        assert _runs(ws)[0]["status"] == "running"
        second = _start(ws, path, log)  # the same system: the same run
        out, _ = second.communicate(timeout=60)
        assert second.returncode == 6 and "is being asked by process" in out, out
    finally:
        first.send_signal(signal.SIGTERM)
        first.communicate(timeout=60)


_JUDGE_AND_TELL = """
import json, sys
from kgtest.cli.main import cli
try:
    cli.main(sys.argv[1:], prog_name="kgtest")
except SystemExit as exit_:
    code = exit_.code
loaded = [m for m in ("spacy", "sentence_transformers", "torch", "jpype") if m in sys.modules]
print(json.dumps({"code": code, "loaded": loaded}))
"""


def test_judge_checks_its_input_before_it_loads_a_model_or_the_database(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    path = suite(tmp_path)
    assert kgtest("--workspace", str(ws), "run", str(path), "--sut", ECHO, "--quiet")[0] == 0
    path.unlink()  # the run's suite is gone
    done = subprocess.run(
        [sys.executable, "-c", _JUDGE_AND_TELL, "--workspace", str(ws), "judge"],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    told = json.loads(done.stdout.strip().splitlines()[-1])
    assert told == {"code": 7, "loaded": []}, done.stderr
    assert f"was made from {path}, which no longer exists" in done.stderr
    assert "put the suite back there" in " ".join(done.stderr.split())  # and what to do (probe-13)

    (ws / "runs").joinpath(json.loads(kgtest("--workspace", str(ws), "runs", "--json")[1])[0]["run_id"],
                           "replies.jsonl").write_text("{not json\n")  # fmt: skip
    path.write_text("")
    code, _, err = kgtest("--workspace", str(ws), "judge", "--no-graph")
    assert code == 7 and "replies.jsonl:1: not a kgtest transcript" in err


def test_an_empty_suites_list_is_an_error_not_a_silent_run_of_nothing(tmp_path: Path) -> None:
    """`[run] suites = []` and `kgtest run --sut X` exited 0 having asked nothing, saying nothing."""
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "kgtest.toml").write_text("[run]\nsuites = []\n", encoding="utf-8")
    code, out, err = kgtest("--workspace", str(ws), "run", "--sut", ECHO, "--quiet")
    assert code == 2 and "[run] suites in" in err and "is empty: list a suite there" in err, (out, err)
    assert not (ws / "runs").exists()
