"""Every command kgtest suggests carries the ``--workspace`` the user typed (cli/suggest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_cli import run


def test_hints_notes_and_errors_name_the_workspace_typed(tmp_path: Path) -> None:
    """Bare, `kgtest run` and `kgtest gen` went to ./kgtest-workspace, not the one the user named."""
    ws = tmp_path / "my ws"
    named = f"`kgtest --workspace '{ws}'"
    code, out, err = run("--workspace", str(ws), "runs")  # a hint the CLI prints
    assert code == 0 and f"{named} run` makes one" in out, out + err
    code, _, err = run("--workspace", str(ws), "inspect", "c1")  # an error from the API below
    assert code != 0 and f"{named} gen` writes suites" in " ".join(err.split()), err


def test_without_workspace_the_hints_stay_bare(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A workspace from the environment (or the default) is the one the next command finds too."""
    monkeypatch.setenv("KGTEST_WORKSPACE", str(tmp_path / "ws"))
    code, out, err = run("runs")
    assert code == 0 and "`kgtest run` makes one" in out, out + err
