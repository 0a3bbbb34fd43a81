"""``kgtest init``: a workspace with a commented kgtest.toml that describes a whole evaluation."""

from __future__ import annotations

import click

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.suggest import kgtest


@click.command("init")
@click.option(
    "--sut",
    "specs",
    multiple=True,
    help="A system under test to configure (any --sut spec). Repeatable. [default: smollm2]",
)
@click.option("--force", is_flag=True, help="Overwrite a kgtest.toml that was changed by hand.")
@pass_app
def command(app: AppContext, specs: tuple[str, ...], force: bool) -> None:
    """Write the workspace's kgtest.toml: every setting commented, one [[sut]] per --sut.

    \b
    kgtest init
    kgtest init --sut smollm2 --sut 'openai:http://127.0.0.1:8000/v1?model=qwen3'
    """
    done = api.init(specs or ("smollm2",), workspace=app.paths.root, force=force)
    names = ", ".join(name for name, _ in done.suts)
    if done.kept is not None:
        click.echo(f"Kept the kgtest.toml changed by hand as {done.kept}.")
    click.echo(f"Wrote {done.path} with {len(done.suts)} system(s) under test: {names}.")
    steps = ("build-kb example", "gen", "run", "judge", "report")
    click.echo("Next: " + " && ".join(kgtest(step) for step in steps))
