"""The embedded database kept serving between commands for a few idle minutes.

Starting it is a JVM (about 2 s on an idle 2-core machine, 5 s at load 2), more than
``gen --count 100`` takes otherwise. So a command that only queries and writes over Bolt
(``gen``, ``judge``, ``kb``) does not start it in its own process: it starts a detached
``python -m kgtest.kg.linger`` that serves the workspace (as ``kgtest db serve`` would) and
connects to that; later commands find it in ``db/server.json`` and connect too, as the Gradle
and mypy daemons are found. It stops once no command has used it for ``[store] linger_s``
seconds (0: never started), on ``kgtest db stop``, and when a command needs the database in
its own process (``build-kb`` writes through ArcadeDB's own API, ``db serve``).

Who is using it is told by a lock file, ``db/linger.lock``: each command holds it shared while
connected and touches it when done; the server stops only holding it exclusively, so never
under a command, and a command that waits for it finds the server gone, never half-stopped.
On stopping, it stamps the KB as any process that stops the server it started does
(kg/kb_stamp.py). While it serves, no stamp vouches for the database (it may be written), so a
command asks it for the KB's builds, as the uncached path does, but on the server's relay
(kg/relay.py, ``asked_builds``): the answer is read from the database at that moment, without
importing the Bolt driver (0.35 s) or opening a session, and the caches keyed by it answer the
rest. The statements a command runs go the same way when JSON carries them, so a command that
writes the graph through the server imports no Bolt driver either: one listener, one password
check.
"""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from kgtest.core.errors import KgtestError, StoreUnavailableError
from kgtest.core.processes import alive
from kgtest.kg.embedded import BoltEndpoint, EmbeddedServer, server_state
from kgtest.kg.identity import Identity
from kgtest.kg.kb_stamp import builds_key, closing_builds
from kgtest.kg.relay import RelayClient, serve_relay

if TYPE_CHECKING:
    from kgtest.kg.store import GraphStore

ENV = "KGTEST_STORE_LINGER_S"
"""The variable for ``[store] linger_s``: the test suite sets it to 0 (tests/conftest.py)."""
_POLL_S = 0.05
_START_S = 180.0
"""How long a command waits for the server it started: a JVM at load 10 has taken a minute."""
_PROBE_S = 2.0
"""While a command waits for a lock the server holds, it asks the server to prove itself this often,
so a server stopped (SIGSTOP) or hung is an error within seconds, not a wait of ``_START_S``."""
Served = tuple[BoltEndpoint, dict[str, Any]]
"""An endpoint and what its server proved of itself (kg/identity.py)."""


def lock_path(db_dir: Path) -> Path:
    return db_dir / "linger.lock"


@contextmanager
def joined(db_dir: Path, linger_s: float, port: int) -> Iterator[Served]:
    """The endpoint of the workspace's lingering server (started if none serves), held while in use,
    with what the server proved of itself."""
    db_dir.mkdir(parents=True, exist_ok=True)
    with open(lock_path(db_dir), "a+b") as lock:
        served = _hold(lock, db_dir, linger_s, port)
        try:
            yield served
        finally:
            os.utime(lock.fileno())  # used until now: the idle minutes count from here
            fcntl.flock(lock, fcntl.LOCK_UN)


def _hold(lock: IO[bytes], db_dir: Path, linger_s: float, port: int) -> Served:
    """Take the lock shared with a server running; start one when none does."""
    deadline = time.monotonic() + _START_S
    while True:
        _lock(lock, fcntl.LOCK_SH, deadline, db_dir)
        served = EmbeddedServer(db_dir).served()
        if served is not None:
            os.utime(lock.fileno())
            return served
        fcntl.flock(lock, fcntl.LOCK_UN)
        _start(db_dir, linger_s, port, deadline)


def _start(db_dir: Path, linger_s: float, port: int, deadline: float) -> None:
    """Start the server unless another command just did; return once it serves."""
    with open(db_dir / "linger.start", "a+b") as starting:
        _lock(starting, fcntl.LOCK_EX, deadline, db_dir)
        if EmbeddedServer(db_dir).running() is not None:
            return
        log = db_dir / "linger.log"
        with open(log, "ab") as out:
            workspace = str(db_dir.parent.resolve())
            child = subprocess.Popen(
                [sys.executable, "-m", "kgtest.kg.linger", workspace, str(linger_s), str(port)],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=out,
                start_new_session=True,  # Ctrl-C on the command is not for the server
            )
        while not _serving(db_dir, child.pid):
            if child.poll() is not None:
                if EmbeddedServer(db_dir).running() is not None:
                    return  # another process serves the workspace (`kgtest db serve`)
                tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
                raise StoreUnavailableError(f"the embedded graph database would not start:\n{tail}")
            if time.monotonic() > deadline:
                raise StoreUnavailableError(
                    f"the embedded graph database did not start within {_START_S:g} s; see {log}"
                )
            time.sleep(_POLL_S)


def _serving(db_dir: Path, pid: int) -> bool:
    """Whether the server ``pid`` started for this command serves, and proves it, as a lingering one."""
    state = server_state(db_dir)
    if state.get("pid") != pid or not state.get("linger"):
        return False
    served = EmbeddedServer(db_dir).served()
    return served is not None and bool(served[1].get("linger"))


def _lock(file: IO[bytes], how: int, deadline: float, db_dir: Path) -> None:
    """Take ``file``'s lock by ``deadline``; meanwhile the server, if one is announced, must keep
    proving itself (``served`` raises within seconds for one stopped or hung)."""
    probed = time.monotonic()
    while True:
        try:
            fcntl.flock(file, how | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise StoreUnavailableError(
                    f"{file.name} stayed locked for {_START_S:g} s: is a kgtest server stuck? "
                    "`kgtest db stop` stops it"
                ) from None
            if time.monotonic() - probed > _PROBE_S:
                EmbeddedServer(db_dir).served()
                probed = time.monotonic()
            time.sleep(_POLL_S)


def asked_builds(db_dir: Path) -> tuple[str, list[dict[str, Any]]] | None:
    """The KB's key and builds, asked of the lingering server now (an ``ask`` on its relay);
    None when none serves or a build is incomplete (the command then opens the store, and meets
    ``require_complete``)."""
    served = EmbeddedServer(db_dir).served()
    relay = relay_of(db_dir, served, timeout_s=_START_S) if served is not None else None
    if relay is None:
        return None
    try:
        answer = relay.ask("builds") if relay.connect() else None
    except (KgtestError, ValueError):  # no answer, or not one this kgtest reads
        return None
    finally:
        relay.close()
    if not isinstance(answer, dict) or not isinstance(answer.get("builds"), list):
        return None
    return str(answer["key"]), answer["builds"]


def relay_of(db_dir: Path, served: Served, timeout_s: float | None = None) -> RelayClient | None:
    """The lingering server's relay (kg/relay.py), if it proved it has one: statements without Bolt."""
    endpoint, said = served
    port = said.get("relay_port")
    identity = Identity.of(db_dir)
    if not said.get("linger") or not isinstance(port, int) or identity is None:
        return None
    return RelayClient(port, identity, endpoint.uri, timeout_s=timeout_s)


def _builds(store: GraphStore) -> dict[str, Any] | None:
    """What ``asked_builds`` is answered: the KB's builds read from the database now, with their key."""
    builds = closing_builds(store)
    return None if builds is None else {"key": builds_key(builds), "builds": builds}


def dismiss(db_dir: Path, wait_s: float = 300.0) -> int | None:
    """Stop the workspace's lingering server once no command uses it; its process id, or None if none ran.

    Only a server that proved it serves this workspace is signalled; it stops once the commands
    using it are done, so this waits up to ``wait_s`` while it keeps proving itself, and fails
    within seconds if it stops answering (stopped with SIGSTOP, or hung)."""
    served = EmbeddedServer(db_dir).served()
    pid = served[1].get("pid") if served is not None and served[1].get("linger") else None
    if not isinstance(pid, int):
        return None  # none, a `db serve`, or no server of this workspace: nothing to signal
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return None
    deadline = time.monotonic() + wait_s
    probed = time.monotonic()
    while alive(pid):
        if time.monotonic() > deadline:
            raise StoreUnavailableError(
                f"the lingering graph database server of {db_dir.parent} (process {pid}) was told to "
                f"stop {wait_s:g} s ago and still serves the commands using it; stop it again later, "
                f"or `kill {pid}`"
            )
        if time.monotonic() - probed > _PROBE_S:
            EmbeddedServer(db_dir).served()  # raises for a server that stopped answering
            probed = time.monotonic()
        time.sleep(_POLL_S)
    return pid


def serve(workspace: Path, linger_s: float, port: int) -> None:
    """The server process: serves until idle ``linger_s`` seconds, told to stop, or its folder is gone."""
    from kgtest.core.settings import load_settings
    from kgtest.kg.store import open_store

    settings = load_settings(workspace)
    settings = replace(settings, store=replace(settings.store, embedded_port=port, linger_s=0.0))
    stop: list[int] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: stop.append(signum))
    # The lock outlives the server: a command waiting for it then finds no server, never a stopping one.
    with open(lock_path(settings.paths.db), "a+b") as lock, open_store(settings) as store:
        if store.local_database() is None:
            return  # another process serves it (`kgtest db serve`): commands use that one
        os.utime(lock.fileno())  # idle from now, not from the last use of an earlier server
        here = EmbeddedServer(settings.paths.db)
        identity = Identity.of(settings.paths.db)
        assert identity is not None, "the store started here made the workspace's secret"
        state = {"pid": os.getpid(), "uri": store.uri, "linger": True}
        relay = serve_relay(store, identity, state, {"builds": lambda: _builds(store)})
        state["relay_port"] = relay
        here.announce(linger=True, relay_port=relay)
        while settings.paths.db.is_dir():
            time.sleep(0.5)
            idle = time.time() - os.fstat(lock.fileno()).st_mtime > linger_s
            if not (stop or idle):
                continue
            try:
                # Told to stop: wait for the commands using it; idle: only if none is.
                fcntl.flock(lock, fcntl.LOCK_EX if stop else fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                continue


if __name__ == "__main__":
    serve(Path(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]))
