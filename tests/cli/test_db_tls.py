"""`kgtest db serve --tls`: Bolt over TLS for a Neo4j Browser served over https, by driver and by browser."""

from __future__ import annotations

import http.server
import os
import queue
import re
import shutil
import signal
import ssl
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import neo4j
import pytest

from kgtest.kg.jvm_cache import ENV as JVM_CACHE
from kgtest.kg.linger import ENV as LINGER

from ..kg.wikidata_fixture import small_kb
from .test_cli import run

# A Bolt handshake over WebSocket, the way Neo4j Browser's driver opens one: the magic
# preamble and four version proposals; the server answers with the version it speaks.
_PAGE = """<!doctype html><script>
var ws = new WebSocket("wss://127.0.0.1:PORT");
ws.binaryType = "arraybuffer";
ws.onopen = function () {
  ws.send(new Uint8Array([0x60,0x60,0xB0,0x17, 0,0,4,5, 0,0,0,4, 0,0,0,3, 0,0,0,0]));
};
ws.onmessage = function (e) { fetch("/said?" + Array.from(new Uint8Array(e.data)).join(",")); };
ws.onerror = function () { fetch("/said?error"); };
</script>"""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str, str]]:
    """A workspace with a small KB, served with --tls: (workspace, bolt URI, bolt+s URI)."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl command is not installed; db serve --tls needs it (or --cert/--key)")
    ws = tmp_path / "ws"
    assert (
        run("--workspace", str(ws), "build-kb", str(small_kb().write(tmp_path / "kb.nt")), "--quiet")[0] == 0
    )
    kept = (JVM_CACHE, LINGER)  # no JVM cache training, no database left serving
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "KGTEST_")) or k in kept}
    server = subprocess.Popen(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), "db", "serve", "--port", "0", "--tls",
         "--tls-port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(5)]
        uris = re.findall(r"Connect URL: (\S+)", "".join(lines))
        assert len(uris) == 2 and uris[1].startswith("bolt+s://127.0.0.1:"), lines
        yield ws, uris[0], uris[1]
    finally:
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=60)
    assert server.returncode == 0 and "Stopped." in out


def test_a_driver_queries_over_tls(served: tuple[Path, str, str]) -> None:
    ws, _, tls = served
    password = (ws / "db" / "credentials").read_text().strip()
    # bolt+ssc: encrypted, trusting the self-signed certificate kgtest made for the workspace.
    with neo4j.GraphDatabase.driver(
        tls.replace("bolt+s://", "bolt+ssc://"), auth=("root", password)
    ) as driver:
        records, _, _ = driver.execute_query("MATCH (f:Entity) RETURN count(f) AS n", database_="kgtest")
    assert records[0]["n"] > 0
    # The certificate is the workspace's, for 127.0.0.1, and trusting it by file works too.
    context = ssl.create_default_context(cafile=str(ws / "db" / "tls" / "cert.pem"))
    with urllib.request.urlopen(tls.replace("bolt+s://", "https://") + "/", context=context) as page:
        assert b"certificate of kgtest's graph database is accepted" in page.read()
    code, out, _ = run("--workspace", str(ws), "db", "info")
    assert code == 0 and f"Connect URL: {tls}" in out


def test_a_real_browser_speaks_bolt_over_secure_websocket(
    served: tuple[Path, str, str], tmp_path: Path
) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed (apt-get install chromium); .ci/setup installs it")
    port = served[2].rsplit(":", 1)[1]
    said: queue.Queue[str] = queue.Queue()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path.startswith("/said?"):
                said.put(urllib.parse.unquote(self.path.split("?", 1)[1]))
            body = _PAGE.replace("PORT", port).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    pages = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=pages.serve_forever, daemon=True).start()
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", f"--user-data-dir={tmp_path / 'profile'}",
         "--ignore-certificate-errors",  # what accepting the self-signed certificate does for a user
         f"http://127.0.0.1:{pages.server_address[1]}/"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        assert said.get(timeout=60) == "0,0,4,5"  # Bolt 5.4, from ArcadeDB behind the TLS front
    finally:
        browser.terminate()
        browser.wait(timeout=30)
        pages.shutdown()
