"""``kgtest report``: where the models fail, case by case, as HTML, JSON and xlsx."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.oracle.verdicts import find_run
from kgtest.report.collect import judged_runs, latest_rows, read_judged
from kgtest.report.compare import diff
from kgtest.report.rates import build_report
from kgtest.report.render import write_report


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

    Each system counts once per case, as its latest judged run answered it. With --baseline,
    every system's cases are compared with that run's.

    \b
    kgtest report
    kgtest report 3f2a 9c1e
    kgtest report --baseline 3f2a     # what the newer runs fixed and broke
    """
    paths = app.settings.paths
    old = read_judged(find_run(paths, baseline)) if baseline else None
    judged = [read_judged(run) for run in judged_runs(paths, runs)]
    if old is not None:
        judged = [j for j in judged if j.header.run_id != old.header.run_id]
    rows = latest_rows(judged)
    diffs = []
    if old is not None:
        label = f"{old.header.run_id} ({old.header.name})"
        for sut in sorted({r.sut for r in rows}):
            diffs.append(diff(label, sut, old.rows, [r for r in rows if r.sut == sut]))
    written = write_report(
        build_report(rows, runs=[j.header for j in judged], diffs=diffs), out or paths.report
    )
    for kind, path in written.items():
        click.echo(f"{kind:>5}: {path}")
