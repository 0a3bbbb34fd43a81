"""``kgtest.inspect`` with ids a user types: one that is the start of another, an empty one, a pasted file."""

from __future__ import annotations

from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import ConfigError


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    questions = tmp_path / "mine.jsonl"
    questions.write_text(
        '{"id": "q1", "question": "Is water wet?", "expected": "Yes"}\n'
        '{"id": "q10", "question": "Is fire cold?", "expected": "No"}\n',
        encoding="utf-8",
    )
    ws = tmp_path / "ws"
    kgtest.import_questions(questions, workspace=ws)
    return ws


def test_an_id_that_starts_another_is_still_found(workspace: Path) -> None:
    """'q1' matched q1 and q10 and was refused: case q1 could not be inspected at all."""
    assert kgtest.inspect("q1", workspace=workspace).case.question == "Is water wet?"
    assert kgtest.inspect("q10", workspace=workspace).case.question == "Is fire cold?"
    with pytest.raises(ConfigError, match=r"^'q' matches several cases: q1, q10$"):
        kgtest.inspect("q", workspace=workspace)


@pytest.mark.parametrize("given", ["", "  "])
def test_an_empty_id_asks_for_one(workspace: Path, given: str) -> None:
    """'' was taken as a prefix of every case: 'matches several cases' and ten ids."""
    with pytest.raises(ConfigError, match=r"^give a case id \(or the start of one\)"):
        kgtest.inspect(given, workspace=workspace)


def test_a_huge_id_is_not_echoed_whole(workspace: Path) -> None:
    with pytest.raises(ConfigError) as refused:
        kgtest.inspect("x" * 100_000, workspace=workspace)
    assert len(str(refused.value)) < 300 and "xxx...'" in str(refused.value)
