"""A suite file named on the command line: here, or else in the workspace.

The help examples (`kgtest run suite.jsonl`, `kgtest export suites/suite.jsonl`) name suites as
kgtest.toml's ``[run] suites`` does, inside the workspace; from the folder a newcomer works in
they were "File 'suites/suite.jsonl' does not exist", with `kgtest gen`'s suite right there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from kgtest.cli.main import AppContext
from kgtest.cli.suggest import with_workspace


class SuiteFile(click.Path):
    """A path to an existing file; one not there is looked for in the workspace and its suites/."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        path = Path(str(super().convert(value, param, ctx)))
        if path.exists() or path.is_absolute():
            return self._existing(path, param, ctx)
        app = ctx.find_object(AppContext) if ctx is not None else None
        if app is not None:
            workspace = app.paths
            for candidate in (workspace.root / path, workspace.suites / path):
                if candidate.is_file():
                    return candidate
            self.fail(
                with_workspace(
                    f"no file {str(path)!r} here, in the workspace ({workspace.root}) or in its suites/ "
                    "folder; `kgtest gen` writes suites/suite.jsonl there"
                ),
                param,
                ctx,
            )
        return self._existing(path, param, ctx)

    def _existing(self, path: Path, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        return Path(click.Path(exists=True, dir_okay=False, path_type=Path).convert(path, param, ctx))
