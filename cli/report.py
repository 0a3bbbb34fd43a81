"""``kgtest report``: where the models fail, case by case, as HTML, JSON and xlsx."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.show import tell


@click.command("report")
@click.argument("runs", nargs=-1)
@click.option(
    "--baseline", help="A judged run (id or prefix) to compare with: fixed, newly failing, unchanged."
)
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder for report.html/.json/.xlsx. [default: WORKSPACE/report]")  # fmt: skip
@pass_app
def command(app: AppContext, runs: tuple[str, ...], baseline: str | None, out: Path | None) -> None:
    """Report on judged RUNS (ids or prefixes; default: every judged run in the workspace).

    One page with a section per kind: fact and temporal cases (rates, every case explained),
    dialogue cases (MORTAR's tables, each conflict drilled down) and conversations (battery
    tests, SWAN, histograms, every turn), systems side by side. Each system counts once per
    fact case, as its latest judged run answered it. With --baseline,
    every system's cases are compared with that run's.

    \b
    kgtest report
    kgtest report 3f2a 9c1e
    kgtest report --baseline 3f2a     # what the newer runs fixed and broke
    """
    drawn = api.make_report(runs, workspace=app.settings, baseline=baseline, out=out, tell=tell)
    for kind, path in drawn.paths.items():
        click.echo(f"{kind:>5}: {path}")
