"""A workspace the disk will not let kgtest write (issue 22, item 7): one clear message, exit 2.

Real file systems: a tmpfs mounted read-only, and a tiny tmpfs filled to the last byte. Tests run
as root, for whom chmod forbids nothing, so the mount is the only honest read-only folder; where
mounting is refused (no privileges, a container without CAP_SYS_ADMIN) the tests skip.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from kgtest.cli.disk import disk_error
from kgtest.core.errors import ConfigError
from kgtest.core.settings import load_settings
from kgtest.generator.case import write_suite
from kgtest.runner.cache import ReplyCache
from tests.runner.dialogue_fixture import dialogue_suite
from tests.runner.suite_fixture import case

ROOT = Path(__file__).resolve().parents[2]
BOT = "plugin:tests.runner.chatters:Echo"


def _mount(folder: Path, *options: str) -> None:
    done = subprocess.run(["mount", *options, str(folder)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")


@pytest.fixture(scope="module")
def disk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A 16 MB tmpfs holding a workspace with a config, a fact suite and a dialogue suite."""
    folder = tmp_path_factory.mktemp("disk")
    _mount(folder, "-t", "tmpfs", "-o", "size=16m", "tmpfs")
    try:
        ws = folder / "ws"
        load_settings(ws, env={})
        (ws / "cache").mkdir()
        write_suite(ws / "suites" / "suite.jsonl", [case(0, "Is Paris in France?")])
        path, _ = dialogue_suite(tmp_path_factory.mktemp("d"), count=1)
        (ws / "suites" / "d.jsonl").write_bytes(path.read_bytes())
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def kgtest(ws: Path, *args: str) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "KGTEST_"))}
    env.update(KGTEST_JVM_CACHE="0", KGTEST_STORE_LINGER_S="0", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(ws), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    return done.returncode, " ".join(done.stderr.split())


COMMANDS = {
    "gen": ("gen", "--count", "2", "--quiet"),
    "run": ("run", "suites/suite.jsonl", "--sut", BOT),
    "dialogue": ("dialogue", "suites/d.jsonl", "--sut", BOT, "--baselines", "none", "--no-graph", "--quiet"),
    "converse": ("converse", "--sut", BOT, "--turns", "3", "--quiet"),
}


def _args(ws: Path, name: str) -> tuple[str, ...]:
    return tuple(str(ws / a) if a.startswith("suites/") else a for a in COMMANDS[name])


@pytest.fixture
def read_only(disk: Path) -> Iterator[Path]:
    _mount(disk, "-o", "remount,ro")
    try:
        yield disk / "ws"
    finally:
        _mount(disk, "-o", "remount,rw")


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_read_only_workspace_is_one_clear_error(read_only: Path, command: str) -> None:
    code, err = kgtest(read_only, *_args(read_only, command))
    assert code == 2 and "Traceback" not in err, err
    assert err.startswith(f"error: cannot write {read_only}") and "Read-only file system" in err, err
    assert "give --workspace (or KGTEST_WORKSPACE) a folder on a writable disk" in err


def test_report_of_a_read_only_workspace_says_to_give_out(disk: Path, tmp_path: Path) -> None:
    """report writes nothing in the workspace but its --out: it said to move the whole workspace."""
    ws = disk / "judged"
    load_settings(ws, env={})
    write_suite(ws / "suites" / "suite.jsonl", [case(0, "Is Paris in France?")])
    assert kgtest(ws, "run", str(ws / "suites" / "suite.jsonl"), "--sut", BOT, "--quiet")[0] == 0
    assert kgtest(ws, "judge", "--no-graph", "--quiet")[0] == 0
    _mount(disk, "-o", "remount,ro")
    try:
        code, err = kgtest(ws, "report")
        assert code == 2 and f"cannot write {ws / 'report'}" in err and "Traceback" not in err, err
        assert "this command only reads the workspace: give --out a folder this user can write" in err, err
        code, err = kgtest(ws, "report", "--out", str(tmp_path / "r"))
        assert code == 0 and (tmp_path / "r" / "report.html").is_file(), err
    finally:
        _mount(disk, "-o", "remount,rw")


@pytest.fixture
def full(disk: Path) -> Iterator[Path]:
    filler = disk / "filler"
    with filler.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass
    try:
        yield disk / "ws"
    finally:
        filler.unlink()


@pytest.mark.parametrize("command", ["gen", "run"])
def test_a_full_disk_is_one_clear_error(full: Path, command: str) -> None:
    code, err = kgtest(full, *_args(full, command))
    assert code == 2 and "Traceback" not in err, err
    assert f"error: cannot write {full}" in err and "No space left on device" in err, err
    assert "free space on that disk, or give --workspace a folder on another" in err


def test_sqlite_refusals_are_mapped_and_other_errors_are_not(read_only: Path) -> None:
    with pytest.raises(sqlite3.OperationalError) as refused:
        ReplyCache(read_only / "cache" / "replies.sqlite")
    clear = disk_error(refused.value, read_only)
    assert isinstance(clear, ConfigError) and clear.exit_code == 2
    assert str(clear).startswith(f"the workspace's database in {read_only} cannot be written")
    with pytest.raises(OSError) as missing:
        (read_only / "no-such-file").read_text()
    assert disk_error(missing.value, read_only) is None, "a missing file is no disk problem"
    assert disk_error(sqlite3.OperationalError("no such table: replies"), read_only) is None
