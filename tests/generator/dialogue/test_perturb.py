"""The perturbations do what MORTAR says, track each turn's origin, and are seeded."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import UnknownNameError
from kgtest.generator.dialogue.perturb import PERTURBATIONS, Placement, perturb, rng_for


def _run(n: int, name: str, seed: int = 0, variant: int = 1) -> tuple[Placement, ...]:
    placements = perturb(n, name, rng_for(seed, "d", name, variant))
    assert placements is not None
    return placements


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 30), st.sampled_from(PERTURBATIONS), st.integers(0, 10**6))
def test_each_perturbation_keeps_drops_or_repeats_as_it_should(n: int, name: str, seed: int) -> None:
    turns = _run(n, name, seed)
    originals = [p.origin for p in turns if p.copy == 0]
    copies = [p for p in turns if p.copy]
    assert len(set(originals)) == len(originals) and set(originals) <= set(range(1, n + 1))
    shuffled, dropped, doubled = name.startswith("DS"), name.endswith("R"), name.endswith("D")
    if dropped:
        assert len(originals) == n - min(n - 1, max(1, int(0.3 * n + 0.5)))
    else:
        assert sorted(originals) == list(range(1, n + 1))
    if not shuffled:
        assert originals == sorted(originals)
    if doubled:
        assert len(copies) == max(1, int(0.2 * n + 0.5))
        for c in copies:  # asked again later than its first time
            first = turns.index(Placement(c.origin, 0))
            assert turns.index(c) > first
        assert all(n_ == 1 for n_ in Counter(c.origin for c in copies).values())
    else:
        assert not copies
    if name == "DS":
        assert originals != list(range(1, n + 1))


def test_same_seed_same_dialogue_other_seed_or_variant_another() -> None:
    assert _run(12, "DSD", 5) == _run(12, "DSD", 5)
    assert len({_run(12, "DSD", s) for s in range(6)}) > 1
    assert _run(12, "DSD", 5, variant=1) != _run(12, "DSD", 5, variant=2)


def test_one_round_cannot_be_shuffled_or_reduced_and_names_are_checked() -> None:
    assert perturb(1, "DS", rng_for(0, "d", "DS", 1)) is None
    assert perturb(1, "DR", rng_for(0, "d", "DR", 1)) is None
    assert perturb(1, "DD", rng_for(0, "d", "DD", 1)) == (Placement(1), Placement(1, 1))
    with pytest.raises(UnknownNameError, match=r"Unknown perturbation 'DRS'\. Did you mean .*'DSR'"):
        perturb(3, "DRS", rng_for(0, "d", "DRS", 1))
