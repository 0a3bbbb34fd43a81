"""``kgtest db``: where the graph database is, and serving the embedded one for Neo4j Browser."""

from __future__ import annotations

import contextlib
import signal
import threading
from dataclasses import replace

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.kg.store import open_store

_BROWSER = (
    "Open it in Neo4j Browser (https://browser.neo4j.io or your local Neo4j's :7474):\n"
    "  Connect URL: {uri}\n  Username:    {user}\n  Password:    {secret}"
)


@click.group("db")
def command() -> None:
    """The graph database kgtest uses."""


@command.command("info")
@pass_app
def info(app: AppContext) -> None:
    """Say which database is in use and how to connect to it."""
    s = app.settings
    if s.store.embedded:
        click.echo(f"embedded ArcadeDB in {s.paths.db} (Bolt, started on demand on 127.0.0.1)")
        click.echo("Run `kgtest db serve` to keep it running and browse it with Neo4j Browser.")
    else:
        click.echo(f"Neo4j at {s.store.uri} as {s.store.user!r}, database {s.store.database!r}")


@command.command("serve")
@click.option(
    "--port", type=int, default=7688, show_default=True, help="Bolt port on 127.0.0.1 (0: any free one)."
)
@pass_app
def serve(app: AppContext, port: int) -> None:
    """Keep the embedded database running so Neo4j Browser (and other kgtest runs) can use it."""
    settings = replace(app.settings, store=replace(app.settings.store, embedded_port=port))
    with open_store(settings) as store:
        secret = (
            f"the password in {settings.paths.db / 'credentials'}"
            if store.engine == "embedded"
            else "$NEO4J_PASSWORD"
        )
        click.echo(
            f"Serving {store.engine} graph database at {store.uri} (database {store.endpoint.database!r})."
        )
        click.echo(_BROWSER.format(uri=store.uri, user=store.endpoint.user, secret=secret))
        click.echo("Press Ctrl-C to stop.")
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        with contextlib.suppress(KeyboardInterrupt):
            stop.wait()
    click.echo("Stopped.")
