"""The shard rule: every case in exactly one shard, dialogues kept whole, the documented formula."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgtest.core.shard import Shard, parse_shard, shard_of


@dataclass(frozen=True)
class _Dialogue:
    dialogue: str


@dataclass(frozen=True)
class _Case:
    id: str
    dialogue: _Dialogue | None = None


def test_the_rule_is_the_documented_formula() -> None:
    """docs/scale.md gives this line for scripts; a change to the rule would move every shard."""
    for case_id in ("a3f09b2c11d40e77", "0000000000000000", "coqa:3", "x"):
        digest = int(hashlib.blake2b(case_id.encode(), digest_size=8).hexdigest(), 16)
        assert shard_of(_Case(case_id), 8) == digest % 8 + 1
    assert [shard_of(_Case(i), 4) for i in "abcdefgh"] == [4, 2, 4, 4, 4, 4, 1, 1]


@given(st.lists(st.text(min_size=1), min_size=1, max_size=50, unique=True), st.integers(1, 9))
def test_every_case_is_in_exactly_one_shard(ids: list[str], count: int) -> None:
    cases = [_Case(i) for i in ids]
    shards = [list(Shard(k, count).of(cases)) for k in range(1, count + 1)]
    assert sorted(c.id for s in shards for c in s) == sorted(ids)
    for shard in shards:  # each in the cases' own order
        assert shard == [c for c in cases if c in shard]


def test_a_dialogue_and_its_perturbations_share_a_shard() -> None:
    talks = [_Case(f"case{i}", _Dialogue("story-7")) for i in range(20)]
    assert len({shard_of(c, 5) for c in talks}) == 1
    assert len({shard_of(_Case(f"case{i}"), 5) for i in range(20)}) > 1


@pytest.mark.parametrize("text", ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", ""])
def test_a_malformed_shard_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="K/N"):
        parse_shard(text)


def test_parse() -> None:
    assert parse_shard(" 3 / 8 ") == Shard(3, 8) and str(Shard(3, 8)) == "3/8"
