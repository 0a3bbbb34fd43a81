"""``kgtest export``: a suite as an inspect_ai or lm-evaluation-harness task (docs/export.md)."""

from __future__ import annotations

from pathlib import Path

import click

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.suite_arg import SuiteFile


@click.command("export")
@click.argument("suite", required=False, type=SuiteFile())
@click.option("--to", "target", type=click.Choice(api.EXPORT_TARGETS), required=True,
              help="The harness whose task to write.")  # fmt: skip
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder to write the task into. [default: WORKSPACE/exports/<SUITE's name>-<harness>]",
)
@pass_app
def command(app: AppContext, suite: Path | None, target: str, out: Path | None) -> None:
    """Write SUITE (default: the workspace's) as a task of another harness, judged by kgtest's oracle.

    The harness asks its models; each reply gets the verdict `kgtest judge` gives it. Fact and
    temporal cases are exported; dialogues and conversations need kgtest's own drivers.

    \b
    kgtest export --to inspect && inspect eval kgtest-workspace/exports/suite-inspect/task.py --model ...
    kgtest export suites/suite.jsonl --to lm-eval --out my-task
    """
    done = api.export(suite, target, workspace=app.load, out=out)
    click.echo(f"Wrote the {done.target} task {done.task} ({done.cases} cases) to {done.folder}")
    for kind, count in sorted(done.left_out.items()):
        click.echo(f"left out: {count} {kind} cases (asked only by kgtest's own drivers)")
    click.echo(f"Run it: {done.command}")
