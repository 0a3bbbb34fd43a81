"""generator/temporal_years.py against mtl.pl: the draw drops a candidate as trivial on these years
before mtl.pl sees it, so they must be mtl.pl's at every year the draw asks (horizon in the universe)."""

from __future__ import annotations

import random

from kgtest.generator.mtl_random import clip, merged
from kgtest.generator.temporal_years import years
from kgtest.prolog import mtl

UNIVERSE = (1900, 1960)


def _formula(rng: random.Random, level: int) -> mtl.Formula:
    """A random formula of windows, steps, "and", "or" and "until" over events p, q and r."""
    if level == 0:
        return mtl.Atom(rng.choice("pqr"))
    a = rng.randint(0, 4)
    b = a + rng.randint(0, 4)
    match rng.choice(("next", "finally", "globally", "and", "or", "until")):
        case "next":
            return mtl.Next(_formula(rng, level - 1))
        case "finally":
            return mtl.Finally(a, max(b, 1), _formula(rng, level - 1))
        case "globally":
            return mtl.Globally(a, max(b, 1), _formula(rng, level - 1))
        case "until":
            return mtl.Until(a, b, _formula(rng, level - 1), _formula(rng, rng.randint(0, level - 1)))
        case "and":
            return mtl.And(_formula(rng, level - 1), _formula(rng, rng.randint(0, level - 1)))
    return mtl.Or(_formula(rng, level - 1), _formula(rng, rng.randint(0, level - 1)))


def _events(rng: random.Random) -> dict[str, list[tuple[int, int]]]:
    u0, u1 = UNIVERSE
    out = {}
    for name in "pqr":
        starts = sorted(rng.sample(range(u0, u1 + 1), rng.randint(0, 5)))
        out[name] = merged([(s, min(u1, s + rng.randint(0, 8))) for s in starts])
    return out


def test_years_are_mtl_pl_s_where_the_horizon_is_in_the_universe() -> None:
    rng = random.Random(7)
    jobs = [(_formula(rng, rng.randint(1, 3)), _events(rng)) for _ in range(300)]
    answers = mtl.evaluate_all(jobs, UNIVERSE)
    for (formula, events), expected in zip(jobs, answers, strict=True):
        hi = UNIVERSE[1] - mtl.horizon(formula)
        got = years(formula, events)
        assert got is not None
        assert clip(got, UNIVERSE[0], hi) == clip(expected, UNIVERSE[0], hi), mtl.to_text(formula)


def test_negation_is_left_to_mtl_pl() -> None:
    events = {"p": [(1900, 1910)], "q": [(1905, 1920)]}
    assert years(mtl.Not(mtl.Atom("p")), events) is None
    assert years(mtl.And(mtl.Atom("p"), mtl.Finally(0, 2, mtl.Not(mtl.Atom("q")))), events) is None
