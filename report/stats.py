"""Confidence intervals for rates, so 2 of 24 reads as "somewhere between 2% and 26%", not a precise 8%;
and Cohen's kappa, with which every labelled check of an oracle is compared with people."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes / trials``: every p the score test would not reject.

    Unlike the textbook p ± z·sqrt(p(1-p)/n) it stays within [0, 1] and is not zero-width at 0
    or n successes. No trials: (0, 1), nothing is known.
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # Exact arithmetic puts p inside; rounding could leave 0 of n a hair above 0.
    return min(max(0.0, centre - half), p), max(min(1.0, centre + half), p)


def percent_range(successes: int, trials: int) -> str:
    """``"8% (2-26%)"``: the rate and its 95% interval, for people."""
    if trials <= 0:
        return "n/a"
    low, high = wilson(successes, trials)
    return f"{successes / trials:.0%} ({low * 100:.0f}-{high * 100:.0f}%)"


def cohen_kappa(a: Sequence[bool], b: Sequence[bool]) -> float:
    """Cohen's kappa of two yes/no labellings of the same items: agreement beyond what chance gives
    (1.0 where chance alone would agree on everything)."""
    n = len(a)
    if n == 0 or n != len(b):
        raise ValueError(f"kappa of {n} and {len(b)} labels")
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    pa, pb = sum(a) / n, sum(b) / n
    chance = pa * pb + (1 - pa) * (1 - pb)
    return 1.0 if chance == 1 else (observed - chance) / (1 - chance)
