"""Shards and worker processes change where the work is done, never what it gives (docs/scale.md).

A suite of every kind is made whole and in two shards; asked and judged whole and as two
shard runs; reported from the whole run and from the shards read as
one; and asked and judged through a Dask cluster of two worker processes. Each time the
suites, the verdicts and the report's numbers must be the same.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kgtest.core.shard import Shard, shard_of
from kgtest.generator.case import read_suite

from .test_cli import run

ROOT = Path(__file__).resolve().parents[2]
GEN = (
    "gen", "--count", "8", "--mtl-depth", "2", "--temporal-count", "4", "--dialogues", "1",
    "--conversations", "1", "--turns", "4", "--seed", "2", "--no-graph", "--quiet",
)  # fmt: skip


def _workspace(root: Path) -> Path:
    """The example KB, a suite of every kind and a system that answers it."""
    assert run("--workspace", str(root), "build-kb", "example", "--quiet")[0] == 0
    code, _, err = run("--workspace", str(root), *GEN, "--workers", "2")
    assert code == 0, err
    suite = root / "suites" / "suite.jsonl"
    spec = f"plugin:tests.cli.scale_bots:MixedWitness?suite={suite}"
    (root / "kgtest.toml").write_text(
        f'[dialogue]\nbaselines = []\n\n[[sut]]\nname = "witness"\nspec = "{spec}"\n', encoding="utf-8"
    )
    return root


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _workspace(tmp_path_factory.mktemp("scale"))


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _runs(ws: Path) -> list[dict[str, Any]]:
    code, out, err = run("--workspace", str(ws), "runs", "--json")
    assert code == 0, err
    runs: list[dict[str, Any]] = json.loads(out)
    return runs


def _judged(ws: Path, *args: str) -> str:
    """Judge a run; its verdicts.jsonl."""
    code, out, err = run("--workspace", str(ws), "judge", *args, "--no-graph", "--quiet", "--json")
    assert code == 0, err
    return Path(json.loads(out)["verdicts"]).read_text(encoding="utf-8")


def test_gen_in_shards_makes_the_same_suite(ws: Path, tmp_path: Path) -> None:
    whole = _lines(ws / "suites" / "suite.jsonl")
    assert len(whole) > 12
    one = tmp_path / "one.jsonl"
    assert run("--workspace", str(ws), *GEN, "--workers", "1", "--out", str(one))[0] == 0
    assert _lines(one) == whole  # the flag is taken; pools on such small parts: tests/generator/test_pool.py
    shards = []
    for k in (1, 2):
        out = tmp_path / f"shard{k}.jsonl"
        code, stdout, err = run("--workspace", str(ws), *GEN, "--shard", f"{k}/2", "--out", str(out))
        assert code == 0 and f"shard {k}/2" in stdout, err
        shards.append(_lines(out))
        info = json.loads((tmp_path / f"shard{k}.info.json").read_text())
        assert info["shard"] == f"{k}/2"
    assert shards[0] and shards[1]
    by_id = {json.loads(line)["id"]: line for line in whole}
    assert sorted(shards[0] + shards[1]) == sorted(whole)
    for k, lines in enumerate(shards, 1):  # each in the whole suite's order, and by the rule
        assert lines == [line for line in whole if line in set(lines)]
        assert {shard_of(c, 2) for c in read_suite(tmp_path / f"shard{k}.jsonl")} == {k}
    dialogues = [c for c in read_suite(ws / "suites" / "suite.jsonl") if c.dialogue is not None]
    assert len({shard_of(c, 2) for c in dialogues}) == 1  # a dialogue and its perturbations stay together
    assert by_id


def test_two_shards_made_at_once_write_their_own_files_and_run_finds_them(ws: Path, tmp_path: Path) -> None:
    """Issue 42: two `gen --shard` at once with the default --out left the suite of one shard beside
    the info file of the other (both wrote suites/suite.jsonl)."""
    copy = tmp_path / "ws"
    shutil.copytree(ws, copy, ignore=shutil.ignore_patterns("runs", "server.json"))
    # The copy's database files are new ones: one command stamps them, so neither of the two below
    # needs to start the database (two at once would both try).
    assert run("--workspace", str(copy), *GEN, "--out", str(tmp_path / "warm.jsonl"))[0] == 0
    argv = [sys.executable, "-m", "kgtest.cli", "--workspace", str(copy), *GEN]
    env = {**os.environ, "NEO4J_URI": "", "KGTEST_STORE_URI": "", "PYTHONPATH": str(ROOT)}
    makers = [subprocess.Popen([*argv, "--shard", f"{k}/2"], env=env, stderr=subprocess.PIPE, text=True)
              for k in (1, 2)]  # fmt: skip
    assert [m.wait(timeout=300) for m in makers] == [0, 0], [m.stderr.read() for m in makers if m.stderr]
    for k in (1, 2):
        suite = copy / "suites" / f"suite.shard-{k}-of-2.jsonl"
        info = json.loads((copy / "suites" / f"suite.shard-{k}-of-2.info.json").read_text())
        cases = list(read_suite(suite))
        assert info["shard"] == f"{k}/2" and info["cases"] == len(cases) > 0
        assert {shard_of(c, 2) for c in cases} == {k}
    code, out, err = run("--workspace", str(copy), "run", "--shard", "2/2", "--quiet")
    assert code == 0 and "suite.shard-2-of-2.jsonl" in json.dumps(_runs(copy)), out + err


def test_shard_runs_judged_and_reported_equal_the_whole_run(ws: Path, tmp_path: Path) -> None:
    code, _, err = run("--workspace", str(ws), "run", "--quiet")
    assert code == 0, err
    (whole,) = _runs(ws)
    for k in (1, 2):
        code, _, err = run("--workspace", str(ws), "run", "--shard", f"{k}/2", "--quiet")
        assert code == 0, err
    shards = {r["shard"]: r for r in _runs(ws) if r.get("shard")}
    assert set(shards) == {"1/2", "2/2"}
    assert sum(r["cases"] for r in shards.values()) == whole["cases"]

    verdicts = _lines_of(_judged(ws, whole["run_id"]))
    suite = {c.id: c for c in read_suite(ws / "suites" / "suite.jsonl")}
    for k in (1, 2):
        mine = _lines_of(_judged(ws, "--shard", f"{k}/2"))  # the latest run of shard k
        expected = [v for v in verdicts if Shard(k, 2).holds(suite[json.loads(v)["case_id"]])]
        assert mine == expected  # byte for byte, in suite order
    outcomes = {json.loads(v)["outcome"] for v in verdicts if json.loads(v)["kind"] == "fact"}
    assert len(outcomes) > 1  # the witness lies about a third: not one outcome for all

    a = _report(ws, tmp_path / "whole", whole["run_id"])
    b = _report(ws, tmp_path / "shards", shards["1/2"]["run_id"], shards["2/2"]["run_id"])
    assert _numbers(a) == _numbers(b)
    assert len(b["runs"]) == 2 and len(b["dialogue"]) == 1  # two shard runs drawn as one


def test_judge_shard_refuses_a_run_of_another_shard(ws: Path) -> None:
    runs = [r for r in _runs(ws) if r.get("shard") == "1/2"]
    if not runs:
        pytest.skip("needs the shard runs of the test above")
    code, _, err = run("--workspace", str(ws), "judge", runs[0]["run_id"], "--shard", "2/2", "--no-graph")
    assert code != 0 and "of shard 2/2" in err


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
    with cluster:  # two worker processes
        yield str(cluster.scheduler_address)


def test_dask_run_and_judge_give_the_local_verdicts(ws: Path, dask_address: str) -> None:
    code, _, err = run("--workspace", str(ws), "run", "--quiet")
    assert code == 0, err
    whole = next(r for r in _runs(ws) if not r.get("shard"))
    local = _judged(ws, whole["run_id"])

    shutil.rmtree(ws / "runs" / whole["run_id"])  # nothing cached: the cluster asks everything again
    for cache in (ws / "cache").glob("replies.sqlite*"):
        cache.unlink()
    code, out, err = run("--workspace", str(ws), "run", "--dask", dask_address, "--quiet")
    assert code == 0, err
    assert f"run {whole['run_id']} (witness): {whole['cases']} cases, " in out and "0 from cache" in out
    assert _judged(ws, whole["run_id"], "--dask", dask_address) == local


def _lines_of(text: str) -> list[str]:
    return text.splitlines()


def _report(ws: Path, out: Path, *runs: str) -> dict[str, Any]:
    code, _, err = run("--workspace", str(ws), "report", *runs, "--out", str(out))
    assert code == 0, err
    report: dict[str, Any] = json.loads((out / "report.json").read_text())
    return report


def _numbers(report: dict[str, Any]) -> dict[str, Any]:
    """What a report counts, without which runs it came from."""
    dialogue = [{k: v for k, v in d.items() if k != "run_id"} for d in report["dialogue"]]
    battery, failures = report["battery"], report["failures"]
    return {
        **{k: report[k] for k in ("suts", "overall", "by_domain", "by_rule", "outcomes")},
        "failures": sorted(json.dumps({k: v for k, v in f.items() if k != "run_id"}) for f in failures),
        "dialogue": dialogue,
        "battery": {k: battery[k] for k in ("suts", "tests", "swans")} if battery else None,
    }
