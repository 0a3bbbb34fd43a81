"""The JVM's ahead-of-time cache: trained in the background once, used after, never in the way."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kgtest.kg import jvm_cache

from .wikidata_fixture import small_kb


def kgtest(cache_home: Path, *args: str, java: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NEO4J_", "KGTEST_"))}
    env |= {"XDG_CACHE_HOME": str(cache_home), "ARCADEDB_JVM_ARGS": java, "KGTEST_STORE_LINGER_S": "0"}
    return subprocess.run(
        [sys.executable, "-m", "kgtest.cli", *args], capture_output=True, text=True, env=env, timeout=300
    )


def test_off_means_no_flags_and_no_training(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(jvm_cache.ENV, "0")
    assert jvm_cache.jvm_args() == []
    assert not (tmp_path / "kgtest").exists()


def test_a_cache_folder_that_cannot_be_made_means_running_without(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    monkeypatch.setenv(jvm_cache.ENV, "1")
    assert jvm_cache.jvm_args() == []


def test_a_failed_training_is_not_retried_the_same_day(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(jvm_cache.ENV, "1")
    cached = jvm_cache.cache_path()
    cached.parent.mkdir(parents=True)
    cached.with_suffix(".failed").touch()
    assert jvm_cache.jvm_args() == []
    assert not cached.with_suffix(".lock").exists()  # no training claimed


def test_first_use_trains_in_the_background_then_jvms_start_from_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setenv(jvm_cache.ENV, "1")
    assert jvm_cache.jvm_args() == []  # nothing yet: this start goes without, and training begins
    cached = home / "kgtest" / f"jvm-{jvm_cache.fingerprint()}.aot"
    assert cached.with_suffix(".lock").exists()
    assert jvm_cache.jvm_args() == []  # a second start does not train again
    deadline = time.monotonic() + 240
    while not cached.exists():
        assert time.monotonic() < deadline, "no cache after 4 minutes"
        time.sleep(1)
    assert jvm_cache.jvm_args() == [f"-XX:AOTCache={cached}"]
    assert not cached.with_suffix(".lock").exists()

    # AOTMode=on makes a JVM that cannot map the cache refuse to start.
    dump = small_kb().write(tmp_path / "kb.nt")
    ws = str(tmp_path / "ws")
    used = kgtest(home, "--workspace", ws, "build-kb", str(dump), "--quiet", java="-XX:AOTMode=on")
    assert used.returncode == 0, used.stderr

    # ... which is how this check could fail: a damaged cache under AOTMode=on is refused,
    cached.write_bytes(b"not a cache" * 1000)
    refused = kgtest(home, "--workspace", ws, "kb", "stats", java="-XX:AOTMode=on")
    assert refused.returncode != 0
    # while kgtest itself runs on without it.
    fine = kgtest(home, "--workspace", ws, "kb", "stats", "--json")
    assert fine.returncode == 0, fine.stderr
    assert '"facts": 8' in fine.stdout
