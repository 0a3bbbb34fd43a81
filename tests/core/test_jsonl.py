"""core/jsonl.py: the lines of a JSON Lines file that hold a text, the others never decoded."""

from __future__ import annotations

import json
from pathlib import Path

from kgtest.core.jsonl import lines_holding, records_holding


def test_only_the_lines_holding_the_text_come_back(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_bytes(b'{"id": "ab12"}\n{"id": "cd34"}\n\xff\xfe ab12 broken\n{"id": "ab19", "of": "ab12"}\n')
    assert list(lines_holding(path, "ab12")) == ['{"id": "ab12"}\n', '{"id": "ab19", "of": "ab12"}\n']
    assert list(lines_holding(path, "zz")) == []


def test_a_missing_file_holds_nothing(tmp_path: Path) -> None:
    assert list(lines_holding(tmp_path / "gone.jsonl", "ab")) == []


def test_records_are_the_parsed_lines_a_line_that_is_no_record_passed_over(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text('{"id": "ab12"}\n{"id": "ab13"\n{"of": "ab14"}\n{"id": "cd34"}\n', encoding="utf-8")
    ids = list(records_holding(path, "ab", lambda line: json.loads(line)["id"]))
    assert ids == ["ab12"]  # broken JSON (ValueError) and no id (KeyError) are passed over


def test_a_line_nested_too_deep_is_passed_over(tmp_path: Path) -> None:
    """It raised RecursionError: a traceback from inspect for a case id on such a line."""
    path = tmp_path / "records.jsonl"
    path.write_text('{"id": "ab12", "x": ' + "[" * 100_000 + '\n{"id": "ab13"}\n', encoding="utf-8")
    assert list(records_holding(path, "ab", lambda line: json.loads(line)["id"])) == ["ab13"]
