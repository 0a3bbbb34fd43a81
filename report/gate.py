"""The quality gate of `kgtest judge`: per kind of case, its headline score against a threshold.

Each kind has one headline ``score`` (oracle/chance.py, docs/scores.md): 0 for a system that
knows nothing (always "Yes.", always "I don't know.", an echo, a coin), 1 for one that gets
every unit right. The gate compares it with the kind's threshold (``[judge] fail_under_<kind>``,
else ``fail_under`` or ``--fail-under``); the gate passes when every kind does. With
``gate_on = "rate"`` (``--gate-on rate``) it compares the raw share of passed units instead:

* fact and temporal cases: a reply whose verdict is ``correct``; hallucinations, abstentions,
  truncated and failed replies all count against the share; a reply the oracle failed to judge
  (``unjudged``) is left out of it, as out of the score, and counted beside it;
* dialogue cases: a metamorphic check (MR1-MR3) that holds;
* conversations: a battery test verdict that passed.

A raw share is not corrected for chance: always "Yes." gets half of a balanced suite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kgtest.oracle.judge import Outcome
from kgtest.oracle.outcomes import NO_REPLY, PASSING, TRUNCATED, UNJUDGED, JudgedReply
from kgtest.oracle.scores import KindScore
from kgtest.report.stats import percent_range, wilson

ANSWERED = "replies correct"
"""The unit of kinds whose cases are single questions: their replies count together in the summary."""
GATES = ("score", "rate")
"""What a gate may compare with its threshold."""


@dataclass(frozen=True, slots=True)
class KindGate:
    """One kind's share of passed units, its headline score, and the threshold one of them must reach."""

    kind: str
    passed: int
    total: int
    fail_under: float
    """0 means no gate: it always passes."""
    unit: str = ANSWERED
    """What is counted, as people read it (the kind's, api/kinds.py)."""
    scored: KindScore | None = None
    """The kind's headline score; None for a run judged before scores were kept."""
    gate_on: str = "score"
    unjudged: int = 0
    """Replies the oracle failed to judge: in neither ``passed`` nor ``total``."""

    @property
    def rate(self) -> float:
        return self.passed / self.total if self.total else 0.0

    @property
    def score(self) -> float | None:
        return self.scored.score if self.scored is not None else None

    @property
    def gated(self) -> float | None:
        """What the threshold is compared with."""
        if self.gate_on == "rate":
            return self.rate if self.total else None
        return self.score

    @property
    def ok(self) -> bool:
        return self.fail_under <= 0 or (self.gated is not None and self.gated >= self.fail_under)

    def failed(self) -> str:
        """Why the gate stops at this kind. A score of n/a read "under --fail-under 1" beside "60 of
        60 replies correct": a suite of one answer, where a constant answer gets every case (probe-14b)."""
        if self.gated is not None:
            return f"{self.summary()}: under --fail-under {self.fail_under:g}"
        why = "nothing to compare with --fail-under"
        chance = self.scored.chance if self.scored is not None else None
        if self.gate_on == "score" and chance is not None and chance >= 1:
            why = (
                f"no score to compare with --fail-under {self.fail_under:g}: every case has the same "
                "answer, so always giving it gets them all and the score cannot tell knowing from "
                "guessing; gate on the raw share (--gate-on rate) or ask a suite with both answers"
            )
        return f"{self.summary()}: {why}"

    def summary(self) -> str:
        counted = f"{self.passed} of {self.total} {self.unit}, {percent_range(self.passed, self.total)}"
        counted += not_judged(self.unjudged)
        # the headline first: a raw share beside a chance that is not its own reads as compared with it
        return f"{score_words(self.scored)}; raw {counted}" if self.scored is not None else counted

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.passed, self.total)
        scored = self.scored.to_json() if self.scored is not None else {}
        return {
            "passed": self.passed, "total": self.total, "unit": self.unit.split()[0],
            "rate": round(self.rate, 4), "rate_95": [round(low, 4), round(high, 4)],
            "score": _round(scored.get("score")), "chance": _round(scored.get("chance")),
            "score_estimate": _round(scored.get("estimate")),
            "score_95": [_round(x) for x in scored["interval"]] if scored.get("interval") else None,
            "measure": scored.get("measure"), "measure_value": _round(scored.get("value")),
            "best_constant": scored.get("best_constant"), "units": scored.get("units"),
            "baselines": {s: _round(v) for s, v in scored.get("baseline_scores", {}).items()},
            "fail_under": self.fail_under, "gate_on": self.gate_on, "gate_passed": self.ok,
            "unjudged": self.unjudged,
        }  # fmt: skip


def not_judged(count: int) -> str:
    """`` (3 not judged: the oracle failed on them, `kgtest inspect` says why)``, or nothing."""
    return f" ({count} not judged: the oracle failed on them, `kgtest inspect` says why)" if count else ""


def score_words(scored: KindScore | None) -> str:
    """``score 0.42 (chance 0.50)``: the headline, with what knowing nothing gets beside it (the
    chance of the score, not of a raw share: "always Yes." gets half of a balanced suite raw)."""
    if scored is None:
        return "no score (judge the run again)"
    chance = "n/a" if scored.chance is None else f"{scored.chance:.2f}"
    value = "n/a" if scored.score is None else f"{scored.score:.2f}"
    return f"score {value} (chance {chance})"


def _round(x: object) -> float | None:
    return round(x, 4) if isinstance(x, float | int) else None


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
    def no_reply(self) -> int:
        """Cases whose reply failed to come back: they count 0 in every score."""
        return self.outcomes.get(NO_REPLY, 0)

    @property
    def answered(self) -> tuple[int, int]:
        """(correct, asked) of the single questions: what ``correct_rate`` is a share of."""
        single = [k for k in self.kinds if k.unit == ANSWERED]
        return sum(k.passed for k in single), sum(k.total for k in single)

    @property
    def correct(self) -> int:
        return self.answered[0]

    @property
    def unjudged(self) -> int:
        """Single questions the oracle failed to judge: left out of ``answered``."""
        return sum(k.unjudged for k in self.kinds if k.unit == ANSWERED)

    @property
    def rate(self) -> float:
        """The share of single questions answered correctly (dialogues and conversations apart)."""
        correct, asked = self.answered
        return correct / asked if asked else 0.0

    @property
    def passed(self) -> bool:
        if not self.kinds:
            return self.fail_under <= 0
        return all(k.ok for k in self.kinds)

    def summary(self) -> str:
        """For people: each kind's score beside chance, then, with several kinds of single questions,
        their raw share in all (``single questions in all: raw 12 of 36 replies correct, 33%
        (20-50%)``); the share alone where no kind is scored. A share printed first was read as the
        ranking, where a system guessing had more replies correct than one saying "I don't know" and
        a lower score."""
        single = [k for k in self.kinds if k.unit == ANSWERED]
        correct, total = self.answered
        counted = f"{correct} of {total} replies correct, {percent_range(correct, total)}"
        counted += not_judged(self.unjudged)
        if not self.kinds or (len(self.kinds) == 1 and single and single[0].scored is None):
            return counted
        parts = [f"{k.kind}: {k.summary()}" for k in self.kinds]  # dialogues, conversations: no reply count
        if len(single) > 1:
            parts.append(f"single questions in all: raw {counted}")
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        correct, total = self.answered
        low, high = wilson(correct, total)
        return {
            "run_id": self.run_id, "name": self.name, "system": self.system, "cases": self.cases,
            "correct": correct, "correct_rate": round(self.rate, 4),
            "correct_rate_95": [round(low, 4), round(high, 4)], "unjudged": self.unjudged,
            "truncated": self.outcomes.get(TRUNCATED, 0), "no_reply": self.no_reply,
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
    scores: Mapping[str, KindScore] | None = None,
    gate_on: str = "score",
) -> GateResult:
    """The gate over ``records``, kind by kind in the order of ``units`` (each kind's unit);
    ``threshold(kind)`` gives a kind's own threshold (else ``fail_under``), ``scores`` each
    kind's headline score, ``gate_on`` whether the threshold is for the score or the raw share."""
    found = list(records)
    kinds = []
    for kind, unit in units.items():
        mine = [r for r in found if r.kind == kind]
        if not mine:
            continue
        # A single question counts once, passing only with a passing outcome (one the oracle failed
        # on is left out, as it is of the score: oracle/chance.py); a dialogue or a conversation
        # counts its checks (a kind whose cases carry none counts them as single questions, but for
        # those with no reply: dialogues that all failed read "raw 0 of 24 checks passed").
        judged = [r for r in mine if unit != ANSWERED or r.outcome != UNJUDGED]
        if unit == ANSWERED:
            passed, total = sum(r.outcome in PASSING for r in judged), len(judged)
        elif not any(r.checks for r in judged):  # a case with no reply has no check to count
            asked = [r for r in judged if r.outcome != NO_REPLY]
            passed, total = sum(r.outcome in PASSING for r in asked), len(asked)
        else:  # each check once (a dialogue check between two cases is counted with its first)
            passed, total = sum(r.passed_checks for r in judged), sum(r.checks for r in judged)
        limit = threshold(kind) if threshold else fail_under
        scored = (scores or {}).get(kind)
        kinds.append(KindGate(kind, passed, total, limit, unit, scored, gate_on, len(mine) - len(judged)))
    if not found and fail_under > 0:
        kinds.append(KindGate("fact", 0, 0, fail_under, gate_on=gate_on))
    outcomes = Counter(r.outcome for r in found)
    return GateResult(run_id, name, system, dict(sorted(outcomes.items())), fail_under, tuple(kinds))


__all__ = ["ANSWERED", "GATES", "GateResult", "KindGate", "Outcome", "gate", "score_words"]
