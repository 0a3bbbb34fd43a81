"""MORTAR's dialogue-level perturbations: which round is asked where, and which copy it is.

DS shuffles the rounds, DR drops about 30% of them, DD repeats about 20% of the questions
later in the dialogue, DSR and DSD shuffle first. Each is seeded by the suite's seed, the
dialogue, the perturbation and the variant, so a suite is the same byte for byte for the same
seed, and adding a dialogue does not change the others.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kgtest.core.errors import UnknownNameError

PERTURBATIONS = ("DS", "DR", "DD", "DSR", "DSD")
ORIGINAL = "original"
DROP_RATIO = 0.3
"""MORTAR §4.5: 30% of the rounds are dropped (DR, DSR)."""
DUPLICATE_RATIO = 0.2
"""MORTAR §4.5: 20% of the rounds are duplicated (DD, DSD)."""
_SHUFFLE_TRIES = 20


@dataclass(frozen=True, slots=True)
class Placement:
    """A turn of a perturbed dialogue: the seed round it asks, and which copy of it."""

    origin: int
    copy: int = 0


def validate(perturbations: tuple[str, ...]) -> None:
    for name in perturbations:
        if name not in PERTURBATIONS:
            raise UnknownNameError("perturbation", name, PERTURBATIONS)


def rng_for(seed: int, dialogue: str, perturbation: str, variant: int) -> random.Random:
    """One generator per perturbed dialogue (a string seed is hashed the same in every process)."""
    return random.Random(f"{seed}\x1f{dialogue}\x1f{perturbation}\x1f{variant}")


def perturb(rounds: int, perturbation: str, rng: random.Random) -> tuple[Placement, ...] | None:
    """The turns of one perturbed dialogue of ``rounds`` rounds; None where the perturbation cannot
    change anything (one round cannot be shuffled, or dropped without leaving nothing)."""
    order = [Placement(n) for n in range(1, rounds + 1)]
    if perturbation == ORIGINAL:
        return tuple(order)
    validate((perturbation,))
    if perturbation.startswith("DS"):
        if rounds < 2:
            return None
        order = _shuffle(order, rng)
    if perturbation.endswith("R"):
        if rounds < 2:
            return None
        order = _reduce(order, rng)
    elif perturbation.endswith("D"):
        order = _duplicate(order, rng)
    return tuple(order)


def _shuffle(order: list[Placement], rng: random.Random) -> list[Placement]:
    """A permutation other than the identity (a shuffle that changes nothing tests nothing)."""
    shuffled = list(order)
    for _ in range(_SHUFFLE_TRIES):
        rng.shuffle(shuffled)
        if shuffled != order:
            break
    return shuffled


def _reduce(order: list[Placement], rng: random.Random) -> list[Placement]:
    drop = min(len(order) - 1, max(1, _half_up(DROP_RATIO * len(order))))
    dropped = set(rng.sample(range(len(order)), drop))
    return [p for i, p in enumerate(order) if i not in dropped]


def _duplicate(order: list[Placement], rng: random.Random) -> list[Placement]:
    """Each chosen question is asked again at a random later place."""
    count = max(1, _half_up(DUPLICATE_RATIO * len(order)))
    chosen = rng.sample(order, count)
    out = list(order)
    for p in chosen:
        at = out.index(p)
        out.insert(rng.randint(at + 1, len(out)), Placement(p.origin, 1))
    return out


def _half_up(x: float) -> int:
    """Round half up (Python's round() rounds 2.5 to 2)."""
    return int(x + 0.5)
