"""The reply cache: keys follow everything that changes an answer, and nothing else."""

from __future__ import annotations

from pathlib import Path

from kgtest.runner.cache import ReplyCache, reply_key
from kgtest.runner.sut import Reply, Sampling

QUESTION = ({"role": "user", "content": "Was Dickens born in Portsmouth?"},)


def test_keys_change_with_every_setting_the_system_and_the_conversation() -> None:
    base = reply_key("hf:smollm2", Sampling(), QUESTION)
    variants = [
        reply_key("hf:smollm2", Sampling(temperature=0.7), QUESTION),
        reply_key("hf:smollm2", Sampling(max_tokens=65), QUESTION),
        reply_key("hf:smollm2", Sampling(seed=1), QUESTION),
        reply_key("plugin:x:Y", Sampling(), QUESTION),
        reply_key("hf:smollm2", Sampling(), ({"role": "user", "content": "Was Dickens born in London?"},)),
        reply_key("hf:smollm2", Sampling(), ({"role": "system", "content": "Be brief."}, *QUESTION)),
    ]
    assert len({base, *variants}) == 1 + len(variants)
    assert reply_key("hf:smollm2", Sampling(), tuple(dict(m) for m in QUESTION)) == base


def test_replies_survive_reopening_and_a_retry_replaces_a_failure(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "replies.sqlite"
    key = reply_key("s", Sampling(), QUESTION)
    failed = Reply.failed("s", Sampling(), 1.5, "no reply within 1 s")
    with ReplyCache(path) as cache:
        cache.put(key, QUESTION, failed)
    with ReplyCache(path) as cache:
        assert cache.get([key, "other"]) == {key: failed}
        answer = Reply("Yes", "s", Sampling(), 0.2, 30, 1, "stop")
        cache.put(key, QUESTION, answer)
        assert cache.get([key]) == {key: answer}


def test_many_keys_are_looked_up_in_chunks(tmp_path: Path) -> None:
    with ReplyCache(tmp_path / "r.sqlite") as cache:
        keys = [f"k{i}" for i in range(1_200)]
        for key in keys[::3]:
            cache.put(key, QUESTION, Reply("x", "s", Sampling(), 0.0))
        assert set(cache.get(keys)) == set(keys[::3])
