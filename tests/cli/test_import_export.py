"""``kgtest import`` and ``kgtest export`` as a user types them: what they write, what they say, and
the exit code and message of a malformed file or a suite with nothing to export."""

from __future__ import annotations

import json
from pathlib import Path

from tests.api.harness_bots import QUESTIONS

from .test_cli import run


def test_import_then_export_to_both_harnesses(tmp_path: Path) -> None:
    ws, questions = tmp_path / "ws", tmp_path / "mine.jsonl"
    questions.write_text(QUESTIONS, encoding="utf-8")
    code, out, err = run("--workspace", str(ws), "import", str(questions))
    assert code == 0, err
    suite = ws / "suites" / "mine.jsonl"
    assert f"Wrote 6 cases to {suite}" in out and len(suite.read_text().splitlines()) == 6
    code, out, err = run("--workspace", str(ws), "export", str(suite), "--to", "inspect")
    folder = ws / "exports" / "mine-inspect"
    assert code == 0, err
    assert f"Wrote the inspect task kgtest_mine (6 cases) to {folder}" in out
    assert f"Run it: inspect eval {folder / 'task.py'} --model" in out
    assert "@task\ndef kgtest_mine() -> Task:" in (folder / "task.py").read_text()
    assert json.loads((folder / "kgtest.json").read_text())["workspace"] == str(ws.resolve())
    code, out, err = run("--workspace", str(ws), "export", str(suite), "--to", "lm-eval", "--out",
                         str(tmp_path / "task"))  # fmt: skip
    assert code == 0, err
    yaml = (tmp_path / "task" / "kgtest_mine.yaml").read_text()
    assert (
        "task: kgtest_mine\n" in yaml and 'doc_to_text: "{{input}}"' in yaml and "max_gen_toks: 256" in yaml
    )


def test_a_malformed_questions_file_exits_5_naming_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("question,expected\nIs it?,Yes\nIs it not?,Sometimes\n", encoding="utf-8")
    code, _, err = run("--workspace", str(tmp_path / "ws"), "import", str(bad))
    assert code == 5 and f"{bad}:3: field 'expected' = 'Sometimes': write Yes, No or I don't know" in err
    assert not (tmp_path / "ws" / "suites" / "bad.jsonl").exists()


def test_export_to_an_unknown_harness_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run("--workspace", str(tmp_path / "ws"), "export", "--to", "promptfoo")
    assert code == 2 and "'promptfoo' is not one of 'inspect', 'lm-eval'" in err
