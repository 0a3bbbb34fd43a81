"""Fixtures for the runner: the packaged SmolLM2 (loaded once), a workspace, suite files."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kgtest.core.settings import Settings, load_settings
from kgtest.generator.case import TestCase, write_suite
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import SutOptions, SystemUnderTest
from tests.runner.suite_fixture import case

MakeSuite = Callable[..., Path]


@pytest.fixture(scope="session")
def model_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session's own per-user cache folder ($XDG_CACHE_HOME): its first load is a real GGUF load."""
    return tmp_path_factory.mktemp("xdg-cache")


@pytest.fixture(scope="session")
def smollm2(model_cache: Path) -> Iterator[SystemUnderTest]:
    """The real packaged model, read from its GGUF file (~30 s on two cores), so once per session.

    One thread: beside other busy processes two threads run several times slower.
    """
    with pytest.MonkeyPatch.context() as env:
        env.setenv("XDG_CACHE_HOME", str(model_cache))
        sut = open_sut("hf:smollm2?threads=1", SutOptions(batch_size=4))
    yield sut
    sut.close()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return load_settings(tmp_path / "workspace", env={})


@pytest.fixture
def make_suite(tmp_path: Path) -> MakeSuite:
    """Write a suite file from prompts (or cases) and return its path."""

    def make(*items: str | TestCase, name: str = "suite.jsonl") -> Path:
        path = tmp_path / name
        write_suite(path, [i if isinstance(i, TestCase) else case(n, i) for n, i in enumerate(items)])
        return path

    return make


ROOT = Path(__file__).resolve().parents[2]


def kgtest_run(workspace: Path, suite: Path, log: Path, delay: float = 0.15) -> subprocess.Popen[str]:
    """`kgtest run` in its own process against a Recorder bot that logs each question it is asked."""
    spec = f"plugin:tests.runner.chatters:Recorder?log={log}&delay={delay}"
    return subprocess.Popen(
        [sys.executable, "-m", "kgtest.cli", "--workspace", str(workspace), "run", str(suite), "--sut", spec,
         "--quiet"],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )  # fmt: skip
