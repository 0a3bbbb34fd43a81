"""``kgtest gen`` as a user meets it: the summary, the suite file, errors, byte-identical reruns."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgtest.cli.main import cli
from kgtest.generator.case import read_suite
from kgtest.generator.suite_nodes import suite_id
from kgtest.kg.store import GraphStore

from ..generator.kb_fixture import family_and_places

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
ARGS = ("gen", "--count", "24", "--seed", "5", "--mtl-depth", "1", "--temporal-count", "4", "--quiet")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    return result.exit_code, result.stdout, result.stderr


def gen_in_another_process(
    ws: str, args: tuple[str, ...], out: Path, hash_seed: str
) -> subprocess.CompletedProcess[str]:
    """`kgtest gen` in a fresh interpreter with another string hash seed, writing to ``out``."""
    return subprocess.run(
        [sys.executable, "-m", "kgtest.cli", "--workspace", ws, *args, "--no-graph", "--out", str(out)],
        env={**os.environ, **ENV, "PYTHONHASHSEED": hash_seed},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_gen_writes_a_suite_prints_a_summary_and_reruns_identically(
    store: GraphStore, tmp_path: Path
) -> None:
    ws = str(tmp_path / "ws")
    dump = family_and_places().write(tmp_path / "family.nt")
    assert run("--workspace", ws, "build-kb", str(dump), "--quiet")[0] == 0
    code, out, err = run("--workspace", ws, *ARGS)
    assert code == 0, err
    suite = tmp_path / "ws" / "suites" / "suite.jsonl"
    assert f"Wrote 28 cases to {suite}" in out
    assert "cases per rule and domain" in out and "negation" in out and "│ all " in out
    assert "temporal: 4 cases at depth 1 from" in out and "formulas filtered" in out
    assert f"graph store: suite '{suite_id(suite)}' with 28 test cases (28 new)" in err
    assert suite_id(suite).startswith("suite-") and suite_id(suite) != suite_id(tmp_path / "suite.jsonl")
    cases = list(read_suite(suite))
    assert {c.kind for c in cases} == {"fact", "temporal"}
    assert sum(c.expected.value == "Yes" for c in cases if c.kind == "fact") == 12
    first = suite.read_bytes()

    code, _, err = run("--workspace", ws, *ARGS)
    assert code == 0 and suite.read_bytes() == first and "(0 new)" in err
    other = gen_in_another_process(ws, ARGS, tmp_path / "b.jsonl", hash_seed="12345")
    assert other.returncode == 0, other.stderr
    assert (tmp_path / "b.jsonl").read_bytes() == first, "another process, another hash seed, the same bytes"


def test_gen_errors_name_what_is_wrong(store: GraphStore, tmp_path: Path) -> None:
    ws = str(tmp_path / "ws")
    code, _, err = run("--workspace", ws, "gen", "--rules", "inverse,transitiv")
    assert code == 2 and "Unknown rule kind 'transitiv'. Did you mean 'transitive'?" in err
    code, _, err = run("--workspace", ws, "gen", "--domain", "plces")
    assert code == 2 and "Did you mean 'places'?" in err and "Traceback" not in err
    code, _, err = run("--workspace", ws, "gen")
    assert code == 3 and f"is empty; run `kgtest --workspace {ws} build-kb example`" in err
    # the database as the user knows it, not the throw-away port it listened on (issue 41)
    assert f"the embedded database in {tmp_path / 'ws' / 'db'}" in err and "127.0.0.1" not in err


@pytest.mark.timeout(300)
def test_gen_writes_a_suite_whose_questions_carry_a_1_mb_label(store: GraphStore, tmp_path: Path) -> None:
    """The suite's graph write waited for ever once its messages passed 16 MiB (kg/wire.py)."""
    ws = str(tmp_path / "ws")
    huge = "x" * 2**20
    dump = family_and_places()
    dump.lines = [
        line.replace('"England"@en', f'"England {huge}"@en').replace(
            '"Charles Dickens"@en', f'"Charles Dickens {huge}"@en'
        )
        for line in dump.lines
    ]
    assert run("--workspace", ws, "build-kb", str(dump.write(tmp_path / "big.nt")), "--quiet")[0] == 0
    code, _, err = run("--workspace", ws, "gen", "--count", "40", "--seed", "5", "--quiet")
    assert code == 0, err
    suite = list(read_suite(tmp_path / "ws" / "suites" / "suite.jsonl"))
    assert sum(huge in c.question for c in suite) >= 8  # well over 16 MiB in the graph write
    assert "with 40 test cases (40 new)" in err
