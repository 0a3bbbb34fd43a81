"""How a suite was made (seed, request, KB build), kept beside it so a report can say so.

``kgtest gen`` writes ``suite.info.json`` next to ``suite.jsonl`` (core/workspace.py names it);
the runner copies it into each run's run.json, so a report still knows after the suite is
regenerated. It holds no date: the same seed and KB give the same file byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kgtest.core.files import write_atomic
from kgtest.core.workspace import Workspace


def forget_suite_info(suite: Path) -> None:
    """Before ``suite`` is replaced: a kill between the new suite and its info must not leave the
    old suite's info describing it (no info is honest; a stale one is not)."""
    Workspace.suite_info(suite).unlink(missing_ok=True)


def write_suite_info(suite: Path, info: dict[str, Any]) -> Path:
    path = Workspace.suite_info(suite)
    write_atomic(path, json.dumps(info, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    return path


def read_suite_info(suite: Path) -> dict[str, Any] | None:
    """The suite's info; None when it has none (written by hand or by an older kgtest) or it is unreadable."""
    try:
        data = json.loads(Workspace.suite_info(suite).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
