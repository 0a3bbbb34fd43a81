"""``kgtest runs``: every run in the workspace with its status, so a failed or killed one is plain to see."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import literal
from kgtest.runner.manifest import COMPLETE, RunInfo, list_runs

_STYLES = {"complete": "green", "running": "yellow", "failed": "red", "interrupted": "red"}


@click.command("runs")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of a table.")
@pass_app
def command(app: AppContext, as_json: bool) -> None:
    """List the runs in the workspace, oldest first: status, system, suite, cases per kind, counts.

    A run is `complete` (its replies can be judged), `running` (a process is asking it now),
    `failed` (it stopped with an error, shown) or `interrupted` (Ctrl-C, or its process died);
    run the same `kgtest run` again to finish a failed or interrupted one.
    """
    runs = list_runs(app.settings.paths)
    if as_json:
        rows = [
            {
                "run_id": r.run_id, "status": r.status, "name": r.name, "system": r.system, "suite": r.suite,
                "cases": r.cases, "kinds": r.kinds, "failed": r.failed, "judged": r.judged,
                "started": r.started, "finished": r.finished, "error": r.error, "shard": r.shard,
            }
            for r in runs
        ]  # fmt: skip
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not runs:
        click.echo(f"No runs in {app.settings.paths.runs} yet; `kgtest run` makes one.")
        return
    table = Table("run", "status", "system", "suite", "cases", "failed", "judged", "started")
    for r in runs:
        status = Text(r.status, style=_STYLES.get(r.status, ""))
        if r.error and r.status != COMPLETE:
            status.append_text(literal(f"\n{r.error}", "dim"))
        table.add_row(
            literal(r.run_id), status, literal(r.name), literal(r.suite.rsplit("/", 1)[-1]),
            literal(_kinds(r)), "" if r.failed is None else str(r.failed), "yes" if r.judged else "",
            literal(r.started),
        )  # fmt: skip
    Console(highlight=False, soft_wrap=True).print(table)
    if any(r.status != COMPLETE and r.status != "running" for r in runs):
        click.echo("Run the same `kgtest run` again to finish a failed or interrupted run.")


def _kinds(run: RunInfo) -> str:
    """The cases, one line per kind when a run holds several."""
    return "\n".join(f"{n} {k}" for k, n in run.kinds.items()) if len(run.kinds) > 1 else str(run.cases)
