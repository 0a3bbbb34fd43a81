"""``kgtest db``: where the graph database is, and serving the embedded one for Neo4j Browser."""

from __future__ import annotations

import contextlib
import signal
import threading
from dataclasses import replace
from pathlib import Path

import click

from kgtest.cli.main import AppContext, pass_app
from kgtest.core.settings import Settings
from kgtest.kg.embedded import DATABASE, USER, EmbeddedServer
from kgtest.kg.linger import dismiss
from kgtest.kg.store import open_store
from kgtest.kg.tls_front import Certificate, TlsFront, self_signed


@click.group("db")
def command() -> None:
    """The graph database kgtest uses (docs/queries.md: browsing it with Neo4j Browser)."""


@command.command("info")
@pass_app
def info(app: AppContext) -> None:
    """Say which database is in use, whether it is being served, and how to connect to it."""
    s = app.settings
    if not s.store.embedded:
        click.echo(f"Neo4j at {s.store.uri} as {s.store.user!r}, database {s.store.database!r}")
        return
    served = EmbeddedServer(s.paths.db).served()
    if served is None:
        click.echo(f"embedded ArcadeDB in {s.paths.db}: not running now; the next command that needs")
        click.echo(f"it starts it on a free port of 127.0.0.1, serving {s.store.linger_s:g} s after the last")
        click.echo("command ([store] linger_s). `kgtest db serve` keeps it running for Neo4j Browser.")
        return
    endpoint, state = served
    if state.get("linger"):
        idle = f"{s.store.linger_s:g} s after the last command used it"
        click.echo(f"embedded ArcadeDB in {s.paths.db}, kept serving for commands (process {state['pid']})")
        click.echo(f"until {idle} ([store] linger_s) or `kgtest db stop`.")
        return
    click.echo(f"embedded ArcadeDB in {s.paths.db}, served by `kgtest db serve` (process {state['pid']})")
    click.echo(_login(s, endpoint.uri, state.get("tls_uri")))


@command.command("stop")
@pass_app
def stop(app: AppContext) -> None:
    """Stop the embedded database kept serving between commands ([store] linger_s), once none uses it."""
    db = app.settings.paths.db
    served = EmbeddedServer(db).served()
    if served is not None and not served[1].get("linger"):
        click.echo(f"served by `kgtest db serve` (process {served[1]['pid']}): stop it there (Ctrl-C)")
        return
    pid = dismiss(db, app.settings.store.timeout_s)
    click.echo("not running" if pid is None else f"stopped (process {pid})")


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
    settings = replace(app.settings, store=replace(app.settings.store, embedded_port=port))
    if (cert is None) != (key is None):
        raise click.UsageError("give --cert and --key together")
    with open_store(settings) as store, contextlib.ExitStack() as stack:
        front = None
        if tls and store.engine == "embedded":
            certificate = Certificate(cert, key) if cert and key else self_signed(settings.paths.db / "tls")
            bolt_port = int(store.uri.rsplit(":", 1)[1])
            front = TlsFront(certificate, bolt_port, port=tls_port)
            stack.callback(front.close)
            EmbeddedServer(settings.paths.db).announce(tls_uri=front.uri)
        click.echo(
            f"Serving {store.engine} graph database at {store.uri} (database {store.endpoint.database!r})."
        )
        if store.engine == "embedded":
            click.echo(_login(settings, store.uri, front.uri if front else None))
            if front is not None:
                click.echo(
                    f"The certificate ({cert or settings.paths.db / 'tls' / 'cert.pem'}) is self-signed "
                    f"unless you gave your own: open https://127.0.0.1:{front.port} once in the browser "
                    "that runs Neo4j Browser and accept it there."
                )
        else:
            click.echo("Log in to Neo4j Browser as NEO4J_USER with $NEO4J_PASSWORD.")
        click.echo("Press Ctrl-C to stop.")
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        # Wake now and then: a signal may land on one of the JVM's threads, and Python runs its
        # handler only when the main thread runs again (a plain wait() could sleep forever).
        with contextlib.suppress(KeyboardInterrupt):
            while not stop.wait(0.5):
                pass
    click.echo("Stopped.")


def _login(settings: Settings, uri: str, tls_uri: str | None) -> str:
    """How to log in to the embedded database from Neo4j Browser (docs/queries.md says more)."""
    lines = [
        "Neo4j Browser, served over http (Neo4j Desktop, or a local Neo4j's http://localhost:7474):",
        f"  Connect URL: {uri}",
    ]
    if tls_uri:
        lines += [
            "Neo4j Browser at https://browser.neo4j.io (encrypted connections only):",
            f"  Connect URL: {tls_uri}",
        ]
    lines += [
        f"  Username:    {USER}",
        f"  Password:    the text in {settings.paths.db / 'credentials'}",
        f"  Database:    {DATABASE} (type :use {DATABASE} if Browser shows another)",
    ]
    if not tls_uri:
        lines.append("For https://browser.neo4j.io, which connects only with TLS: `kgtest db serve --tls`.")
    return "\n".join(lines)
