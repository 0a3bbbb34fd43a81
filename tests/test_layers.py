"""The pipeline's layering: a stage imports only itself and the stages before it.

    core < kg < prolog < generator < runner < oracle < report < api < cli

Lazy imports inside functions count too: a backend chosen at run time is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("core", "kg", "prolog", "generator", "runner", "oracle", "report", "api", "cli")
RANK = {name: rank for rank, name in enumerate(LAYERS)}


def imported_stages(source: str) -> set[str]:
    """The kgtest stages a module's source imports, wherever the import statement is."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == "kgtest" and node.level == 0:
            names = [f"kgtest.{alias.name}" for alias in node.names]  # from kgtest import api
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "kgtest" and len(parts) > 1:
                found.add(parts[1])
    return found


def violations(stage: str, source: str) -> list[str]:
    """Stages imported by a module of ``stage`` that come later in the pipeline (or are unknown)."""
    return sorted(s for s in imported_stages(source) if RANK.get(s, len(LAYERS)) > RANK[stage])


@pytest.mark.parametrize("stage", LAYERS)
def test_a_stage_imports_only_earlier_stages(stage: str) -> None:
    modules = sorted((ROOT / stage).rglob("*.py"))
    assert modules, f"no modules in {stage}/"
    wrong = {
        str(path.relative_to(ROOT)): bad
        for path in modules
        if (bad := violations(stage, path.read_text(encoding="utf-8")))
    }
    assert not wrong, f"imports of later stages (order: {' < '.join(LAYERS)}): {wrong}"


def test_the_check_catches_a_later_stage_imported_anywhere() -> None:
    lazy = "def f():\n    from kgtest.oracle.judge import Judge\n    import kgtest.report.rates\n"
    assert violations("generator", lazy) == ["oracle", "report"]
    assert violations("oracle", "from kgtest.runner.run import read_replies\n") == []
    assert violations("kg", "import kgtest.unknown_stage\n") == ["unknown_stage"]
    assert violations("core", "from . import records\nimport json\n") == []


def test_the_command_line_wraps_the_public_api_alone() -> None:
    """cli/ imports the public API and the shared core, never a stage: every command parses its
    flags, calls ``kgtest.api`` and prints (the orchestration lives in api/)."""
    wrong = {
        str(path.relative_to(ROOT)): sorted(found - {"api", "core", "cli"})
        for path in sorted((ROOT / "cli").rglob("*.py"))
        if (found := imported_stages(path.read_text(encoding="utf-8"))) - {"api", "core", "cli"}
    }
    assert not wrong, f"cli/ modules importing stages instead of kgtest.api: {wrong}"


def test_the_check_sees_the_api_imported_from_the_package() -> None:
    assert imported_stages("from kgtest import api\n") == {"api"}
    assert imported_stages("from kgtest import oracle as o\nimport kgtest.kg.store\n") == {"oracle", "kg"}
