"""A judged run's headline scores, one per kind, kept beside its verdicts (``scores.json``).

Made by oracle/chance.py when the run is judged; read back with the verdicts by
oracle/run_verdicts.py, for the gate, ``judge --json`` and the report (docs/scores.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgtest.core.errors import OracleError
from kgtest.core.files import write_atomic
from kgtest.core.records import from_plain, to_plain

BOUND = 1.645
"""Standard errors the score is taken below the measure, for many units: a one-sided 95% bound
(Student's t for fewer, ``t_quantile``)."""
INTERVAL = 1.96
"""Standard errors either side of the estimate in its 95% interval, for many units."""


@dataclass(frozen=True, slots=True)
class KindScore:
    """One kind's headline for one system: its measure, what knowing nothing gets, the score."""

    kind: str
    measure: str
    value: float | None
    """The system's measure (its share of correct replies, of rounds right and consistent; SWAN)."""
    units: dict[str, float]
    """Each unit's credit, by its key: what two systems are compared on, unit by unit."""
    chance: float | None
    """What the best constant answer gets on the same units."""
    best_constant: str
    """Which baseline that is (``baseline:yes`` ...)."""
    score: float | None
    """0: no better than knowing nothing; 1: every unit right (docs/scores.md)."""
    estimate: float | None
    """The score without the bound: (value - chance) / (1 - chance)."""
    interval: tuple[float, float] | None
    """The estimate's 95% interval."""
    baselines: dict[str, float | None]
    """Each know-nothing baseline's measure on the same units, by spec."""
    baseline_scores: dict[str, float | None]
    unjudged: int = 0
    """Units the oracle failed to judge (``Credit.unjudged``): left out of every measure above, and
    shown beside the score, since a judge that failed on many units says little."""

    def to_json(self) -> dict[str, Any]:
        """What ``judge --json`` and report.json show of it (the units stay in scores.json)."""
        data: dict[str, Any] = to_plain(self)
        data["units"] = len(self.units)
        rounded: dict[str, Any] = _rounded(data)
        return rounded


def headline(
    value: float | None, units: Sequence[float], chance: float | None
) -> tuple[float | None, float | None, tuple[float, float] | None]:
    """(score, estimate, the estimate's 95% interval) of a measure ``value`` over ``units``."""
    if value is None or chance is None or chance >= 1:
        return None, None, None
    se = standard_error(units)
    gain = 1 - chance

    def scaled(x: float) -> float:
        return (x - chance) / gain

    n = len(units)
    score = min(1.0, max(0.0, scaled(value - t_quantile(n) * se)))
    spread = t_quantile(n, two_sided=True) * se
    # a measure lies within 0 and 1, so the estimate within scaled(0) and 1
    interval = (max(scaled(0.0), scaled(value - spread)), min(1.0, scaled(value + spread)))
    return score, scaled(value), interval


def standard_error(units: Sequence[float]) -> float:
    """The standard error of the units' mean; 0 for fewer than two units."""
    n = len(units)
    if n < 2:
        return 0.0
    mean = sum(units) / n
    return math.sqrt(sum((u - mean) ** 2 for u in units) / (n - 1) / n)


def _rounded(value: Any) -> Any:
    """Floats to 4 places, all through a plain structure."""
    if isinstance(value, float):
        return round(value, 4)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


def write_scores(path: Path, scores: Sequence[KindScore]) -> None:
    write_atomic(path, json.dumps([to_plain(s) for s in scores], sort_keys=True, ensure_ascii=False) + "\n")


def read_scores(path: Path) -> tuple[KindScore, ...]:
    """scores.json back; none for a run judged before scores were kept (judge it again for them)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return ()
    except (OSError, ValueError) as exc:
        raise OracleError(f"{path}: not kgtest scores ({exc}); judge the run again") from exc
    try:
        return tuple(from_plain(KindScore, item, where=f"{path.name}[{i}]") for i, item in enumerate(data))
    except (ValueError, TypeError) as exc:
        raise OracleError(f"{path}: not kgtest scores ({exc}); judge the run again") from exc


_ONE_SIDED_95 = (
    6.314,
    2.920,
    2.353,
    2.132,
    2.015,
    1.943,
    1.895,
    1.860,
    1.833,
    1.812,
    1.796,
    1.782,
    1.771,
    1.761,
    1.753,
    1.746,
    1.740,
    1.734,
    1.729,
    1.725,
    1.721,
    1.717,
    1.714,
    1.711,
    1.708,
    1.706,
    1.703,
    1.701,
    1.699,
    1.697,
)
_TWO_SIDED_95 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)


def t_quantile(units: int, two_sided: bool = False) -> float:
    """Student's t at 95% for the mean of ``units`` values (one-sided unless ``two_sided``): a few
    units say less than the normal curve would claim; from 30 on it nears 1.645 (1.96)."""
    table, limit = (_TWO_SIDED_95, INTERVAL) if two_sided else (_ONE_SIDED_95, BOUND)
    df = units - 1
    if df < 1:
        return limit
    if df <= len(table):
        return table[df - 1]
    return limit + (table[-1] - limit) * len(table) / df  # t falls off as 1/df towards the normal's
