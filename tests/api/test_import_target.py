"""Where ``kgtest.import_questions`` writes: never over a suite it did not import from the same file."""

from __future__ import annotations

from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import ConfigError
from kgtest.generator.case import read_suite, write_suite

from ..runner.suite_fixture import case

QUESTIONS = "question,expected\nIs water wet?,Yes\n"


def test_a_questions_file_named_suite_never_replaces_the_generated_suite(tmp_path: Path) -> None:
    """`kgtest import suite.csv` replaced the 18 cases `kgtest gen` wrote with its 1, saying nothing."""
    ws = tmp_path / "ws"
    generated = ws / "suites" / "suite.jsonl"
    write_suite(generated, [case(0, "Is A B?"), case(1, "Is C D?")])
    before = generated.read_bytes()
    questions = tmp_path / "suite.csv"
    questions.write_text(QUESTIONS, encoding="utf-8")
    held = r"suite\.jsonl holds another suite \(made by kgtest gen, or by hand\); give --out FILE"
    with pytest.raises(ConfigError, match=held):
        kgtest.import_questions(questions, workspace=ws)
    assert generated.read_bytes() == before
    done = kgtest.import_questions(questions, workspace=ws, out=tmp_path / "mine.jsonl")
    assert done.cases == 1 and generated.read_bytes() == before


def test_the_same_file_imported_again_replaces_its_suite_another_of_that_name_does_not(
    tmp_path: Path,
) -> None:
    ws, first, other = tmp_path / "ws", tmp_path / "a" / "mine.csv", tmp_path / "b" / "mine.csv"
    for path in (first, other):
        path.parent.mkdir()
        path.write_text(QUESTIONS, encoding="utf-8")
    suite = kgtest.import_questions(first, workspace=ws).path
    first.write_text(QUESTIONS + "Is fire cold?,No\n", encoding="utf-8")
    assert kgtest.import_questions(first, workspace=ws).cases == 2
    with pytest.raises(ConfigError, match=rf"holds another suite \(imported from {first}\)"):
        kgtest.import_questions(other, workspace=ws)
    assert len(list(read_suite(suite))) == 2
