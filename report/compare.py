"""Two runs compared case by case: what a new model or prompt fixed, broke, or left as it was.

A case passes when its verdict is ``correct``. Against a baseline run, each case both judged
is ``fixed`` (failed before, passes now), ``newly failing`` (passed before, fails now) or
unchanged (passing or failing in both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class _Verdict(Protocol):
    @property
    def case_id(self) -> str: ...
    @property
    def question(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def passed(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class CaseChange:
    case_id: str
    question: str
    before: str
    """The baseline's outcome."""
    after: str


@dataclass(frozen=True, slots=True)
class RunDiff:
    baseline: str
    """The baseline run's id and name."""
    sut: str
    fixed: tuple[CaseChange, ...]
    newly_failing: tuple[CaseChange, ...]
    still_passing: int
    still_failing: int
    only_baseline: int
    """Cases the baseline judged and this system did not (another suite, or --limit)."""
    only_now: int

    @property
    def unchanged(self) -> int:
        return self.still_passing + self.still_failing

    def to_json(self) -> dict[str, Any]:
        return {
            "baseline": self.baseline, "sut": self.sut,
            "fixed": [c.case_id for c in self.fixed],
            "newly_failing": [c.case_id for c in self.newly_failing],
            "still_passing": self.still_passing, "still_failing": self.still_failing,
            "only_baseline": self.only_baseline, "only_now": self.only_now,
        }  # fmt: skip


def diff(baseline: str, sut: str, before: Sequence[_Verdict], now: Sequence[_Verdict]) -> RunDiff:
    """``now`` (one system's rows) against ``before`` (the baseline run's rows), by case id."""
    old = {r.case_id: r for r in before}
    new = {r.case_id: r for r in now}
    shared = sorted(old.keys() & new.keys())

    def change(case_id: str) -> CaseChange:
        return CaseChange(case_id, new[case_id].question, old[case_id].outcome, new[case_id].outcome)

    return RunDiff(
        baseline=baseline,
        sut=sut,
        fixed=tuple(change(c) for c in shared if new[c].passed and not old[c].passed),
        newly_failing=tuple(change(c) for c in shared if old[c].passed and not new[c].passed),
        still_passing=sum(old[c].passed and new[c].passed for c in shared),
        still_failing=sum(not old[c].passed and not new[c].passed for c in shared),
        only_baseline=len(old.keys() - new.keys()),
        only_now=len(new.keys() - old.keys()),
    )
