"""``kgtest converse-report``: the conversation batteries' results as HTML, JSON and xlsx."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.report.battery import build_battery_report
from kgtest.report.battery_files import write_battery_report


@click.command("converse-report")
@click.argument("batteries", nargs=-1)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for battery.html/.json/.xlsx. [default: WORKSPACE/report/battery]")  # fmt: skip
@pass_app
def command(app: AppContext, batteries: tuple[str, ...], out: Path | None) -> None:
    """Report on judged BATTERIES (ids or prefixes; default: every judged battery), systems side by side."""
    settings = app.settings
    report = build_battery_report(settings.paths, batteries, settings.battery)
    for kind, path in write_battery_report(report, out or settings.paths.battery_report).items():
        click.echo(f"{kind:>5}: {path}")
