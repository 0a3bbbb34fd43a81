"""Where a model fails: hallucination rates per model, domain and rule type, with their intervals, as data.

``kgtest report`` renders this as HTML (report/render.py), JSON and xlsx, with a section per
kind of case: the fact and temporal cases' rates here, the dialogue cases' MORTAR tables
(report/dialogue_tables.py) and the conversations' tests and SWAN (report/battery.py) beside them.
Rates are computed over answered cases; abstentions and truncated replies are counted apart, so
a model that says "I don't know" to everything, or one cut off mid-reasoning, is not mistaken
for one that never hallucinates. Every rate carries its 95% Wilson interval (report/stats.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from kgtest.core.records import to_plain
from kgtest.oracle.outcomes import UNJUDGED
from kgtest.report.compare import RunDiff
from kgtest.report.evidence import CaseEvidence
from kgtest.report.header import RunHeader
from kgtest.report.scores import Difference, ScoreRow, differences, scores_json
from kgtest.report.stats import wilson

if TYPE_CHECKING:  # the conversations' section, with the rest of their report (report/battery.py)
    from kgtest.report.battery import BatteryReport
    from kgtest.report.usage import Usage

CORRECT, TRUNCATED = "correct", "truncated"


@dataclass(frozen=True, slots=True)
class JudgedCase:
    """One verdict as the report sees it: enough to group by, and to explain the case."""

    sut: str
    """The system's name (kgtest.toml's [[sut]] name, else its spec)."""
    case_id: str
    kind: str
    rule: str
    domain: str
    question: str
    expected: str
    answer: str
    outcome: str
    """The verdict class (correct, erroneous_knowledge, erroneous_inference, both, idk, truncated, ...)."""
    hallucinated: bool
    abstained: bool
    reply: str = ""
    run_id: str = ""
    reasons: tuple[str, ...] = ()
    evidence: CaseEvidence | None = None
    prompt: str = ""
    """What the case was sent (its prompt as the run's template made it)."""

    @property
    def truncated(self) -> bool:
        return self.outcome == TRUNCATED

    @property
    def passed(self) -> bool:
        return self.outcome == CORRECT


@dataclass(frozen=True, slots=True)
class Rate:
    cases: int
    hallucinated: int
    abstained: int
    truncated: int = 0
    correct: int = 0
    unjudged: int = 0
    """Replies the oracle failed to judge: among the abstained, and left out of ``correct_rate``."""

    @property
    def answered(self) -> int:
        """Cases with a clear Yes/No that was read to its end."""
        return self.cases - self.abstained - self.truncated

    @property
    def hallucination_rate(self) -> float:
        """Share of answered cases that were hallucinated (0 when nothing was answered)."""
        return self.hallucinated / self.answered if self.answered else 0.0

    @property
    def hallucination_interval(self) -> tuple[float, float]:
        return wilson(self.hallucinated, self.answered)

    @property
    def abstention_rate(self) -> float:
        return self.abstained / self.cases if self.cases else 0.0

    @property
    def correct_rate(self) -> float:
        """Share of the judged cases answered correctly: what `kgtest judge --gate-on rate` gates on."""
        judged = self.cases - self.unjudged
        return self.correct / judged if judged else 0.0

    @property
    def correct_interval(self) -> tuple[float, float]:
        return wilson(self.correct, self.cases - self.unjudged)

    def to_json(self) -> dict[str, Any]:
        return {
            "cases": self.cases, "answered": self.answered, "hallucinated": self.hallucinated,
            "abstained": self.abstained, "truncated": self.truncated, "correct": self.correct,
            "hallucination_rate": round(self.hallucination_rate, 4),
            "hallucination_rate_95": [round(x, 4) for x in self.hallucination_interval],
            "abstention_rate": round(self.abstention_rate, 4),
            "correct_rate": round(self.correct_rate, 4),
            "correct_rate_95": [round(x, 4) for x in self.correct_interval], "unjudged": self.unjudged,
        }  # fmt: skip


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
    """Hallucinated cases, at most ``max_failures`` per model (the JSON and xlsx list these)."""
    cases: list[JudgedCase] = field(default_factory=list)
    """Every case, by model and id: the HTML explains each."""
    runs: list[RunHeader] = field(default_factory=list)
    diffs: list[RunDiff] = field(default_factory=list)
    """Against a baseline run, when one was given."""
    dialogues: list[dict[str, Any]] = field(default_factory=list)
    """One MORTAR section per judged run with dialogue cases (report/dialogue_tables.py)."""
    battery: BatteryReport | None = None
    """The conversations of every judged run, systems side by side (report/battery.py)."""
    scores: list[ScoreRow] = field(default_factory=list)
    """Each system's headline score per kind, with what knowing nothing gets (report/scores.py)."""
    differences: list[Difference] = field(default_factory=list)
    """Every pair of systems' scores per kind, and whether they are told apart."""
    usage: list[Usage] = field(default_factory=list)
    """Each system's latency, tokens and cost (report/usage.py)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": scores_json(self.scores, self.differences),
            "suts": self.suts,
            "runs": [asdict(r) for r in self.runs],
            "overall": {s: r.to_json() for s, r in self.overall.items()},
            "by_domain": {s: {d: r.to_json() for d, r in v.items()} for s, v in self.by_domain.items()},
            "by_rule": {s: {k: r.to_json() for k, r in v.items()} for s, v in self.by_rule.items()},
            "outcomes": self.outcomes,
            "comparisons": [d.to_json() for d in self.diffs],
            "failures": [asdict(f) for f in self.failures],
            "dialogue": self.dialogues,
            "battery": to_plain(self.battery) if self.battery is not None else None,
            "usage": [asdict(u) for u in self.usage],
        }


def build_report(
    rows: Iterable[JudgedCase],
    max_failures: int = 200,
    runs: Sequence[RunHeader] = (),
    diffs: Sequence[RunDiff] = (),
    dialogues: Sequence[dict[str, Any]] = (),
    battery: BatteryReport | None = None,
    scores: Sequence[ScoreRow] = (),
    usage: Sequence[Usage] = (),
) -> Report:
    """Aggregate verdicts; at most ``max_failures`` failing cases are listed per model."""
    rows = sorted(rows, key=lambda r: (r.sut, r.case_id))
    suts = sorted({r.sut for r in rows})
    return Report(
        suts=suts,
        overall={s: rate(r for r in rows if r.sut == s) for s in suts},
        by_domain=_grouped(rows, lambda r: r.domain),
        by_rule=_grouped(rows, lambda r: r.rule),
        outcomes={s: _count(r.outcome for r in rows if r.sut == s) for s in suts},
        failures=[f for s in suts for f in [r for r in rows if r.sut == s and r.hallucinated][:max_failures]],
        cases=rows,
        runs=list(runs),
        diffs=list(diffs),
        dialogues=list(dialogues),
        battery=battery,
        scores=list(scores),
        differences=differences(scores),
        usage=list(usage),
    )


def rate(rows: Iterable[JudgedCase]) -> Rate:
    cases = hallucinated = abstained = truncated = correct = unjudged = 0
    for r in rows:
        cases += 1
        hallucinated += r.hallucinated
        abstained += r.abstained
        truncated += r.truncated
        correct += r.passed
        unjudged += r.outcome == UNJUDGED
    return Rate(cases, hallucinated, abstained, truncated, correct, unjudged)


def _grouped(rows: Sequence[JudgedCase], key: Callable[[JudgedCase], str]) -> dict[str, dict[str, Rate]]:
    groups: dict[str, dict[str, list[JudgedCase]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        groups[r.sut][key(r)].append(r)
    return {s: {k: rate(v) for k, v in sorted(g.items())} for s, g in sorted(groups.items())}


def _count(values: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for v in values:
        counts[v] += 1
    return dict(sorted(counts.items()))
