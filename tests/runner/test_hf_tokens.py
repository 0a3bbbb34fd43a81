"""A local model's bar moves by tokens within a batch (runner/hf.py), and replies are the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.runner.ask import Asker
from kgtest.runner.cache import ReplyCache
from kgtest.runner.sut import Conversation, Sampling, SystemUnderTest

pytestmark = pytest.mark.slow

QUESTIONS: list[Conversation] = [
    ({"role": "user", "content": "Is Paris the capital of France? Answer Yes or No, then why."},),
    ({"role": "user", "content": "Name a planet and say one thing about it."},),
]


def test_the_bar_counts_the_batch_tokens_as_they_come(smollm2: SystemUnderTest, tmp_path: Path) -> None:
    sampling = Sampling(max_tokens=8)
    quiet = dict(smollm2.replies(QUESTIONS, sampling))
    told: list[tuple[str, int, int]] = []
    try:
        with ReplyCache(tmp_path / "replies.sqlite") as cache:
            asker = Asker(cache, smollm2, sampling, progress=lambda *report: told.append(report))
            asked = asker.ask(QUESTIONS, "fact")
    finally:
        smollm2.on_tokens = None  # the model is the session's
    tokens = [(done, most) for phase, done, most in told if phase == "generating"]
    assert len(tokens) >= 2 and all(most == 8 for _, most in tokens), "told after each generated token"
    assert [done for done, _ in tokens] == sorted(done for done, _ in tokens) and tokens[-1][0] <= 8
    assert [reply.text for _, reply in asked] == [quiet[i].text for i in range(len(QUESTIONS))]
    assert told[-1] == ("fact", 2, 2)
