"""A TLS front for the embedded database's Bolt port, so Neo4j Browser served over https can connect.

A Browser loaded from https (https://browser.neo4j.io) only opens encrypted connections, and
ArcadeDB's Bolt server speaks plain text. ``kgtest db serve --tls`` puts this relay in front of
it: TLS on its own port, bytes passed unchanged to the Bolt port, for Bolt over TCP (drivers)
and over WebSocket (Browser) alike. The certificate is self-signed, made once per workspace
with the ``openssl`` command and kept, so a browser told to trust it keeps trusting it. A plain
https visit (no WebSocket) gets a short page: that is how a user accepts the certificate.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import ssl
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from kgtest.core.errors import ConfigError, StoreUnavailableError

_ACCEPTED = (
    b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\n\r\n"
    b"<!doctype html><title>kgtest</title><p>The certificate of kgtest's graph database is accepted "
    b"in this browser. Go back to Neo4j Browser and connect to <code>bolt+s://{host}</code>.</p>"
)


@dataclass(frozen=True, slots=True)
class Certificate:
    cert: Path
    key: Path


def self_signed(folder: Path) -> Certificate:
    """The workspace's certificate for 127.0.0.1 and localhost, made on first use (10 years)."""
    found = Certificate(folder / "cert.pem", folder / "key.pem")
    if found.cert.exists() and found.key.exists():
        return found
    openssl = shutil.which("openssl")
    if openssl is None:
        raise ConfigError(
            "db serve --tls makes its certificate with the `openssl` command, which is not installed: "
            "install it (apt-get install openssl), or give your own with --cert and --key"
        )
    folder.mkdir(parents=True, exist_ok=True)
    command = [
        openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650", "-subj", "/CN=kgtest",
        "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout", str(found.key), "-out", str(found.cert),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise ConfigError(f"openssl could not make a certificate in {folder}: {done.stderr.strip()}")
    found.key.chmod(0o600)
    return found


class TlsFront:
    """Listens with TLS on ``host:port`` and relays every connection to the Bolt port; runs in a thread."""

    def __init__(
        self, certificate: Certificate, bolt_port: int, host: str = "127.0.0.1", port: int = 0
    ) -> None:
        self.host, self.bolt_port = host, bolt_port
        self._context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            self._context.load_cert_chain(certificate.cert, certificate.key)
        except (OSError, ssl.SSLError) as exc:
            raise ConfigError(
                f"cannot use the certificate {certificate.cert} with key {certificate.key}: {exc}"
            ) from exc
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self.port = port
        self._thread = threading.Thread(target=self._serve, name="kgtest-tls-front", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise StoreUnavailableError(f"cannot listen with TLS on {host}:{port}: {self._failure}")

    @property
    def uri(self) -> str:
        return f"bolt+s://{self.host}:{self.port}"

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            server = self._loop.run_until_complete(
                asyncio.start_server(self._relay, self.host, self.port, ssl=self._context)
            )
        except OSError as exc:
            self._failure = exc
            self._ready.set()
            return
        self.port = int(server.sockets[0].getsockname()[1])
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()
            self._loop.close()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            first = await reader.read(4)
            if first == b"GET ":
                head = first + await _header(reader)
                if b"upgrade: websocket" not in head.lower():
                    writer.write(_ACCEPTED.replace(b"{host}", f"{self.host}:{self.port}".encode()))
                    await writer.drain()
                    return
                first = head
            bolt_reader, bolt_writer = await asyncio.open_connection("127.0.0.1", self.bolt_port)
            bolt_writer.write(first)
            await asyncio.gather(_pump(reader, bolt_writer), _pump(bolt_reader, writer))
        except (OSError, ssl.SSLError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass  # a client that goes away, or speaks no TLS, ends only its own connection
        finally:
            with contextlib.suppress(OSError, ssl.SSLError):
                writer.close()


async def _header(reader: asyncio.StreamReader) -> bytes:
    """The rest of an HTTP request head, up to and including the blank line (the reader caps it at 64 KiB)."""
    return await reader.readuntil(b"\r\n\r\n")


async def _pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    try:
        while data := await source.read(65_536):
            sink.write(data)
            await sink.drain()
    finally:
        with contextlib.suppress(OSError, ssl.SSLError, RuntimeError):
            sink.close()
