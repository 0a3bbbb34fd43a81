"""The quality gate of `kgtest judge`: per kind of case, the share that passed against a threshold.

What passes, per kind:

* fact and temporal cases: a reply whose verdict is ``correct``; hallucinations, abstentions,
  truncated and failed replies all count against the share, so a gate cannot be met by saying
  "I don't know" or by a server that times out;
* dialogue cases: a metamorphic check (MR1-MR3) that holds;
* conversations: a battery test verdict that passed.

Each kind has its threshold (``[judge] fail_under_<kind>``, else ``fail_under`` or
``--fail-under``); the gate passes when every kind does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kgtest.oracle.judge import Outcome
from kgtest.oracle.outcomes import NO_REPLY, PASSING, TRUNCATED, JudgedReply
from kgtest.report.stats import percent_range, wilson

ANSWERED = "replies correct"
"""The unit of kinds whose cases are single questions: their replies count together in the summary."""


@dataclass(frozen=True, slots=True)
class KindGate:
    """One kind's share of passed units (replies, checks or tests) against its threshold."""

    kind: str
    passed: int
    total: int
    fail_under: float
    """0 means no gate: it always passes."""
    unit: str = ANSWERED
    """What is counted, as people read it (the kind's, api/kinds.py)."""

    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 0.0

    @property
    def ok(self) -> bool:
        return self.fail_under <= 0 or (self.total > 0 and self.rate >= self.fail_under)

    def summary(self) -> str:
        return f"{self.passed} of {self.total} {self.unit}, {percent_range(self.passed, self.total)}"

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.passed, self.total)
        return {
            "passed": self.passed, "total": self.total, "unit": self.unit.split()[0],
            "rate": round(self.rate, 4), "rate_95": [round(low, 4), round(high, 4)],
            "fail_under": self.fail_under, "gate_passed": self.ok,
        }  # fmt: skip


@dataclass(frozen=True, slots=True)
class GateResult:
    run_id: str
    name: str
    """The system's name in kgtest.toml, else its spec."""
    system: str
    outcomes: dict[str, int]
    fail_under: float
    """The threshold every kind inherits; 0 means no gate."""
    kinds: tuple[KindGate, ...] = ()

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
        if not self.kinds:
            return self.fail_under <= 0
        return all(k.ok for k in self.kinds)

    def summary(self) -> str:
        """For people: ``12 of 36 replies correct, 33% (20-50%)``, then each kind when there are several."""
        single = [k for k in self.kinds if k.unit == ANSWERED]
        parts = []
        if single or not self.kinds:
            correct, total = sum(k.passed for k in single), sum(k.total for k in single)
            parts.append(f"{correct} of {total} replies correct, {percent_range(correct, total)}")
        if len(self.kinds) > 1:
            parts += [f"{k.kind}: {k.summary()}" for k in self.kinds]
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.correct, self.cases)
        return {
            "run_id": self.run_id, "name": self.name, "system": self.system, "cases": self.cases,
            "correct": self.correct, "correct_rate": round(self.rate, 4),
            "correct_rate_95": [round(low, 4), round(high, 4)],
            "truncated": self.outcomes.get(TRUNCATED, 0), "no_reply": self.outcomes.get(NO_REPLY, 0),
            "outcomes": dict(sorted(self.outcomes.items())), "fail_under": self.fail_under,
            "kinds": {k.kind: k.to_json() for k in self.kinds}, "passed": self.passed,
        }  # fmt: skip


def gate(
    run_id: str,
    name: str,
    system: str,
    records: Iterable[JudgedReply],
    fail_under: float,
    units: Mapping[str, str],
    threshold: Callable[[str], float] | None = None,
) -> GateResult:
    """The gate over ``records``, kind by kind in the order of ``units`` (each kind's unit);
    ``threshold(kind)`` gives a kind's own threshold (else ``fail_under``)."""
    found = list(records)
    kinds = []
    for kind, unit in units.items():
        mine = [r for r in found if r.kind == kind]
        if not mine:
            continue
        # A case judged by checks counts each; any other (a fact case, a dialogue with no
        # reply to check) counts once, passing only with a passing outcome.
        passed = sum(r.passed_checks if r.checks else r.outcome in PASSING for r in mine)
        total = sum(r.checks or 1 for r in mine)
        kinds.append(KindGate(kind, passed, total, threshold(kind) if threshold else fail_under, unit))
    if not found and fail_under > 0:
        kinds.append(KindGate("fact", 0, 0, fail_under))
    outcomes = Counter(r.outcome for r in found)
    return GateResult(run_id, name, system, dict(sorted(outcomes.items())), fail_under, tuple(kinds))
