"""A count typed with extra zeros is refused before any work: scripting 10^8 conversation turns ran
for ever and 10^4 took 3.5 GB (probe-13)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import kgtest
from kgtest.core.errors import ConfigError


@pytest.mark.parametrize(
    ("asked", "says"),
    [
        ({"count": 1, "turns": 100_000_000}, "turns=100000000: at most 1,000"),
        ({"count": 100_000_000}, "conversations=100000000: at most 10,000"),
        ({"count": 1, "max_distance": 10**9}, "max_distance=1000000000: at most 1,000"),
    ],
)
def test_a_huge_conversation_request_is_refused(tmp_path: Path, asked: dict[str, int], says: str) -> None:
    request = kgtest.GenRequest(conversations=kgtest.ConversationRequest(**asked))
    began = time.monotonic()
    with pytest.raises(ConfigError, match=says):
        kgtest.generate(request, workspace=tmp_path / "ws", graph=False)
    assert time.monotonic() - began < 5
    assert not (tmp_path / "ws" / "suites").exists(), "nothing written"
