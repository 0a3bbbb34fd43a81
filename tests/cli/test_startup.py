"""Start-up caches (docs/performance.md, "Start-up"): a command answered by them starts no
database and writes the same bytes; a changed KB is never answered by them."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from kgtest.core.settings import load_settings
from kgtest.core.workspace import Workspace
from kgtest.generator.kbview import cached_view, read_view
from kgtest.kg.kb_stamp import builds_key, stamp_path, vouched_builds
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.store import GraphStore, open_store

from ..generator.kb_fixture import family_and_places
from ..kg.wikidata_fixture import small_kb

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
GEN = ("gen", "--count", "16", "--seed", "3", "--quiet", "--no-graph")


def run(*args: str) -> tuple[int, str, str]:
    from kgtest.cli.main import cli

    result = CliRunner().invoke(cli, list(args), env=ENV)
    return result.exit_code, result.stdout, result.stderr


def fresh(ws: Path, *args: str, importtime: bool = False) -> subprocess.CompletedProcess[str]:
    """A kgtest command in a fresh interpreter, as a user starts it (``-X importtime`` on stderr)."""
    return subprocess.run(
        [
            sys.executable,
            *(["-X", "importtime"] if importtime else []),
            "-m",
            "kgtest.cli",
            "--workspace",
            str(ws),
            *args,
        ],
        env={**os.environ, **ENV},
        capture_output=True,
        text=True,
        timeout=300,
    )


def server_starts(ws: Path) -> int:
    """ArcadeDB writes one server event log per start."""
    return len(list((ws / "db" / "databases" / "log").glob("server-event-log-*.jsonl")))


def kb_key(suite: Path) -> str:
    return str(json.loads(suite.with_suffix(".info.json").read_text(encoding="utf-8"))["kb_key"])


def test_gen_answered_by_the_caches_starts_no_database_and_writes_the_same_bytes(
    store: GraphStore, tmp_path: Path
) -> None:
    ws = tmp_path / "ws"
    assert run("--workspace", str(ws), "build-kb", str(family_and_places().write(tmp_path / "f.nt")))[0] == 0
    assert server_starts(ws) == 1
    first, second, third = tmp_path / "first.jsonl", tmp_path / "second.jsonl", tmp_path / "third.jsonl"
    done = fresh(ws, *GEN, "--out", str(first), importtime=True)
    assert done.returncode == 0, done.stderr
    assert server_starts(ws) == 1, "build-kb left the stamp and the view: gen started no database"
    loaded = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.count("|") == 2}
    dialogue_stage = {"kgtest.generator.dialogue.generate", "kgtest.kg.dialogue_graph", "neo4j"}
    assert "kgtest.generator.makers" in loaded and not loaded & dialogue_stage, (
        "a gen that asks for no dialogue imports no dialogue stage"
    )
    shutil.rmtree(ws / "cache")
    code, _, err = run("--workspace", str(ws), *GEN, "--out", str(second))
    assert code == 0, err
    assert server_starts(ws) == 2, "without its caches gen read the KB from the database"
    done = fresh(ws, *GEN, "--out", str(third))
    assert done.returncode == 0, done.stderr
    assert server_starts(ws) == 2, "and left them for the next one"
    assert first.read_bytes() == second.read_bytes() == third.read_bytes()
    assert kb_key(first) == kb_key(second) == kb_key(third)


def test_a_changed_kb_is_never_answered_by_the_caches(store: GraphStore, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    paths = Workspace(ws)
    assert run("--workspace", str(ws), "build-kb", str(family_and_places().write(tmp_path / "f.nt")))[0] == 0
    first = tmp_path / "first.jsonl"
    assert run("--workspace", str(ws), *GEN, "--out", str(first))[0] == 0
    vouched = vouched_builds(paths)
    assert vouched is not None and vouched[0] == kb_key(first)

    # another source changes the KB: its build records, so its key, the stamp and every cache
    assert run("--workspace", str(ws), "build-kb", str(small_kb().write(tmp_path / "s.nt")))[0] == 0
    second = tmp_path / "second.jsonl"
    done = fresh(ws, *GEN, "--out", str(second))
    assert done.returncode == 0, done.stderr
    vouched = vouched_builds(paths)
    assert vouched is not None and len(vouched[1]) == 2
    assert kb_key(second) == vouched[0] == builds_key(vouched[1]) != kb_key(first)
    view = json.loads(paths.kb_view_cache.read_text(encoding="utf-8"))
    assert view["key"] == kb_key(second)

    # a KB cleared is empty, whatever the caches hold
    assert run("--workspace", str(ws), "kb", "clear", "--yes")[0] == 0
    done = fresh(ws, *GEN, "--out", str(tmp_path / "third.jsonl"))
    assert done.returncode == 3 and "is empty" in done.stderr


def test_database_files_changed_behind_the_stamp_void_it(store: GraphStore, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    paths = Workspace(ws)
    assert run("--workspace", str(ws), "build-kb", str(small_kb().write(tmp_path / "s.nt")))[0] == 0
    assert vouched_builds(paths) is not None, "build-kb stamps the KB it leaves"
    files = sorted((ws / "db" / "databases" / "databases" / "kgtest").iterdir())
    os.utime(files[0], ns=(0, 0))  # as a write by a process that stamped nothing would
    assert vouched_builds(paths) is None
    stamp_path(paths).write_text("{", encoding="utf-8")
    assert vouched_builds(paths) is None


def test_build_kb_leaves_the_view_gen_would_read_back(store: GraphStore, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    paths = Workspace(ws)
    assert run("--workspace", str(ws), "build-kb", str(family_and_places().write(tmp_path / "f.nt")))[0] == 0
    vouched = vouched_builds(paths)
    assert vouched is not None
    handed = cached_view(paths.kb_view_cache, vouched[0])
    assert handed is not None, "build-kb cached the view of the KB it built"
    with open_store(load_settings(ws)) as opened:
        back = read_view(KnowledgeBase(opened), tmp_path / "read-back.json")
    assert back.key == handed.key
    assert dict(back.entities) == dict(handed.entities) and list(back.entities) == list(handed.entities)
    assert back.facts == handed.facts and [f.id for f in back.facts] == [f.id for f in handed.facts]
    assert dict(back.catalog) == dict(handed.catalog)


def test_judge_without_the_graph_starts_no_database(store: GraphStore, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert run("--workspace", str(ws), "build-kb", str(family_and_places().write(tmp_path / "f.nt")))[0] == 0
    suite = tmp_path / "suite.jsonl"
    assert run("--workspace", str(ws), *GEN, "--out", str(suite))[0] == 0
    echo = "plugin:tests.runner.chatters:Echo"
    code, _, err = run("--workspace", str(ws), "run", str(suite), "--sut", echo)
    assert code == 0, err
    starts = server_starts(ws)
    done = fresh(ws, "judge", "latest", "--quiet", "--no-graph", importtime=True)
    assert done.returncode == 0, done.stderr
    assert server_starts(ws) == starts == 1, "only build-kb started the database"
    assert list((ws / "runs").glob("*/verdicts.jsonl"))
    loaded = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.count("|") == 2}
    other_kinds = {
        "kgtest.oracle.conversation.audit",  # conversations
        "kgtest.oracle.conversation_verdicts",
        "kgtest.oracle.dialogue_verdicts",  # dialogues
        "kgtest.report.dialogue_tables",
        "kgtest.runner.run",  # asking a system, not judging it
        "kgtest.api.judge_graph",  # --no-graph
        "neo4j",
    }
    assert "kgtest.oracle.judge" in loaded and not loaded & other_kinds, (
        "fact cases load the fact oracle only"
    )


class Says:
    """A system under test that gives every case ``text`` (``plugin:tests.cli.test_startup:Says``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def respond(self, conversation: list[dict[str, str]]) -> str:
        return self.text


def imports_spacy(ws: Path, *args: str) -> bool:
    """Whether a fresh ``kgtest`` process running ``args`` imported spaCy (``-X importtime``)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "kgtest.cli", "--workspace", str(ws), *args],
        env={**os.environ, **ENV},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return any(line.rstrip().endswith("| spacy") for line in done.stderr.splitlines())


def test_a_second_judge_reads_the_replies_from_the_parse_cache_without_spacy(
    store: GraphStore, tmp_path: Path
) -> None:
    ws = tmp_path / "ws"
    assert run("--workspace", str(ws), "build-kb", str(family_and_places().write(tmp_path / "f.nt")))[0] == 0
    suite = tmp_path / "suite.jsonl"
    assert run("--workspace", str(ws), *GEN, "--out", str(suite))[0] == 0
    says = "plugin:tests.cli.test_startup:Says?text=Yes. She was born in Paris, not in the city of London."
    code, _, err = run("--workspace", str(ws), "run", str(suite), "--sut", says)
    assert code == 0, err
    judge = ("judge", "latest", "--quiet", "--no-graph")
    assert imports_spacy(ws, *judge), "the first judge parses the replies"
    (verdicts,) = (ws / "runs").glob("*/verdicts.jsonl")
    first = verdicts.read_bytes()
    assert not imports_spacy(ws, *judge), "the second reads what they parsed as from the cache"
    assert verdicts.read_bytes() == first
    (ws / "cache" / "parses.sqlite").unlink()
    assert imports_spacy(ws, *judge)
    assert verdicts.read_bytes() == first
