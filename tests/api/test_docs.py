"""docs/api.md's example runs as written: the public API from the KB to the report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def test_the_api_example_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None, "docs/api.md opens with a python example"
    monkeypatch.chdir(tmp_path)  # its workspace is a relative folder
    exec(compile(block.group(1), str(DOC), "exec"), {"__name__": "api_example"})
    assert (tmp_path / "kgtest-api-example" / "report" / "report.html").is_file()
