"""Which shard a test case belongs to: a rule every machine applies alone, so shards merge unasked.

A case's *group* is its id, or for a dialogue case the id of the dialogue it perturbs (an
original and its perturbations are judged against each other, so they stay together). The
group's 64-bit BLAKE2b digest modulo N picks the shard: a case is in shard K of N (K counted
from 1) iff ``int(blake2b(group, digest_size=8).hexdigest(), 16) % N == K - 1``. Each case is
in exactly one shard whatever else the suite holds, so N jobs of a CI matrix, a Slurm array
or a Kubernetes indexed Job need nothing from each other (docs/scale.md).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol, TypeVar

_SPEC = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*")


class _Dialogue(Protocol):
    @property
    def dialogue(self) -> str: ...


class Shardable(Protocol):
    """What the rule reads of a case (generator/case.py's TestCase)."""

    @property
    def id(self) -> str: ...

    @property
    def dialogue(self) -> _Dialogue | None: ...


C = TypeVar("C", bound=Shardable)


@dataclass(frozen=True, slots=True)
class Shard:
    """Shard ``index`` of ``count``, counted from 1 as schedulers' array indices usually are."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if not 1 <= self.index <= self.count:
            raise ValueError(f"shard {self.index}/{self.count}: K/N needs 1 <= K <= N")

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def holds(self, case: Shardable) -> bool:
        return shard_of(case, self.count) == self.index

    def of(self, cases: Iterable[C]) -> Iterator[C]:
        """The cases of this shard, in their order."""
        return (c for c in cases if self.holds(c))


WHOLE = Shard(1, 1)
"""Every case: what a command does without ``--shard``."""


def parse_shard(text: str) -> Shard:
    """``"K/N"`` (e.g. ``"3/8"``, or ``"$((SLURM_ARRAY_TASK_ID+1))/8"`` expanded by the shell)."""
    match = _SPEC.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not K/N (e.g. 3/8: the third of eight shards)")
    return Shard(int(match[1]), int(match[2]))


def group_of(case: Shardable) -> str:
    """What keeps cases together: the dialogue a perturbation belongs to, else the case itself."""
    return case.dialogue.dialogue if case.dialogue is not None else case.id


def shard_of(case: Shardable, count: int) -> int:
    """The shard (1..count) that holds ``case`` when cases are split ``count`` ways."""
    digest = hashlib.blake2b(group_of(case).encode("utf-8"), digest_size=8).hexdigest()
    return int(digest, 16) % count + 1
