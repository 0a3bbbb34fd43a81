"""``kgtest db``: where the graph database is, and serving the embedded one for Neo4j Browser."""

from __future__ import annotations

import contextlib
import signal
import threading
from pathlib import Path

import click

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.suggest import with_workspace


@click.group("db")
def command() -> None:
    """The graph database kgtest uses (docs/queries.md: browsing it with Neo4j Browser)."""


@command.command("info")
@pass_app
def info(app: AppContext) -> None:
    """Say which database is in use, whether it is being served, and how to connect to it."""
    for text in api.database_info(workspace=app.settings):
        click.echo(with_workspace(text))


@command.command("stop")
@pass_app
def stop(app: AppContext) -> None:
    """Stop the embedded database kept serving between commands ([store] linger_s), once none uses it."""
    click.echo(with_workspace(api.stop_database(workspace=app.settings)))


@command.command("serve")
@click.option(
    "--port", type=int, default=7688, show_default=True, help="Bolt port on 127.0.0.1 (0: any free one)."
)
@click.option(
    "--tls",
    is_flag=True,
    help="Also serve Bolt over TLS (self-signed certificate), as https://browser.neo4j.io requires.",
)
@click.option("--tls-port", type=int, default=7689, show_default=True, help="Port of the TLS Bolt endpoint.")
@click.option(
    "--cert",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Your own certificate (PEM) for --tls. [default: one made for this workspace]",
)
@click.option(
    "--key", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Its private key (PEM)."
)
@pass_app
def serve(app: AppContext, port: int, tls: bool, tls_port: int, cert: Path | None, key: Path | None) -> None:
    """Keep the embedded database running so Neo4j Browser (and other kgtest runs) can use it.

    \b
    kgtest db serve               # bolt://127.0.0.1:7688, for a Browser served over http
    kgtest db serve --tls         # adds bolt+s://127.0.0.1:7689, for https://browser.neo4j.io
    """
    if (cert is None) != (key is None):
        raise click.UsageError("give --cert and --key together")
    served = api.serve_database(
        workspace=app.settings, port=port, tls=tls, tls_port=tls_port, cert=cert, key=key
    )
    with served as held:
        for text in held.lines:
            click.echo(with_workspace(text))
        click.echo("Press Ctrl-C to stop.")
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        # Wake now and then: a signal may land on one of the JVM's threads, and Python runs its
        # handler only when the main thread runs again (a plain wait() could sleep forever).
        with contextlib.suppress(KeyboardInterrupt):
            while not stop.wait(0.5):
                pass
    click.echo("Stopped.")
