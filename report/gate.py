"""The quality gate of `kgtest judge`: the share of correct replies, with its interval, against a threshold.

A reply passes only when its verdict is ``correct``: hallucinations, abstentions, truncated and
failed replies all count against the share, so a gate cannot be met by saying "I don't know" or
by a server that times out. The threshold comes from ``--fail-under`` or ``[judge] fail_under``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kgtest.oracle.judge import Outcome
from kgtest.oracle.verdicts import NO_REPLY, TRUNCATED, JudgedReply
from kgtest.report.stats import percent_range, wilson


@dataclass(frozen=True, slots=True)
class GateResult:
    run_id: str
    name: str
    """The system's name in kgtest.toml, else its spec."""
    system: str
    outcomes: dict[str, int]
    fail_under: float
    """0 means no gate: it always passes."""

    @property
    def cases(self) -> int:
        return sum(self.outcomes.values())

    @property
    def correct(self) -> int:
        return self.outcomes.get(Outcome.CORRECT.value, 0)

    @property
    def rate(self) -> float:
        return self.correct / self.cases if self.cases else 0.0

    @property
    def passed(self) -> bool:
        return self.fail_under <= 0 or (self.cases > 0 and self.rate >= self.fail_under)

    def summary(self) -> str:
        """One line for people: ``12 of 36 replies correct, 33% (20-50%)``."""
        return f"{self.correct} of {self.cases} replies correct, {percent_range(self.correct, self.cases)}"

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.correct, self.cases)
        return {
            "run_id": self.run_id, "name": self.name, "system": self.system, "cases": self.cases,
            "correct": self.correct, "correct_rate": round(self.rate, 4),
            "correct_rate_95": [round(low, 4), round(high, 4)],
            "truncated": self.outcomes.get(TRUNCATED, 0), "no_reply": self.outcomes.get(NO_REPLY, 0),
            "outcomes": dict(sorted(self.outcomes.items())), "fail_under": self.fail_under,
            "passed": self.passed,
        }  # fmt: skip


def gate(
    run_id: str, name: str, system: str, records: Iterable[JudgedReply], fail_under: float
) -> GateResult:
    outcomes = Counter(r.outcome for r in records)
    return GateResult(run_id, name, system, dict(sorted(outcomes.items())), fail_under)
