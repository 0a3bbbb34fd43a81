"""``list_runs``: every run of a workspace with its status (``kgtest runs``)."""

from __future__ import annotations

from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.runner.manifest import RunInfo, Unreadable, scan_runs


def list_runs(*, workspace: WorkspaceLike = None) -> tuple[list[RunInfo], list[Unreadable]]:
    """Every run, oldest first, and apart the run folders whose run.json cannot be read (with why)."""
    return scan_runs(settings_of(workspace).paths)
