"""A run killed mid-way (SIGKILL, no clean-up) continues where it stopped and asks nothing twice."""

from __future__ import annotations

import re
import signal
import sqlite3
import time
from pathlib import Path

from kgtest.runner.cache import ReplyCache
from kgtest.runner.run import read_replies
from tests.runner.conftest import MakeSuite, kgtest_run


def asked(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_a_killed_run_resumes_without_asking_twice(tmp_path: Path, make_suite: MakeSuite) -> None:
    prompts = [f"Was person {i} born in 18{i:02d}?" for i in range(12)]
    suite, workspace, log = make_suite(*prompts), tmp_path / "ws", tmp_path / "asked.log"

    first = kgtest_run(workspace, suite, log)
    deadline = time.monotonic() + 60
    while len(asked(log)) < 4 and first.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert first.returncode == -signal.SIGKILL, "the run finished before it could be killed"

    with sqlite3.connect(workspace / "cache" / "replies.sqlite") as db:
        keys = [key for (key,) in db.execute("SELECT key FROM replies")]
    with ReplyCache(workspace / "cache" / "replies.sqlite") as cache:
        stored = {cache.conversation(key)[0]["content"] for key in keys}
    before = len(asked(log))
    assert 3 <= len(stored) < len(prompts)

    second = kgtest_run(workspace, suite, log)
    output, _ = second.communicate(timeout=120)
    assert second.returncode == 0, output
    asked_again = asked(log)[before:]
    assert sorted(asked_again) == sorted(set(prompts) - stored)  # each missing one once, no stored one again
    counted = f"{len(prompts)} cases, {len(asked_again)} asked, {len(stored)} from cache, 0 failed replies"
    assert counted in output
    replies_file = Path(re.findall(r"^replies: (.+)$", output, flags=re.M)[-1])
    assert [cid for cid, _ in read_replies(replies_file)] == [f"c{i}" for i in range(len(prompts))]
