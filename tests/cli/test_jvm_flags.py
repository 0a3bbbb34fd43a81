"""build-kb's JVM flags: the heap cap always, C1 alone only for a first build of one modest source,
the user's ARCADEDB_JVM_ARGS winning, and the variable as it was once the database has started."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kgtest.api.building import C1_MAX_BYTES, C1_ONLY, HEAP, jvm_flags
from kgtest.core.settings import load_settings
from kgtest.kg.build import SourceSpec
from kgtest.kg.embedded import database_path

VAR = "ARCADEDB_JVM_ARGS"


def _flags_inside(ws: Path, specs: list[SourceSpec]) -> str:
    with jvm_flags(load_settings(ws), specs):
        return os.environ[VAR]


@pytest.fixture
def dump(tmp_path: Path) -> SourceSpec:
    path = tmp_path / "kb.nt"
    path.write_text('<http://www.wikidata.org/entity/Q1> <http://schema.org/name> "x" .\n')
    return SourceSpec(str(path))


def test_a_first_build_of_one_source_runs_c1_alone(
    tmp_path: Path, dump: SourceSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(VAR, raising=False)
    assert _flags_inside(tmp_path / "ws", [dump]).split() == [HEAP, C1_ONLY]
    assert VAR not in os.environ  # restored: processes started later get the user's setting


def test_c2_stays_for_a_database_already_there_two_sources_or_a_big_dump(
    tmp_path: Path, dump: SourceSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(VAR, raising=False)
    ws = tmp_path / "ws"
    assert _flags_inside(ws, [dump, SourceSpec("example")]).split() == [HEAP]
    big = tmp_path / "big.nt"
    with big.open("wb") as f:
        f.truncate(C1_MAX_BYTES + 1)
    assert _flags_inside(ws, [SourceSpec(str(big))]).split() == [HEAP]
    database_path(load_settings(ws).paths.db).mkdir(parents=True)
    assert _flags_inside(ws, [dump]).split() == [HEAP]


def test_the_users_flags_win_and_come_back(
    tmp_path: Path, dump: SourceSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(VAR, "-Xmx3g -XX:+TieredCompilation")
    assert _flags_inside(tmp_path / "ws", [dump]) == "-Xmx3g -XX:+TieredCompilation"
    assert os.environ[VAR] == "-Xmx3g -XX:+TieredCompilation"
