"""``kgtest run`` and ``kgtest serve-model`` as a user meets them."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.generator.case import write_suite
from kgtest.runner.run import read_replies

from ..runner.odd_server import Answer, completion, odd_server
from ..runner.suite_fixture import case
from .output import bare_punctuation

ECHO = "plugin:tests.runner.chatters:Echo"
ROOT = Path(__file__).resolve().parents[2]


def kgtest(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env={"NEO4J_URI": "", "KGTEST_STORE_URI": "", **(env or {})})
    assert not bare_punctuation(result.stdout), (args, result.stdout)
    return result.exit_code, result.stdout, result.stderr


def suite(tmp_path: Path) -> Path:
    path = tmp_path / "suite.jsonl"
    write_suite(path, [case(0, "Is A B?"), case(1, "Is C D?"), case(2, "Is E F?")])
    return path


def test_run_prints_the_summary_and_where_replies_went(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    code, out, _ = kgtest("--workspace", ws, "run", str(suite(tmp_path)), "--sut", ECHO, "--quiet")
    assert code == 0, out
    match = re.fullmatch(
        r"run ([0-9a-f]{12}) \(plugin:tests\.runner\.chatters:Echo\): 3 cases, 3 asked, 0 from cache, "
        r"0 failed replies \(\d+\.\d s asking\)\nreplies: (.+)\n"
        r"Replies recorded, not judged: `kgtest --workspace \S+ judge` decides which are correct "
        r"\(this command exits 0 "
        r"however many are wrong; 6 only when a reply failed to come back\)\.\n",
        out,
    )
    assert match, out
    replies = Path(match[2])
    assert replies == tmp_path / "ws" / "runs" / match[1] / "replies.jsonl"
    assert [r.text for _, r in read_replies(replies)] == ["1: Is A B?", "1: Is C D?", "1: Is E F?"]

    code, out, _ = kgtest(
        "--workspace", ws, "run", str(suite(tmp_path)), "--sut", ECHO, "--limit", "2", "--quiet"
    )
    assert code == 0 and "2 cases, 0 asked, 2 from cache, 0 failed replies" in out


def test_failed_replies_are_counted_named_and_fail_the_command(tmp_path: Path) -> None:
    spec = "plugin:tests.runner.chatters:Flaky?failures=1"
    ws = str(tmp_path / "ws")
    code, out, err = kgtest("--workspace", ws, "run", str(suite(tmp_path)), "--sut", spec, "--quiet")
    assert code == 6, "a run with failed replies must not look like a success to a script"
    assert "3 cases, 3 asked, 0 from cache, 1 failed replies" in out
    assert "ask them again with --retry-failed" in out
    assert "error: 1 replies failed" in err and "Traceback" not in err
    said = " ".join(err.split())  # the reason too: it said only "in the replies files" (probe-15)
    assert "1 replies failed (the first: " in said and "backend hiccup 1" in said, err


def test_replies_failed_in_transport_are_asked_again_by_the_same_command(tmp_path: Path) -> None:
    """It said to use --retry-failed, which they do not need: they are never cached."""

    def slow(request: object) -> Answer:
        time.sleep(3)
        return 200, {}, completion()

    ws, asked = str(tmp_path / "ws"), str(suite(tmp_path))
    with odd_server(slow) as (url, _):
        spec = f"openai:{url}?model=m"
        code, _, err = kgtest("--workspace", ws, "run", asked, "--sut", spec, "--timeout", "0.5", "--quiet")
    said = " ".join(err.split())
    assert code == 6 and "3 replies failed (the first: no reply from" in said, err
    assert "they failed in transport (timeouts, no connection): run the same command again" in said, err
    assert "--retry-failed" not in said


def test_an_unknown_system_is_an_error_listing_the_known_ones(tmp_path: Path) -> None:
    code, _, err = kgtest("--workspace", str(tmp_path / "ws"), "run", str(suite(tmp_path)), "--sut", "gpt5")
    assert code == 2
    assert (
        "error: Unknown --sut scheme 'gpt5'. Known --sut schemes: baseline, hf, openai, plugin, smollm2"
        in err
    )
    assert "Traceback" not in err


def test_an_unreachable_server_exits_with_the_runner_code(tmp_path: Path) -> None:
    spec = "openai:http://127.0.0.1:9/v1?model=m"
    code, _, err = kgtest(
        "--workspace",
        str(tmp_path / "ws"),
        "run",
        str(suite(tmp_path)),
        "--sut",
        spec,
        "--retries",
        "0",
        "--quiet",
    )
    assert code == 6
    assert "no OpenAI-compatible server answers at http://127.0.0.1:9/v1" in err


def test_serve_model_refuses_an_unset_key_variable() -> None:
    code, _, err = kgtest("serve-model", "--api-key-env", "KGTEST_UNSET_KEY", env={"KGTEST_UNSET_KEY": ""})
    assert code == 2 and "--api-key-env 'KGTEST_UNSET_KEY': the variable is not set" in err


def test_a_run_against_kgtest_serve_model(tmp_path: Path) -> None:
    """The two commands together, as a user would run them in two terminals."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kgtest.cli",
            "serve-model",
            "--sut",
            ECHO,
            "--name",
            "echo",
            "--port",
            str(port),
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()
        url = f"http://127.0.0.1:{port}/v1"
        assert banner == f"serving {ECHO} as model 'echo' at {url} (Ctrl-C stops)\n"
        spec = f"openai:{url}?model=echo"
        code, out, err = kgtest(
            "--workspace", str(tmp_path / "ws"), "run", str(suite(tmp_path)), "--sut", spec
        )
        assert code == 0, err
        assert "3 cases, 3 asked, 0 from cache, 0 failed replies" in out
        replies = [r for _, r in read_replies(Path(re.findall(r"^replies: (.+)$", out, re.M)[-1]))]
        assert [r.text for r in replies] == ["1: Is A B?", "1: Is C D?", "1: Is E F?"]
        assert all(r.system == spec for r in replies)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_an_empty_or_broken_suite_stops_the_run_with_file_and_line(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    code, _, err = kgtest("--workspace", ws, "run", str(empty), "--sut", ECHO, "--quiet")
    assert code == 5 and f"{empty} holds no test cases; write some with `kgtest --workspace {ws} gen`" in err
    broken = suite(tmp_path)
    broken.write_bytes(broken.read_bytes() + b"[1, 2]\n")
    code, _, err = kgtest("--workspace", ws, "run", str(broken), "--sut", ECHO, "--quiet")
    assert code == 5 and f"{broken}:4: not a kgtest test case: expected a JSON object" in err
    assert "Traceback" not in err
