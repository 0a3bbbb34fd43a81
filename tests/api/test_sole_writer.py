"""Two `kgtest gen` (or `import`) to one suite file at once: the second is refused, not raced. Both
said "Wrote N cases" while one's suite replaced the other's (probe-13)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import ConfigError
from kgtest.core.settings import load_settings

HOLD = """
import sys, time
from pathlib import Path
from kgtest.core.sole_writer import sole_writer
with sole_writer(Path(sys.argv[1]), Path(sys.argv[2]), "kgtest gen"):
    print("held", flush=True)
    time.sleep(60)
"""


def test_a_second_writer_of_a_suite_is_refused_and_named(tmp_path: Path) -> None:
    ws, questions = tmp_path / "ws", tmp_path / "mine.jsonl"
    questions.write_text('{"question": "Is Paris in France?", "expected": "Yes"}\n', encoding="utf-8")
    paths = load_settings(ws, env={}).paths
    suite = paths.suites / "mine.jsonl"
    with subprocess.Popen(
        [sys.executable, "-c", HOLD, str(suite), str(paths.cache / "locks")],
        stdout=subprocess.PIPE,
        text=True,
    ) as other:
        try:
            assert other.stdout is not None and other.stdout.readline() == "held\n"
            with pytest.raises(
                ConfigError, match=rf"{suite} is being written by kgtest gen \(process {other.pid}\)"
            ):
                kgtest.import_questions(questions, workspace=ws)
            with pytest.raises(ConfigError, match="give --out FILE to have this kgtest gen write elsewhere"):
                kgtest.generate(
                    kgtest.GenRequest(questions=kgtest.SuiteRequest(count=2)), workspace=ws, out=suite
                )
            assert not suite.exists(), "nothing written"
        finally:
            other.kill()
    began = time.monotonic()
    assert kgtest.import_questions(questions, workspace=ws).cases == 1  # the lock went with the process
    assert time.monotonic() - began < 10
