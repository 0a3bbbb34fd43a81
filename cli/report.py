"""``kgtest report``: where the models fail, case by case, as HTML, JSON and xlsx."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal
from kgtest.core.errors import OracleError
from kgtest.core.progress import stderr
from kgtest.oracle.verdicts import find_run
from kgtest.report.battery import build_battery_report
from kgtest.report.collect import dialogue_sections, judged_runs, latest_rows, read_judged
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
    paths = app.settings.paths
    old = read_judged(find_run(paths, baseline)) if baseline else None
    judged = []
    for run in judged_runs(paths, runs):
        try:
            judged.append(read_judged(run))
        except OracleError as exc:
            if runs:  # named: the user wants this one, so say why it cannot be shown
                raise
            stderr.print(literal(f"left out: run {run.run_id}: {exc}"))
    if old is not None:
        judged = [j for j in judged if j.header.run_id != old.header.run_id]
    rows = latest_rows(judged)
    diffs = []
    if old is not None:
        label = f"{old.header.run_id} ({old.header.name})"
        for sut in sorted({r.sut for r in rows}):
            diffs.append(diff(label, sut, old.rows, [r for r in rows if r.sut == sut]))
    batteries = [j.battery for j in judged if j.battery is not None]
    report = build_report(
        rows,
        runs=[j.header for j in judged],
        diffs=diffs,
        dialogues=dialogue_sections(judged),
        battery=build_battery_report(batteries, app.settings.battery) if batteries else None,
    )
    written = write_report(report, out or paths.report)
    for kind, path in written.items():
        click.echo(f"{kind:>5}: {path}")
