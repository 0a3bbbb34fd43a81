"""A real HTTP server on loopback that answers chat completions with whatever a test scripts.

For what ``kgtest serve-model`` never sends: valid JSON of the wrong shape, a key echoed in a
401, a Retry-After longer than the client's patience.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = tuple[int, dict[str, str], bytes]
"""HTTP status, headers, body."""


def completion(content: Any = "Yes", usage: Any = None, **extra: Any) -> bytes:
    message = {"role": "assistant", "content": content}
    body = {"choices": [{"index": 0, "message": message, "finish_reason": "stop"}], **extra}
    if usage is not None:
        body["usage"] = usage
    return json.dumps(body).encode()


@contextmanager
def odd_server(answer: Callable[[dict[str, Any]], Answer]) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Serve ``answer(request body)``; yields the base URL and the requests received."""
    received: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            received.append(request)
            status, headers, body = answer(request)
            self.send_response(status)
            for name, value in {"Content-Type": "application/json", **headers}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", received
    finally:
        server.shutdown()
        server.server_close()
