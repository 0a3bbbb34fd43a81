"""``kgtest runs``: every run in the workspace with its status, so a failed or killed one is plain to see."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal, visible

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
                "suite": r.manifest.suite, "cases": r.manifest.cases, "kinds": r.manifest.kinds,
                "failed": r.manifest.failed, "judged": r.judged, "started": r.started, "finished": r.finished,
                "error": r.error, "shard": r.shard,
            }
            for r in runs
        ]  # fmt: skip
        rows += [{"run_id": u.run_id, "status": "unreadable", "error": u.why} for u in unreadable]
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not runs and not unreadable:
        click.echo(f"No runs in {app.settings.paths.runs} yet; `kgtest run` makes one.")
        return
    table = Table("run", "status", "system", "suite", "cases", "failed", "judged", "started")
    for r in runs:
        status = Text(r.status, style=_STYLES.get(r.status, ""))
        if r.error and r.status != "complete":
            status.append(visible(f"\n{r.error}"), style="dim")
        failed = r.manifest.failed
        table.add_row(
            Text(r.run_id), status, literal(r.name), literal(r.manifest.suite.rsplit("/", 1)[-1]), _kinds(r),
            "" if failed is None else str(failed), "yes" if r.judged else "", Text(r.started),
        )  # fmt: skip
    for u in unreadable:
        status = Text("unreadable", style=_STYLES["unreadable"])
        status.append(visible(f"\n{u.why}"), style="dim")
        table.add_row(Text(u.run_id), status, "", "", "", "", "", "")
    Console(highlight=False, soft_wrap=True).print(table)
    if any(r.status not in ("complete", "running") for r in runs):
        click.echo("Run the same `kgtest run` again to finish a failed or interrupted run.")


def _kinds(run: api.RunInfo) -> str:
    """The cases, one line per kind when a run holds several."""
    kinds = run.manifest.kinds
    return "\n".join(f"{n} {k}" for k, n in kinds.items()) if len(kinds) > 1 else str(run.manifest.cases)
