"""The local transformers path, on the real packaged SmolLM2 (loaded once per session)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest
import torch

from kgtest.runner.hf import HfSut
from kgtest.runner.sut import Conversation, Sampling, SystemUnderTest

pytestmark = pytest.mark.slow

SHORT: Conversation = ({"role": "user", "content": "Name a planet."},)
LONGER: Conversation = ({"role": "user", "content": "Is Paris the capital of France? Answer Yes or No."},)
DIALOGUE: Conversation = (
    {"role": "user", "content": "My cat is called Mittens."},
    {"role": "assistant", "content": "What a lovely name!"},
    {"role": "user", "content": "What is my cat called?"},
)


def test_greedy_replies_are_deterministic_and_counted(smollm2: SystemUnderTest) -> None:
    conversations = [LONGER, SHORT, DIALOGUE]
    first = dict(smollm2.replies(conversations, Sampling(max_tokens=6)))
    again = dict(smollm2.replies(conversations, Sampling(max_tokens=6)))
    assert sorted(first) == [0, 1, 2]
    assert {i: r.text for i, r in first.items()} == {i: r.text for i, r in again.items()}
    for reply in first.values():
        assert reply.ok and reply.text and reply.system == "hf:smollm2"
        assert reply.completion_tokens is not None and 0 < reply.completion_tokens <= 6
        assert reply.finish_reason == ("length" if reply.completion_tokens == 6 else "stop")
    prompt_tokens = [first[i].prompt_tokens or 0 for i in range(3)]
    assert prompt_tokens[1] < prompt_tokens[0] < prompt_tokens[2]


def test_the_dialogue_history_reaches_the_model(smollm2: SystemUnderTest) -> None:
    [(_, reply)] = list(smollm2.replies([DIALOGUE], Sampling(max_tokens=12)))
    assert "Mittens" in reply.text


def test_sampling_is_reproducible_with_its_seed(smollm2: SystemUnderTest) -> None:
    def text(seed: int) -> str:
        [(_, reply)] = list(smollm2.replies([SHORT], Sampling(temperature=1.0, max_tokens=8, seed=seed)))
        return reply.text

    assert text(1) == text(1)
    assert text(1) != text(2)


def test_a_conversation_beyond_the_context_fails_without_stopping_the_others(
    smollm2: SystemUnderTest,
) -> None:
    huge = 9_000  # SmolLM2's context is 8,192 tokens
    replies = dict(smollm2.replies([SHORT], Sampling(max_tokens=huge)))
    assert replies[0].error is not None and "exceeds the model's context of 8192" in replies[0].error


def _fail_when(sut: HfSut, monkeypatch: pytest.MonkeyPatch, too_big: Callable[[int], bool]) -> list[int]:
    """Make generate run out of memory on batches ``too_big`` says are too big; record batch sizes tried."""
    generate = cast(Any, sut.model).generate
    tried: list[int] = []

    def limited(**kwargs: Any) -> torch.Tensor:
        rows = int(kwargs["input_ids"].shape[0])
        tried.append(rows)
        if too_big(rows):
            raise torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 2.00 GiB")
        return cast(torch.Tensor, generate(**kwargs))

    monkeypatch.setattr(sut.model, "generate", limited)
    return tried


def test_out_of_memory_halves_the_batch_and_retries(
    smollm2: SystemUnderTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    sut = cast(HfSut, smollm2)
    monkeypatch.setattr(sut, "batch_size", 4)
    tried = _fail_when(sut, monkeypatch, lambda rows: rows > 1)
    replies = dict(sut.replies([SHORT, LONGER, DIALOGUE], Sampling(max_tokens=4)))
    assert tried == [3, 2, 1, 1, 1]
    assert sut.batch_size == 1
    assert all(r.ok for r in replies.values()) and sorted(replies) == [0, 1, 2]


def test_out_of_memory_on_one_conversation_is_a_failed_reply(
    smollm2: SystemUnderTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    sut = cast(HfSut, smollm2)
    monkeypatch.setattr(sut, "batch_size", 1)
    _fail_when(sut, monkeypatch, lambda rows: True)
    replies = dict(sut.replies([SHORT, LONGER], Sampling(max_tokens=4)))
    assert all(r.error and "out of memory" in r.error for r in replies.values())
