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
