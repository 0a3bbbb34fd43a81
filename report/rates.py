"""Where a model fails: hallucination rates per model, domain and rule type, as data.

``kgtest report`` renders this as HTML (report/render.py), JSON and xlsx. Rates are
computed over answered cases and abstentions separately, so a model that says "I don't know"
to everything is not mistaken for one that never hallucinates.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class JudgedCase:
    """One verdict as the report sees it: enough to group by and to show a failing case."""

    sut: str
    case_id: str
    kind: str
    rule: str
    domain: str
    question: str
    expected: str
    answer: str
    outcome: str
    """The verdict class (correct, erroneous_knowledge, erroneous_inference, both, abstained, ...)."""
    hallucinated: bool
    abstained: bool
    reply: str = ""


@dataclass(frozen=True, slots=True)
class Rate:
    cases: int
    hallucinated: int
    abstained: int

    @property
    def answered(self) -> int:
        return self.cases - self.abstained

    @property
    def hallucination_rate(self) -> float:
        """Share of answered cases that were hallucinated (0 when nothing was answered)."""
        return self.hallucinated / self.answered if self.answered else 0.0

    @property
    def abstention_rate(self) -> float:
        return self.abstained / self.cases if self.cases else 0.0


@dataclass(frozen=True, slots=True)
class Report:
    suts: list[str]
    overall: dict[str, Rate]
    by_domain: dict[str, dict[str, Rate]]
    """sut -> domain -> rate."""
    by_rule: dict[str, dict[str, Rate]]
    outcomes: dict[str, dict[str, int]]
    """sut -> outcome class -> count."""
    failures: list[JudgedCase]

    def to_json(self) -> dict[str, Any]:
        def rate(r: Rate) -> dict[str, Any]:
            return {
                "cases": r.cases, "hallucinated": r.hallucinated, "abstained": r.abstained,
                "hallucination_rate": round(r.hallucination_rate, 4),
                "abstention_rate": round(r.abstention_rate, 4),
            }  # fmt: skip

        return {
            "suts": self.suts,
            "overall": {s: rate(r) for s, r in self.overall.items()},
            "by_domain": {s: {d: rate(r) for d, r in v.items()} for s, v in self.by_domain.items()},
            "by_rule": {s: {k: rate(r) for k, r in v.items()} for s, v in self.by_rule.items()},
            "outcomes": self.outcomes,
            "failures": [asdict(f) for f in self.failures],
        }


def build_report(rows: Iterable[JudgedCase], max_failures: int = 200) -> Report:
    """Aggregate verdicts; at most ``max_failures`` failing cases are listed per model."""
    rows = sorted(rows, key=lambda r: (r.sut, r.case_id))
    suts = sorted({r.sut for r in rows})
    return Report(
        suts=suts,
        overall={s: _rate(r for r in rows if r.sut == s) for s in suts},
        by_domain=_grouped(rows, lambda r: r.domain),
        by_rule=_grouped(rows, lambda r: r.rule),
        outcomes={s: _count(r.outcome for r in rows if r.sut == s) for s in suts},
        failures=[f for s in suts for f in [r for r in rows if r.sut == s and r.hallucinated][:max_failures]],
    )


def _rate(rows: Iterable[JudgedCase]) -> Rate:
    cases = hallucinated = abstained = 0
    for r in rows:
        cases += 1
        hallucinated += r.hallucinated
        abstained += r.abstained
    return Rate(cases, hallucinated, abstained)


def _grouped(rows: Sequence[JudgedCase], key: Any) -> dict[str, dict[str, Rate]]:
    groups: dict[str, dict[str, list[JudgedCase]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        groups[r.sut][key(r)].append(r)
    return {s: {k: _rate(v) for k, v in sorted(g.items())} for s, g in sorted(groups.items())}


def _count(values: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for v in values:
        counts[v] += 1
    return dict(sorted(counts.items()))
