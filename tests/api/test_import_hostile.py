"""Questions files no reader should take: each a GenerationError naming the file, nothing written
(each was a traceback from `kgtest import`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import GenerationError


@pytest.mark.parametrize(
    ("name", "text", "why"),
    [
        ("big.csv", "question,expected\n" + "a" * 200_000 + ",Yes\n", "field larger than field limit"),
        ("deep.jsonl", "[" * 100_000 + "\n", "JSON nested too deeply"),
        (
            "half.jsonl",
            json.dumps({"id": "s1", "question": "Is \ud800 a character?", "expected": "Yes"}) + "\n",
            "question 's1' holds half of a character (a lone surrogate",
        ),
    ],
)
def test_a_questions_file_no_reader_takes_is_named_and_nothing_written(
    tmp_path: Path, name: str, text: str, why: str
) -> None:
    path, ws = tmp_path / name, tmp_path / "ws"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GenerationError, match=rf"^{path}: ") as refused:
        kgtest.import_questions(path, workspace=ws)
    assert why in str(refused.value)
    assert not (ws / "suites").exists() or not list((ws / "suites").iterdir())


@pytest.mark.parametrize(
    ("header", "row", "says"),
    [
        ("question,expected,question", "Paris?,Yes,Rome?", "'question' is named twice"),
        ("question,expected, expected", "Paris?,Yes,", "'expected' is named twice (columns 2 and 3)"),
        ("question,expected,", "Paris?,Yes,", "3 has no name (a comma ending the header?)"),
        ("Question,Expected", "Paris?,Yes", "'Question' is no column kgtest reads; did you mean 'question'?"),
        ("question;expected", "Paris?;Yes", "columns are separated by commas, not ';'"),
    ],
)  # fmt: skip
def test_a_csv_header_as_spreadsheets_write_it_is_named_with_what_to_do(
    tmp_path: Path, header: str, row: str, says: str
) -> None:
    """A column named twice kept the last one's cells and asked 'Rome?' (expected Yes),
    silently; a trailing comma said "unknown column ''" (probe-13)."""
    path, ws = tmp_path / "mine.csv", tmp_path / "ws"
    path.write_text(f"{header}\n{row}\n", encoding="utf-8")
    with pytest.raises(GenerationError, match=rf"^{path}:1: column ") as refused:
        kgtest.import_questions(path, workspace=ws)
    assert says in str(refused.value)
    assert not (ws / "suites").exists()
