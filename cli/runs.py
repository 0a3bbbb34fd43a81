"""``kgtest runs``: every run in the workspace with its status, so a failed or killed one is plain to see."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Column, Table
from rich.text import Text

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.suggest import with_workspace
from kgtest.cli.text import literal, visible

_COLUMNS = ("run", "status", "system", "suite", "cases", "failed replies", "judged", "started")
_STYLES = {
    "complete": "green",
    "running": "yellow",
    "failed": "red",
    "interrupted": "red",
    "unreadable": "red",
}


@click.command("runs")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@pass_app
def command(app: AppContext, as_json: bool) -> None:
    """List the runs in the workspace, oldest first: status, system, suite, cases per kind, counts.

    A run is `complete` (its replies can be judged), `running` (a process is asking it now),
    `failed` (it stopped with an error, shown) or `interrupted` (Ctrl-C, or its process died);
    run the same `kgtest run` again to finish a failed or interrupted one. A run folder whose
    run.json cannot be read is listed last as `unreadable`, with why, and left out of every
    other command.
    """
    runs, unreadable = api.list_runs(workspace=app.settings)
    if as_json:
        rows = [
            {
                "run_id": r.run_id, "status": r.status, "name": r.name, "system": r.manifest.system,
                "suite": r.manifest.suite, "suite_made_again": api.suite_made_again(r.files, r.manifest),
                "cases": r.manifest.cases, "kinds": r.manifest.kinds,
                "failed": r.manifest.failed, "judged": r.judged, "started": r.started, "finished": r.finished,
                "error": r.error, "shard": r.shard,
            }
            for r in runs
        ]  # fmt: skip
        rows += [{"run_id": u.run_id, "status": "unreadable", "error": u.why} for u in unreadable]
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not runs and not unreadable:
        click.echo(with_workspace(f"No runs in {app.settings.paths.runs} yet; `kgtest run` makes one."))
        return
    cells: list[list[Text]] = []
    for r in runs:
        status = Text(r.status, style=_STYLES.get(r.status, ""))
        if r.error and r.status != "complete":
            status.append(visible(f"\n{with_workspace(r.error)}"), style="dim")
        failed = r.manifest.failed
        cells.append([
            Text(visible(r.run_id)), status, literal(r.name), _suite(r),
            Text(visible(_kinds(r))), Text("" if failed is None else str(failed)),
            Text("yes" if r.judged else ""), Text(visible(r.started)),
        ])  # fmt: skip
    for u in unreadable:
        status = Text("unreadable", style=_STYLES["unreadable"])
        status.append(visible(f"\n{with_workspace(u.why)}"), style="dim")
        cells.append([Text(visible(u.run_id)), status, *(Text("") for _ in _COLUMNS[2:])])
    console = Console(highlight=False, soft_wrap=True)
    # A run id is what the other commands take: never cut. A table too wide for the terminal
    # would cut or fold its cells, so then each run is a block of its own lines instead.
    table = Table(*(Column(name, no_wrap=True) for name in _COLUMNS))
    for row in cells:
        table.add_row(*row)
    if console.measure(table, options=console.options.update_width(10**6)).maximum <= console.width:
        console.print(table)
    else:
        for row in cells:
            console.print(Text.assemble(row[0], "  ", row[2], "  ", row[1]))
            for name, cell in zip(_COLUMNS[3:], row[3:], strict=True):
                if cell.plain:
                    console.print(Text.assemble(f"  {name}: ", cell.plain.replace("\n", ", ")))
    if any(r.status not in ("complete", "running") for r in runs):
        click.echo(
            with_workspace(
                "Run the same `kgtest run` (or `dialogue`, `converse`, whichever made the run) again "
                "to finish a failed or interrupted run."
            )
        )


def _suite(run: api.RunInfo) -> Text:
    """The suite's file name, and whether it was made again since the run (judged from its copy)."""
    name = literal(run.manifest.suite.rsplit("/", 1)[-1])
    if api.suite_made_again(run.files, run.manifest):
        name.append("\n(made again since; the run keeps its copy)", style="dim")
    return name


def _kinds(run: api.RunInfo) -> str:
    """The cases, one line per kind when a run holds several."""
    kinds = run.manifest.kinds
    return "\n".join(f"{n} {k}" for k, n in kinds.items()) if len(kinds) > 1 else str(run.manifest.cases)
