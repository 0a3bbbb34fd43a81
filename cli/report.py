"""``kgtest report``: where the models fail, as HTML with charts, JSON and xlsx."""

from __future__ import annotations

import json
from pathlib import Path

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.oracle.report import build_report
from kgtest.oracle.report_html import write_report
from kgtest.oracle.results import find_run, report_rows
from kgtest.runner.run import runs_dir


@click.command("report")
@click.argument("runs", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for report.html/.json/.xlsx. [default: WORKSPACE/report]")  # fmt: skip
@pass_app
def command(app: AppContext, runs: tuple[str, ...], out: Path | None) -> None:
    """Report on judged RUNS (ids or prefixes; default: every judged run in the workspace)."""
    workspace = app.settings.workspace
    if runs:
        folders = [find_run(workspace, r) for r in runs]
    else:
        folders = sorted(p.parent for p in runs_dir(workspace).glob("*/verdicts.jsonl"))
        if not folders:
            find_run(workspace, "latest")  # explains what to do when there are no runs at all
            raise click.ClickException("no judged runs yet; run `kgtest judge` first")
    # Runs in the order they were started: a case one system answered in several runs counts
    # once, as the latest run answered it.
    folders.sort(key=lambda folder: json.loads((folder / "run.json").read_text(encoding="utf-8"))["started"])
    latest = {(row.sut, row.case_id): row for folder in folders for row in report_rows(folder)}
    paths = write_report(build_report(latest.values()), out or workspace / "report")
    for kind, path in paths.items():
        click.echo(f"{kind:>5}: {path}")
