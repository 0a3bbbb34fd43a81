"""The graph database kgtest uses: where it is, stopping the one kept serving, and serving it for
Neo4j Browser (``kgtest db``; docs/queries.md)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.errors import ConfigError
from kgtest.core.settings import Settings
from kgtest.kg.embedded import DATABASE, USER, EmbeddedServer
from kgtest.kg.linger import dismiss
from kgtest.kg.store import open_store
from kgtest.kg.tls_front import Certificate, TlsFront, self_signed


def database_info(*, workspace: WorkspaceLike = None) -> list[str]:
    """Which database is in use, whether it is being served, and how to connect to it."""
    s = settings_of(workspace)
    if not s.store.embedded:
        return [f"Neo4j at {s.store.uri} as {s.store.user!r}, database {s.store.database!r}"]
    served = EmbeddedServer(s.paths.db).served()
    if served is None:
        return [
            f"embedded ArcadeDB in {s.paths.db}: not running now; the next command that needs",
            f"it starts it on a free port of 127.0.0.1, serving {s.store.linger_s:g} s after the last",
            "command ([store] linger_s). `kgtest db serve` keeps it running for Neo4j Browser.",
        ]
    endpoint, state = served
    if state.get("linger"):
        idle = f"{s.store.linger_s:g} s after the last command used it"
        return [
            f"embedded ArcadeDB in {s.paths.db}, kept serving for commands (process {state['pid']})",
            f"until {idle} ([store] linger_s) or `kgtest db stop`.",
        ]
    return [
        f"embedded ArcadeDB in {s.paths.db}, served by `kgtest db serve` (process {state['pid']})",
        login(s, endpoint.uri, state.get("tls_uri")),
    ]


def stop_database(*, workspace: WorkspaceLike = None) -> str:
    """Stop the embedded database kept serving between commands, once none uses it; say what happened."""
    settings = settings_of(workspace)
    if not settings.store.embedded:
        return (
            f"this workspace uses the graph database at {settings.store.uri}, which kgtest does not "
            "start or stop; `db stop` stops only the embedded one"
        )
    db = settings.paths.db
    served = EmbeddedServer(db).served()
    if served is not None and not served[1].get("linger"):
        return f"served by `kgtest db serve` (process {served[1]['pid']}): stop it there (Ctrl-C)"
    pid = dismiss(db, settings.store.timeout_s)
    return "not running" if pid is None else f"stopped (process {pid})"


@dataclass(frozen=True, slots=True)
class Served:
    """The database while ``serve_database`` holds it: how to reach it, in words."""

    lines: tuple[str, ...]


@contextlib.contextmanager
def serve_database(
    *,
    workspace: WorkspaceLike = None,
    port: int = 7688,
    tls: bool = False,
    tls_port: int = 7689,
    cert: Path | None = None,
    key: Path | None = None,
) -> Iterator[Served]:
    """Keep the embedded database running (Bolt on 127.0.0.1:``port``, and over TLS with ``tls``)
    for Neo4j Browser and other kgtest commands, until the block ends."""
    base = settings_of(workspace)
    settings = replace(base, store=replace(base.store, embedded_port=port))
    if (cert is None) != (key is None):
        raise ConfigError("give --cert and --key together")
    with open_store(settings) as store, contextlib.ExitStack() as stack:
        front = None
        if tls and store.engine == "embedded":
            certificate = Certificate(cert, key) if cert and key else self_signed(settings.paths.db / "tls")
            bolt_port = int(store.uri.rsplit(":", 1)[1])
            front = TlsFront(certificate, bolt_port, port=tls_port)
            stack.callback(front.close)
            EmbeddedServer(settings.paths.db).announce(tls_uri=front.uri)
        lines = [
            f"Serving {store.engine} graph database at {store.uri} (database {store.endpoint.database!r})."
        ]
        if store.engine == "embedded":
            lines.append(login(settings, store.uri, front.uri if front else None))
            if front is not None:
                lines.append(
                    f"The certificate ({cert or settings.paths.db / 'tls' / 'cert.pem'}) is self-signed "
                    f"unless you gave your own: open https://127.0.0.1:{front.port} once in the browser "
                    "that runs Neo4j Browser and accept it there."
                )
        else:
            lines.append("Log in to Neo4j Browser as NEO4J_USER with $NEO4J_PASSWORD.")
        yield Served(tuple(lines))


def login(settings: Settings, uri: str, tls_uri: str | None) -> str:
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
