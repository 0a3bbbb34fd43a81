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
ROUND_2: list[Conversation] = [({"role": "user", "content": "Name a river and say where it flows."},)]


def test_the_bar_counts_the_batch_tokens_as_they_come(smollm2: SystemUnderTest, tmp_path: Path) -> None:
    sampling = Sampling(max_tokens=8)
    quiet = dict(smollm2.replies(QUESTIONS, sampling))
    told: list[tuple[str, int, int]] = []
    try:
        with ReplyCache(tmp_path / "replies.sqlite") as cache:
            asker = Asker(cache, smollm2, sampling, progress=lambda *report: told.append(report))
            asked = asker.ask(QUESTIONS, "fact")
            first = len(told)
            asker.ask(ROUND_2, "round 2")  # a dialogue's next round: a batch of its own
    finally:
        smollm2.on_tokens = None  # the model is the session's
    for batch in (told[:first], told[first:]):
        tokens = [(done, most) for phase, done, most in batch if phase == "generating"]
        assert len(tokens) >= 2 and all(most == 8 for _, most in tokens), "told after each generated token"
        # each batch's bar starts at 0, not where the last batch stopped (issue 41: a stale bar)
        assert tokens[0] == (0, 8) and [d for d, _ in tokens] == sorted(d for d, _ in tokens)
        assert tokens[-1][0] <= 8
    assert [reply.text for _, reply in asked] == [quiet[i].text for i in range(len(QUESTIONS))]
    assert told[first - 1] == ("fact", 2, 2)
