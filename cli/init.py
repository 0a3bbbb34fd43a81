"""``kgtest init``: a workspace with a commented kgtest.toml that describes a whole evaluation."""

from __future__ import annotations

from pathlib import PurePosixPath

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.core.config_template import starting_config
from kgtest.core.errors import ConfigError
from kgtest.core.files import write_atomic
from kgtest.core.settings import read_config
from kgtest.runner.registry import split_spec


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
    path = app.paths.config
    if path.exists() and not force and path.read_text(encoding="utf-8") != starting_config():
        raise ConfigError(f"{path} exists and was changed; edit it, or give --force to start again")
    suts = _named(specs or ("smollm2",))
    text = starting_config(suts)
    write_atomic(path, text)
    read_config(path)  # what init writes must load; a spec that breaks TOML would show here
    names = ", ".join(name for name, _ in suts)
    click.echo(f"Wrote {path} with {len(suts)} system(s) under test: {names}.")
    click.echo("Next: kgtest build-kb example && kgtest gen && kgtest run && kgtest judge && kgtest report")


def _named(specs: tuple[str, ...]) -> list[tuple[str, str]]:
    """A short name for each spec (the model, class or folder it names), unique among them."""
    named: list[tuple[str, str]] = []
    for spec in specs:
        scheme, target, params = split_spec(spec)
        if spec.partition("?")[0] != f"{scheme}:{target}":  # an alias such as smollm2
            base = spec.partition("?")[0]
        elif scheme == "openai":
            base = params.get("model") or "openai"
        else:
            base = PurePosixPath(target.rsplit(":", 1)[-1]).name or scheme
        name, n = base, 1
        while name in {existing for existing, _ in named}:
            n += 1
            name = f"{base}-{n}"
        named.append((name, spec))
    return named
