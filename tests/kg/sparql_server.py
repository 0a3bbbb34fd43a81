"""Real SPARQL servers on loopback: Oxigraph standing in for Wikidata, and a flaky proxy."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _oxigraph() -> str:
    exe = shutil.which("oxigraph") or str(Path(sys.executable).with_name("oxigraph"))
    if not Path(exe).exists():
        raise RuntimeError("the oxigraph CLI is missing: pip install 'kgtest[test]'")
    return exe


@contextmanager
def oxigraph_endpoint(ntriples: Path, workdir: Path) -> Iterator[str]:
    """Load ``ntriples`` into a fresh Oxigraph store and serve it; yields the query URL."""
    location = workdir / "oxigraph-db"
    subprocess.run(
        [_oxigraph(), "load", "--location", str(location), "--file", str(ntriples)],
        check=True,
        capture_output=True,
    )
    port = free_port()
    proc = subprocess.Popen(
        [_oxigraph(), "serve-read-only", "--location", str(location), "--bind", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/query"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"{url}?query=ASK%7B%7D", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("Oxigraph did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextmanager
def flaky_proxy(
    target: str, failures: list[int], retry_after: str | None = "0"
) -> Iterator[tuple[str, list[int]]]:
    """An HTTP server that answers the given status codes first, then forwards to ``target``.

    Yields its URL and the list of statuses it has answered so far.
    """
    answered: list[int] = []
    pending = list(failures)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if pending:
                code = pending.pop(0)
                answered.append(code)
                self.send_response(code)
                if retry_after is not None:
                    self.send_header("Retry-After", retry_after)
                self.end_headers()
                self.wfile.write(b"busy")
                return
            req = urllib.request.Request(
                target,
                data=body,
                headers={
                    "Content-Type": self.headers["Content-Type"],
                    "Accept": self.headers.get("Accept", "*/*"),
                },
            )
            with urllib.request.urlopen(req, timeout=10) as resp:
                data = resp.read()
                answered.append(resp.status)
                self.send_response(resp.status)
                self.send_header("Content-Type", resp.headers["Content-Type"])
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            pass

    with _serving(Handler) as url:
        yield url, answered


@contextmanager
def canned_endpoint(
    body: bytes | Callable[[str], bytes], content_type: str, length: int | None = None
) -> Iterator[tuple[str, list[int]]]:
    """An endpoint that answers every query with ``body`` (or ``body(query)``); ``length`` claims a
    longer body and hangs up.

    Yields its URL and a list that grows by one per request.
    """
    asked: list[int] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            form = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
            query = urllib.parse.parse_qs(form).get("query", [""])[0]
            data = body(query) if callable(body) else body
            asked.append(200)
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(length or len(data)))
            self.end_headers()
            self.wfile.write(data)
            self.close_connection = True

        def log_message(self, format: str, *args: object) -> None:
            pass

    with _serving(Handler) as url:
        yield url, asked


@contextmanager
def _serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """``handler`` served on a free loopback port until the block ends; yields its query URL."""
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/query"
    finally:
        server.shutdown()
        server.server_close()
