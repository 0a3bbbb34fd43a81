"""kgtest's own graph database: ArcadeDB from the ``arcadedb-embedded`` wheel, serving Bolt.

It runs inside the kgtest process (a JVM through JPype), keeps its files in the workspace and
listens on 127.0.0.1 only. While one kgtest process serves a workspace (``kgtest db serve``),
others connect to it instead of starting a second server on the same files, once it has proved
that it serves this very workspace (kg/identity.py): ``server.json`` alone is never trusted with
the password or a signal.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kgtest.core.errors import StoreError, StoreUnavailableError
from kgtest.core.files import write_atomic
from kgtest.core.processes import alive
from kgtest.kg.identity import PROOF_S, Identity, IdentityServer, NoAnswer, probe, same_process

DATABASE = "kgtest"
USER = "root"


def database_path(db_dir: Path) -> Path:
    """Where ArcadeDB keeps the workspace's database: its server root is ``db/databases`` and it
    puts each database in a ``databases`` folder of its own under that root."""
    return db_dir / "databases" / "databases" / DATABASE


_LOGGING = """\
handlers = java.util.logging.FileHandler
.level = WARNING
com.arcadedb.level = WARNING
java.util.logging.FileHandler.level = WARNING
java.util.logging.FileHandler.pattern = {log}
java.util.logging.FileHandler.limit = 10000000
java.util.logging.FileHandler.count = 2
java.util.logging.FileHandler.formatter = java.util.logging.SimpleFormatter
"""


_LOCKED = "is locked by another process"
"""ArcadeDB's words when another process has the database open."""


@dataclass(frozen=True, slots=True)
class BoltEndpoint:
    uri: str
    user: str
    password: str = field(repr=False)
    database: str
    http_port: int | None = None


class EmbeddedServer:
    """Start (or find) the workspace's ArcadeDB and say where its Bolt endpoint is."""

    def __init__(self, db_dir: Path, bolt_port: int = 0) -> None:
        self.db_dir = db_dir
        self.bolt_port = bolt_port
        self._server: Any = None

    @property
    def _state_file(self) -> Path:
        return self.db_dir / "server.json"

    def start(self) -> BoltEndpoint:
        running = self.running()
        if running is not None:
            return running
        self.db_dir.mkdir(parents=True, exist_ok=True)
        password = self._password()
        self._start_jvm()
        for attempt in range(3):
            bolt_port, http_port = self.bolt_port or _free_port(), _free_port()
            try:
                server = self._serve(password, bolt_port, http_port)
                break
            except Exception as exc:
                # A free port can be taken by someone else before the server binds it: pick again.
                taken = "listen" in str(exc).lower() or "address already in use" in str(exc).lower()
                if taken and attempt < 2:
                    continue
                if _LOCKED in str(exc):  # two commands started it at once
                    raise self._held() from exc
                raise StoreUnavailableError(
                    f"the embedded graph database in {self.db_dir} would not start: {exc}. "
                    "Is another program using this workspace? See "
                    f"{self.db_dir / 'arcadedb.0.log'} for details."
                ) from exc
        try:  # the server starts without the database; a command that started first may hold it
            if not database_path(self.db_dir).exists():
                server.create_database(DATABASE)
            server.get_database(DATABASE)
        except Exception as exc:
            if _LOCKED not in str(exc):
                raise
            server.stop()  # before its server.json replaced the other command's
            raise self._held() from exc
        self._server = server
        endpoint = BoltEndpoint(f"bolt://127.0.0.1:{bolt_port}", USER, password, DATABASE, http_port)
        state: dict[str, Any] = {"pid": os.getpid(), "uri": endpoint.uri, "http_port": http_port}
        identity = IdentityServer(Identity(self.db_dir, password.encode("utf-8")), state)
        _SERVING[self.db_dir.resolve()] = identity
        # Whole or not at all: other commands read it while this one may still be writing it.
        write_atomic(self._state_file, json.dumps({**state, "identity_port": identity.port}))
        return endpoint

    def _serve(self, password: str, bolt_port: int, http_port: int) -> Any:
        from arcadedb_embedded.server import ArcadeDBServer

        server = ArcadeDBServer(
            root_path=str(self.db_dir / "databases"),
            root_password=password,
            config={
                "host": "127.0.0.1",
                "server_plugins": "Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
                "bolt_port": bolt_port,
                "http_port": http_port,
            },
        )
        server.start()
        return server

    def _held(self) -> StoreUnavailableError:
        return StoreUnavailableError(
            f"the embedded graph database in {self.db_dir} is held by another process (another "
            "kgtest command starting or using it); wait for that command to finish, then run "
            "this one again. `kgtest db info` shows a server kept serving for commands"
        )

    def database(self) -> Any | None:
        """ArcadeDB's own handle on the database, if the server runs in this process."""
        if self._server is None:
            return None
        return self._server.get_database(DATABASE)

    def stop(self) -> None:
        if self._server is None:
            return
        try:
            state = json.loads(self._state_file.read_text(encoding="utf-8"))
            if state.get("pid") == os.getpid():
                self._state_file.unlink()
        except (OSError, ValueError):
            pass
        identity = _SERVING.pop(self.db_dir.resolve(), None)
        if identity is not None:
            identity.close()
        self._server.stop()
        self._server = None

    def served(self) -> tuple[BoltEndpoint, dict[str, Any]] | None:
        """The endpoint of another kgtest process serving this workspace, and what it proved of itself
        (``linger``, ``relay_port``, ``tls_uri``); None when none does: no server.json, its process
        gone, or whatever now listens on its port no server of this workspace (a copy's original, a
        reused port). A process that takes the connection and does not answer within ``PROOF_S`` (a
        stopped or hung server) is an error naming the workspace, the process and the port."""
        state = server_state(self.db_dir)
        pid = state.get("pid")
        if pid == os.getpid() or not alive(pid):
            return None
        port = state.get("identity_port")
        identity = Identity.of(self.db_dir)
        if identity is None:
            return None  # no secret: no server of this workspace ever started
        if port is None:
            raise StoreUnavailableError(
                f"process {pid} (in {self._state_file}) serves the graph database of {self.db_dir.parent} "
                "without a way to prove it is this workspace's (an older kgtest?): kgtest will not send it "
                f"the password. Stop it (`kill {pid}`), or delete {self._state_file} if it is no kgtest"
            )
        try:
            said = probe(identity, port)
        except NoAnswer:
            raise NoAnswer(
                f"the graph database server of {self.db_dir.parent} (process {pid}, port {port}) did not "
                f"answer within {PROOF_S:g} s: it is stopped or hung. `kill -CONT {pid}` if it was stopped, "
                f"else end it (`kill {pid}`); kgtest sends no password, statement or signal to a server "
                "that has not proved it serves this workspace"
            ) from None
        if said is None or not same_process(said, pid) or not isinstance(said.get("uri"), str):
            return None
        return BoltEndpoint(said["uri"], USER, self._password(), DATABASE, said.get("http_port")), said

    def announce(self, **extra: object) -> None:
        """Add ``extra`` to what this process's server tells others (its proof and server.json)."""
        identity = _SERVING.get(self.db_dir.resolve())
        if identity is not None:
            identity.state.update(extra)
        state = json.loads(self._state_file.read_text(encoding="utf-8"))
        write_atomic(self._state_file, json.dumps({**state, **extra}))

    def running(self) -> BoltEndpoint | None:
        """The endpoint of a kgtest server of this workspace in another process, as ``served`` proved it."""
        found = self.served()
        return None if found is None else found[0]

    def _password(self) -> str:
        """A random password per workspace, readable by its owner only; never printed."""
        path = self.db_dir / "credentials"
        if path.exists():
            return path.read_text(encoding="utf-8").strip()
        self.db_dir.mkdir(parents=True, exist_ok=True)
        password = secrets.token_urlsafe(18)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(password)
        return password

    def _start_jvm(self) -> None:
        from kgtest.kg.jvm_cache import jvm_args

        start_jvm(self.db_dir / "logging.properties", self.db_dir / "arcadedb.%g.log", jvm_args())


_SERVING: dict[Path, IdentityServer] = {}
"""The identity server of each workspace this process serves, by its database folder."""
_FIELDS: dict[str, tuple[type, ...]] = {
    "pid": (int,), "uri": (str,), "http_port": (int, type(None)), "identity_port": (int,),
    "relay_port": (int,), "linger": (bool,), "tls_uri": (str,),
}  # fmt: skip


def server_state(db_dir: Path) -> dict[str, Any]:
    """What the process serving ``db_dir`` announced (server.json); empty when none did.

    kgtest writes the file whole (``write_atomic``), so one it cannot read is no file of kgtest's,
    and a StoreError names it rather than a traceback or a guess."""
    path = db_dir / "server.json"
    try:
        state = json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise StoreError(_malformed(path, f"not readable JSON: {exc}")) from None
    if not isinstance(state, dict):
        raise StoreError(_malformed(path, f"a JSON {type(state).__name__}, not an object"))
    for key, kinds in _FIELDS.items():
        value = state.get(key)
        if key in state and (type(value) not in kinds or (key != "linger" and isinstance(value, bool))):
            raise StoreError(_malformed(path, f"{key} is {value!r:.40}"))
    if "pid" not in state or "uri" not in state:
        raise StoreError(_malformed(path, "no pid or uri"))
    return state


def _malformed(path: Path, why: str) -> str:
    return (
        f"{path} is not a server file kgtest wrote ({why}); if no kgtest serves this workspace now, delete it"
    )


def start_jvm(logging_properties: Path, log_pattern: Path, extra_args: list[str]) -> None:
    """Start the process's one JVM quietly, logging to ``log_pattern``; no-op once it runs."""
    import jpype
    import jpype.config
    from arcadedb_embedded.jvm import start_jvm as start_arcadedb_jvm

    if jpype.isJVMStarted():
        return  # one JVM per process; it keeps the logging set-up of the first workspace
    # Destroying the JVM at interpreter exit crashed the process (exit 139) after its work was
    # done; the OS reclaims it anyway, and every server has been stopped by then.
    jpype.config.destroy_jvm = False

    logging_properties.write_text(_LOGGING.format(log=str(log_pattern)), encoding="utf-8")
    # ArcadeDB otherwise logs to the console and to ./log under the current directory, and
    # the JVM announces the incubator module the wheel insists on; neither is the user's business.
    # A crash report, should there ever be one, goes beside the logs, not into the user's folder.
    os.environ.setdefault("ARCADEDB_JVM_ERROR_FILE", str(log_pattern.parent / "hs_err_pid%p.log"))
    # JPype asks for a full collection (System.gc()) whenever Python's memory grows, as it does
    # while a dump is read and loaded: a dozen stop-the-world pauses of 0.1-1.7 s in one
    # 200,000-fact build (docs/performance.md, "Loading speed"). The JVM collects on its own.
    args = [f"-Djava.util.logging.config.file={logging_properties}", "-XX:+DisableExplicitGC", *extra_args]
    handlers = _python_handlers()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            start_arcadedb_jvm(jvm_args=args)
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        _give_signals_back(handlers)


_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
"""What the JVM takes over at start: JPype forwards them from a Java thread, and SIGTERM then
crashed the process (SIGSEGV in the interpreter, exit 134 and an hs_err log), while Ctrl-C never
reached a thread blocked in a read."""


def _python_handlers() -> dict[int, Any]:
    return {sig: signal.getsignal(sig) for name in _SIGNALS if (sig := getattr(signal, name, None))}


def _give_signals_back(handlers: dict[int, Any]) -> None:
    """Python handles these signals again: Ctrl-C as KeyboardInterrupt; SIGTERM and SIGHUP, left
    at their default, as ``SystemExit(128 + signal)``, so ``finally`` blocks stop the database."""
    if threading.current_thread() is not threading.main_thread():
        return  # only the main thread may set handlers; it keeps what it had
    for sig, handler in handlers.items():
        if handler in (signal.SIG_DFL, None) and sig != signal.SIGINT:
            handler = _exit_on(sig)
        signal.signal(sig, handler)


def _exit_on(sig: int) -> Callable[[int, Any], None]:
    def handler(signum: int, frame: Any) -> None:
        raise SystemExit(128 + signum)

    return handler


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
