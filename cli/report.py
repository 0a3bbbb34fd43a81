"""``kgtest report``: where the models fail, as HTML with charts, JSON and xlsx."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.report.collect import judged_runs, latest_rows
from kgtest.report.rates import build_report
from kgtest.report.render import write_report


@click.command("report")
@click.argument("runs", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for report.html/.json/.xlsx. [default: WORKSPACE/report]")  # fmt: skip
@pass_app
def command(app: AppContext, runs: tuple[str, ...], out: Path | None) -> None:
    """Report on judged RUNS (ids or prefixes; default: every judged run in the workspace)."""
    paths = app.settings.paths
    rows = latest_rows(judged_runs(paths, runs))
    written = write_report(build_report(rows), out or paths.report)
    for kind, path in written.items():
        click.echo(f"{kind:>5}: {path}")
