"""Who serves a workspace's database: the server proves it before anything is sent to it (issue 42).

``db/server.json`` says which process serves the workspace's database and on which ports. It was
trusted when that process was alive and its port listening: a workspace copied with ``cp -a``
while its server lingered then wrote its suite into the original's database, ``db stop`` in the
copy stopped the original's server, and a stale file whose process id and port had been reused
sent the workspace's password to whatever listened there (and ``db stop`` signalled it).

Now each process that serves a workspace's database (kg/embedded.py: a command's own, ``db
serve``, the lingering server) answers a challenge on a port of its own (``identity_port`` in
server.json): the client sends a random nonce; the server answers with what it serves (the
database folder's path, device and inode; its process id, Bolt URI, relay port) and an
HMAC-SHA256 of the nonce and that claim under the workspace's secret (``db/credentials``, mode
600). The client checks the HMAC with its own copy of the secret and the claim against its own
folder; only then is a password sent, a statement run or a signal given. A copy holds the secret
but has another path and inode, so it starts a server of its own; a stranger has no secret. The
lingering server's relay (kg/relay.py) opens with the same proof.

A server that does not answer within ``PROOF_S`` is stopped (SIGSTOP) or hung: the command fails
within seconds, naming the workspace, the process and the port, instead of waiting for ever.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import socket
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kgtest.core.errors import StoreUnavailableError

PROOF_S = 5.0
"""Seconds a server has to prove itself: it answers from a thread of its own, at once when it runs."""
_GREETING = b"kgtest-who 1 "
_LINE = 4096


class NoAnswer(StoreUnavailableError):
    """A listener took the connection and said nothing within ``PROOF_S``: a stopped or hung server."""


class Identity:
    """A workspace's database folder and its secret: what a server proves and a client checks."""

    def __init__(self, db_dir: Path, secret: bytes) -> None:
        self.db_dir = db_dir
        self.secret = secret

    @classmethod
    def of(cls, db_dir: Path) -> Identity | None:
        """The workspace's identity; None when it has no secret yet (then no server of its ever ran)."""
        try:
            return cls(db_dir, (db_dir / "credentials").read_bytes().strip())
        except OSError:
            return None

    def claim(self) -> dict[str, Any]:
        """The folder as this process sees it: its path, and the device and inode a copy cannot share."""
        folder = self.db_dir.resolve()
        found = folder.stat()
        return {"workspace": str(folder), "device": found.st_dev, "inode": found.st_ino}

    def prove(self, nonce: str, state: Mapping[str, Any]) -> bytes:
        """The answer to ``nonce``: the claim and ``state``, signed."""
        said = {**state, **self.claim()}
        return json.dumps({"said": said, "proof": self._sign(nonce, said)}).encode("utf-8") + b"\n"

    def check(self, nonce: str, answer: bytes) -> dict[str, Any] | None:
        """What a server said of itself, when it proved it serves this very folder; else None."""
        try:
            told = json.loads(answer)
            said, proof = told["said"], told["proof"]
        except (ValueError, KeyError, TypeError):
            return None
        if not isinstance(said, dict) or not isinstance(proof, str):
            return None
        if not hmac.compare_digest(proof, self._sign(nonce, said)):
            return None
        mine = self.claim()
        return said if all(said.get(k) == v for k, v in mine.items()) else None

    def _sign(self, nonce: str, said: Mapping[str, Any]) -> str:
        message = nonce.encode("ascii", "replace") + b"\n" + json.dumps(said, sort_keys=True).encode("utf-8")
        return hmac.new(self.secret, message, hashlib.sha256).hexdigest()


def nonce() -> str:
    return secrets.token_hex(16)


def challenge(nonce_: str) -> bytes:
    return _GREETING + nonce_.encode("ascii") + b"\n"


def read_challenge(line: bytes) -> str | None:
    """The nonce of a challenge line; None for anything else."""
    if not line.startswith(_GREETING) or not line.endswith(b"\n"):
        return None
    found = line[len(_GREETING) : -1].decode("ascii", "replace")
    return found if 0 < len(found) <= 64 and found.isalnum() else None


ANSWERING = 16
"""Challenges answered at once, each on a thread of its own for at most ``PROOF_S``: a client that
connects and sends nothing holds one of them, never the others' answers."""


class IdentityServer:
    """Answers challenges for this process's server, within ``PROOF_S`` each, ``ANSWERING`` at once."""

    def __init__(self, identity: Identity, state: dict[str, Any]) -> None:
        self.identity = identity
        self.state = state
        """What the proof says besides the folder; the server updates it (``announce``)."""
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._slots = threading.BoundedSemaphore(ANSWERING)
        threading.Thread(target=self._accept, name="kgtest-identity", daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return  # closed
            if not self._slots.acquire(blocking=False):
                conn.close()
                continue
            threading.Thread(
                target=self._answer, args=(conn,), name="kgtest-identity-answer", daemon=True
            ).start()

    def _answer(self, conn: socket.socket) -> None:
        try:
            with conn, contextlib.suppress(OSError):
                conn.settimeout(PROOF_S)
                with conn.makefile("rb") as lines:
                    asked = read_challenge(lines.readline(_LINE))
                if asked is not None:
                    conn.sendall(self.identity.prove(asked, dict(self.state)))
        finally:
            self._slots.release()

    def close(self) -> None:
        """Stop answering: shut down first, since closing alone leaves a blocked ``accept`` listening."""
        with contextlib.suppress(OSError):
            self._listener.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self._listener.close()


def probe(identity: Identity, port: int, timeout_s: float = PROOF_S) -> dict[str, Any] | None:
    """What the server at ``port`` proves it serves (this workspace's folder); None when whatever
    listens there is no server of this workspace (or nothing listens). NoAnswer when it says nothing."""
    asked = nonce()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout_s) as conn:
            conn.settimeout(timeout_s)
            conn.sendall(challenge(asked))
            with conn.makefile("rb") as lines:
                answer = lines.readline(_LINE * 4)
    except TimeoutError:
        raise NoAnswer(f"port {port} took the connection but did not answer within {timeout_s:g} s") from None
    except OSError:
        return None
    return identity.check(asked, answer)


def same_process(said: Mapping[str, Any], pid: object) -> bool:
    """Whether a proven server is the process ``pid`` (server.json's)."""
    return isinstance(pid, int) and said.get("pid") == pid and pid != os.getpid()
