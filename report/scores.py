"""The report's headline: each kind's score per system, beside what knowing nothing gets, and which
differences between systems are real, compared unit by unit (docs/scores.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from statistics import NormalDist
from typing import Any

from kgtest.oracle.chance import CHANCE
from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.oracle.scores import INTERVAL, KindScore, headline, standard_error, t_quantile


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One system's score for one kind (a run, or the shards of one run taken together)."""

    system: str
    runs: str
    kind: str
    scored: KindScore

    @property
    def meaning(self) -> str:
        """The score in one plain sentence."""
        return meaning(self.scored)


MIN_UNITS = 10
"""Fewer paired units tell nothing apart: on two conversations that differ alike the interval has no
width, a certainty no two samples give (a sign test on ten units that all differ one way: p < 0.002)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """Two systems' scores for one kind, compared on the units both were judged on."""

    kind: str
    first: str
    second: str
    difference: float
    """The first's score estimate less the second's on the shared units, an estimate below knowing
    nothing's taken as 0."""
    interval: tuple[float, float]
    units: int
    pairs: int = 1
    """The pairs of systems compared for the kind: the intervals hold at 95% all together."""
    above_chance: bool = True
    """Whether the one the interval puts ahead scores above knowing nothing on its own (score > 0):
    two systems at chance are not ranked, however their raw measures differ (always "Yes." against
    always "I don't know.")."""

    @property
    def real(self) -> bool:
        """Whether the two are told apart: enough paired units, a 95% interval that leaves out 0, and
        the one ahead better than knowing nothing."""
        apart = self.interval[0] > 0 or self.interval[1] < 0
        return self.units >= MIN_UNITS and apart and self.above_chance

    def words(self) -> str:
        unit = _unit(self.kind)
        if self.units < MIN_UNITS:
            return f"{self.first} and {self.second}: too few {unit} to tell apart ({self.units})"
        if not self.above_chance:
            return f"{self.first} and {self.second}: not ranked, neither scores above knowing nothing"
        if not self.real:
            return f"{self.first} and {self.second}: not distinguishable on {self.units} {unit}"
        better, worse = (self.first, self.second) if self.difference > 0 else (self.second, self.first)
        low, high = sorted(abs(x) for x in self.interval)
        low = 0.0 if self.interval[0] * self.interval[1] < 0 else low
        together = f", with the other {self.pairs - 1} pairs' intervals" if self.pairs > 1 else ""
        return (
            f"{better} scores higher than {worse} by {abs(self.difference):.2f} in estimate "
            f"(95% interval {low:.2f} to {high:.2f}{together}, on {self.units} {_unit(self.kind)})"
        )


def meaning(scored: KindScore) -> str:
    """``0.42``: what the number says, with what it is measured on."""
    if scored.score is None:
        if scored.value is None:
            return f"no score: no {scored.measure} could be measured"
        if scored.chance is not None and scored.chance >= 1:
            return (
                f"no score: knowing nothing ({scored.best_constant}) gets every unit, so these cases "
                "cannot tell knowing from guessing"
            )
        return "no score"
    best = scored.best_constant.removeprefix("baseline:")
    said = {"wording": "guessing from the question's wording", "idk": 'always saying "I don\'t know."'}
    knowing_nothing = said.get(best, f"always answering like '{best}'")
    below = (
        f"; its measure is below knowing nothing's (estimate {scored.estimate:.2f})"
        if scored.estimate is not None and scored.estimate < 0
        else ""
    )
    chance = f" ({scored.measure} {scored.chance:.2f})" if scored.chance is not None else ""
    return (
        f"Of the way from knowing nothing, {knowing_nothing}{chance}, to every unit right, this system "
        f"goes {scored.score:.0%} (at the low end of a 95% bound on {len(scored.units)} units{below}): 0 is "
        "no better than knowing nothing, 1 is all of them."
    )


def score_rows(judged: Sequence[RunVerdicts]) -> list[ScoreRow]:
    """Each system's score per kind: the shards of one run together, a system's runs of other suites
    apart."""
    groups: dict[tuple[str, str], list[RunVerdicts]] = {}
    for run in judged:
        groups.setdefault((run.manifest.name, run.whole), []).append(run)
    rows = []
    for (system, _), runs in groups.items():
        kinds = dict.fromkeys(s.kind for run in runs for s in run.scores)
        for kind in kinds:
            parts = [s for run in runs for s in run.scores if s.kind == kind]
            rows.append(ScoreRow(system, "+".join(r.run_id for r in runs), kind, merged(parts)))
    return rows


def differences(rows: Sequence[ScoreRow]) -> list[Difference]:
    """Every pair of systems' scores for a kind, paired on the units both were judged on. The
    intervals hold together at 95% (Bonferroni over the kind's pairs): of 105 pairs of 15 systems,
    about five would leave out 0 by luck at 95% each (a re-audit's system that knew 60% ranked
    above the same knowledge guessing the rest, its coin right on 14 of 41)."""
    pairs = [(a, b) for a, b in combinations(rows, 2) if a.kind == b.kind and a.system != b.system]
    compared = Counter(a.kind for a, _ in pairs)
    found = []
    for a, b in pairs:
        shared = sorted(set(a.scored.units) & set(b.scored.units))
        chance = a.scored.chance
        if not shared or chance is None or chance >= 1 or b.scored.chance is None:
            continue
        d = [a.scored.units[k] - b.scored.units[k] for k in shared]
        gain = 1 - chance
        # a system below knowing nothing counts as knowing nothing: its score shows 0, and "higher by"
        # is the gap a reader sees (always "Yes." below chance made a cue reader "higher by 0.73")
        on_a, on_b = (sum(x.scored.units[k] for k in shared) / len(shared) for x in (a, b))
        mean = max(on_a, chance) - max(on_b, chance)
        wider = NormalDist().inv_cdf(1 - 0.025 / compared[a.kind]) / INTERVAL  # 1 for one pair
        spread = wider * t_quantile(len(d), two_sided=True) * standard_error(d)
        interval = (_clipped((mean - spread) / gain), _clipped((mean + spread) / gain))
        ahead = a if mean > 0 else b
        above = ahead.scored.score is not None and ahead.scored.score > 0
        estimate, kind = _clipped(mean / gain), a.kind
        found.append(
            Difference(kind, a.system, b.system, estimate, interval, len(shared), compared[kind], above)
        )
    return found


def _clipped(x: float) -> float:
    """A difference of scores lies within -1 and 1; one system below chance would take it past."""
    return max(-1.0, min(1.0, x))


def merged(parts: Sequence[KindScore]) -> KindScore:
    """The scores of a run's shards (disjoint units) as one: units together, each baseline's measure
    weighted by its shard's units, chance the best constant's."""
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    units = {k: v for p in parts for k, v in p.units.items()}
    weight = {id(p): len(p.units) for p in parts}
    total = sum(weight.values()) or 1

    def pooled(values: Sequence[tuple[KindScore, float | None]]) -> float | None:
        known = [(weight[id(p)], v) for p, v in values if v is not None]
        return sum(w * v for w, v in known) / sum(w for w, _ in known) if known else None

    value = pooled([(p, p.value) for p in parts])
    baselines = {s: pooled([(p, p.baselines.get(s)) for p in parts]) for s in first.baselines}
    constants = {s: v for s, v in baselines.items() if s in CHANCE and v is not None}
    best = max(constants, key=lambda s: constants[s], default="")
    chance = constants.get(best)
    score, estimate, interval = headline(value, list(units.values()) if total else [], chance)
    scored = {s: headline(v, [], chance)[0] for s, v in baselines.items()}
    unjudged = sum(p.unjudged for p in parts)
    return KindScore(
        first.kind, first.measure, value, units, chance, best, score, estimate, interval, baselines, scored,
        unjudged,
    )  # fmt: skip


def scores_json(rows: Sequence[ScoreRow], found: Sequence[Difference]) -> dict[str, Any]:
    return {
        "rows": [
            {"system": r.system, "runs": r.runs, **r.scored.to_json(), "meaning": r.meaning} for r in rows
        ],
        "differences": [
            {
                "kind": d.kind, "first": d.first, "second": d.second, "difference": round(d.difference, 4),
                "interval": [round(x, 4) for x in d.interval], "units": d.units, "pairs": d.pairs,
                "real": d.real, "words": d.words(),
            }
            for d in found
        ],
    }  # fmt: skip


def _unit(kind: str) -> str:
    return {"dialogue": "rounds", "conversation": "conversations"}.get(kind, "cases")
