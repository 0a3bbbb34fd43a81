"""The command line as a user meets it: help, output, errors without tracebacks, exit codes."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgtest.cli.main import COMMANDS, cli
from kgtest.kg.jvm_cache import ENV as JVM_CACHE
from kgtest.kg.linger import ENV as LINGER
from kgtest.kg.store import GraphStore

from ..kg.wikidata_fixture import NTriples, small_kb
from .output import bare_punctuation


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """A command as a user types it; no line of its stdout is punctuation alone (issue 41)."""
    result = CliRunner().invoke(cli, list(args), input=input, env={"NEO4J_URI": "", "KGTEST_STORE_URI": ""})
    assert not bare_punctuation(result.stdout), (args, result.stdout)
    return result.exit_code, result.stdout, result.stderr


def _commands(group: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    import click

    found = [prefix]
    if isinstance(group, click.Group):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            found += _commands(group.get_command(ctx, name), (*prefix, name))
    return found


@pytest.mark.parametrize("path", _commands(cli), ids=lambda p: " ".join(p) or "kgtest")
def test_every_command_has_help(path: tuple[str, ...]) -> None:
    code, out, _ = run(*path, "--help")
    assert code == 0 and "Usage: " in out and len(out.splitlines()) > 3


def test_the_command_list_is_each_commands_own_first_sentence() -> None:
    """`kgtest --help` lists the commands from cli/main.py's table, importing none of them: the
    table must say what each command's own help says."""
    import click

    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        assert command is not None and COMMANDS[name][1] == command.get_short_help_str(10_000), name
    code, out, _ = run("--help")
    assert code == 0 and "Generate questions whose answers the knowledge base proves." in out


def test_build_then_stats(store: GraphStore, tmp_path: Path) -> None:
    """A second embedded server beside the session one, in its own workspace."""
    dump = small_kb().write(tmp_path / "kb.nt")
    ws = tmp_path / "ws"
    code, out, err = run("--workspace", str(ws), "build-kb", str(dump), "--quiet")
    assert code == 0, err
    assert "Done." in out and "facts" in err and "graph store: embedded at bolt://127.0.0.1:" in err
    code, out, err = run("--workspace", str(ws), "kb", "stats", "--json")
    stats = json.loads(out)
    assert (stats["facts"], stats["dated_facts"], stats["builds"][0]["status"]) == (8, 4, "complete")
    code, out, _ = run("--workspace", str(ws), "kb", "stats")
    assert "people" in out and "complete" in out
    code, out, _ = run("--workspace", str(ws), "build-kb", str(dump), "--quiet")
    assert code == 0
    code, out, _ = run("--workspace", str(ws), "kb", "clear", "--yes")
    assert code == 0 and json.loads(run("--workspace", str(ws), "kb", "stats", "--json")[1])["facts"] == 0


def test_errors_are_one_line_with_exit_codes(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    code, _, err = run("--workspace", ws, "build-kb", str(tmp_path / "nope.nt"))
    assert code == 2 and "error: " in err and "nope.nt: no such file" in err and "Traceback" not in err
    code, _, err = run("--workspace", ws, "build-kb", "sparql", "--domain", "peple")
    assert code == 2 and "Did you mean 'people'?" in err
    bad = tmp_path / "bad.nt"
    bad.write_text("<http://a> <http://b> nope .\n")
    code, _, err = run("--workspace", ws, "build-kb", str(bad))
    assert code == 3 and "bad.nt:1:" in err and "Nothing of this file was written" in err
    (tmp_path / "ws" / "kgtest.toml").write_text("[store]\nuri = 'bolt://127.0.0.1:1'\n")
    code, _, err = run("--workspace", ws, "kb", "stats")
    assert code == 3 and "no graph database answers at bolt://127.0.0.1:1" in err
    assert "or give no --store-uri ([store] uri, KGTEST_STORE_URI and NEO4J_URI unset)" in err
    code, out, _ = run("--workspace", ws, "db", "stop")  # it said "not running" of a Neo4j it never runs
    assert code == 0 and "uses the graph database at bolt://127.0.0.1:1, which kgtest does not" in out


def test_a_port_that_speaks_http_is_named_the_wrong_port(tmp_path: Path) -> None:
    # Neo4j's Browser port (7474) given as the store: the advice was to start Neo4j, which runs.
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()

        def answer() -> None:
            with contextlib.suppress(OSError):
                while True:
                    peer, _ = server.accept()
                    with peer:
                        peer.recv(64)
                        peer.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

        threading.Thread(target=answer, daemon=True).start()
        uri = f"bolt://127.0.0.1:{server.getsockname()[1]}"
        code, _, err = run("--workspace", str(tmp_path / "ws"), "--store-uri", uri, "kb", "stats")
    said = " ".join(err.split())
    assert code == 3 and f"no graph database answers at {uri}" in said, err
    assert "listens on that port but does not speak Bolt: give Neo4j's Bolt port (7687" in said
    assert "Start Neo4j" not in said


def test_db_info_tells_where_the_database_is(tmp_path: Path) -> None:
    code, out, _ = run("--workspace", str(tmp_path), "db", "info")
    assert code == 0 and f"embedded ArcadeDB in {tmp_path / 'db'}: not running now" in out


def test_several_sources_load_in_turn_and_a_bad_one_stops_after_the_good(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    good = small_kb().write(tmp_path / "good.nt")
    extra = NTriples().entity("Q1", "One", "Q5").entity("Q2", "Two", "Q5").fact("Q1", "P26", "Q2")
    code, _, err = run("--workspace", ws, "build-kb", str(good), str(extra.write(tmp_path / "extra.nt")))
    assert code == 0, err
    said = re.sub(r"\s+", "", err)  # a table title wraps at the terminal's width, paths are long
    assert said.index("good.nt:build") < said.index("extra.nt:build")
    bad = tmp_path / "bad.nt"
    bad.write_text("<http://a> <http://b> nope .\n")
    code, _, err = run("--workspace", ws, "build-kb", "example", str(bad), "--quiet")
    assert code == 3 and "bad.nt:1:" in err and "example: build" in err
    stats = json.loads(run("--workspace", ws, "kb", "stats", "--json")[1])
    assert sorted(b["source"] for b in stats["builds"]) == ["dump:extra.nt", "dump:good.nt", "example"]
    assert {b["status"] for b in stats["builds"]} == {"complete"}


def test_db_serve_shares_the_database_and_stops_cleanly(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys

    ws = tmp_path / "ws"
    kept = (JVM_CACHE, LINGER)  # no JVM cache training, no database left serving
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "KGTEST_")) or k in kept}
    server = subprocess.Popen(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), "db", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert first.startswith("Serving embedded graph database at bolt://127.0.0.1:"), first
        uri = first.split(" at ")[1].split(" ")[0]
        code, out, err = run(
            "--workspace", str(ws), "build-kb", str(small_kb().write(tmp_path / "kb.nt")), "--quiet"
        )
        assert code == 0, err
        assert f"graph store: embedded at {uri}" in err  # used the served database, did not start another
        code, out, _ = run("--workspace", str(ws), "db", "info")
        assert code == 0 and f"served by `kgtest --workspace {ws} db serve` (process {server.pid})" in out
        assert f"Connect URL: {uri}" in out and "Username:    root" in out
        assert f"Password:    the text in {ws / 'db' / 'credentials'}" in out
        assert f"kgtest --workspace {ws} db serve --tls" in out  # https://browser.neo4j.io needs it
    finally:
        server.send_signal(signal.SIGTERM)
        out, _ = server.communicate(timeout=60)
    assert server.returncode == 0 and "Stopped." in out
    assert not (ws / "db" / "server.json").exists()
    assert json.loads(run("--workspace", str(ws), "kb", "stats", "--json")[1])["facts"] == 8


def test_build_kb_says_exactly_what_was_written_and_refuses_empty_input(tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    good = small_kb().write(tmp_path / "good.nt")
    bad = tmp_path / "bad.nt"
    bad.write_text("<http://a> <http://b> nope .\n")
    code, _, err = run("--workspace", ws, "build-kb", str(good), str(bad), "--quiet")
    assert code == 3 and "bad.nt:1: " in err and "Nothing of this file was written" in err
    assert re.search(
        r"Loaded before it, and kept: .*good\.nt \(build [0-9a-f]{24}\)\.", err.replace("\n", "")
    )
    empty = tmp_path / "empty.nt"
    empty.write_text("# nothing here\n")
    code, _, err = run("--workspace", ws, "build-kb", str(empty), "--quiet")
    assert code == 3 and "empty.nt: no Wikidata entity or fact in it" in err.replace("\n", "")
    code, _, err = run("--workspace", ws, "build-kb", str(tmp_path), "--quiet")
    assert code == 2 and "is a folder; give a dump file" in err and "no such file" not in err
    stats = json.loads(run("--workspace", ws, "kb", "stats", "--json")[1])
    assert [(b["source"], b["status"]) for b in stats["builds"]] == [("dump:good.nt", "complete")]
