"""Which truths are asked flipped: those whose relation's opposite reads one way, before any other."""

from __future__ import annotations

from kgtest.generator.asked import SEASON, Asker
from kgtest.generator.balance import plain_variants
from kgtest.generator.kbview import KbView
from kgtest.generator.templates import NEGATED, ORIGINAL
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity


def test_truths_that_read_one_way_flipped_are_flipped_first() -> None:
    """'Is this statement true: "Ivano-Frankivsk was never twinned with Baia Mare"?' read formulaic to
    both readers of the twelfth session: a truth without an opposite is flipped only where too few
    others are left to answer half the questions No."""
    chosen = {"negation": ["n"] * 2, "inverse": ["t"] * 6, "symmetric": ["t"] * 6}
    reads = {"negation": [False] * 2, "inverse": [True] * 6, "symmetric": [False] * 6}
    for seed in range(20):
        variants = plain_variants(chosen, seed, {}, reads)
        assert variants["inverse"].count(NEGATED) == 5  # 7 No of 14: 2 near misses and 5 flipped
        assert variants["symmetric"] == [ORIGINAL] * 6
        assert variants == plain_variants(chosen, seed, {}, reads)  # same seed, same choice
    every = {k: [True] * len(v) for k, v in chosen.items()}
    assert plain_variants(chosen, 7, {}, every) == plain_variants(chosen, 7, {})  # the draw as it was
    few = {"negation": [False] * 2, "inverse": [True] * 2 + [False] * 4, "symmetric": [False] * 6}
    variants = plain_variants(chosen, 3, {}, few)
    assert variants["inverse"][:2] == [NEGATED, NEGATED]
    assert sum(v.count(NEGATED) for v in variants.values()) == 5  # the No share kept: 7 of 14


def test_a_relation_without_an_opposite_or_a_seasons_taking_part_does_not_read_flipped() -> None:
    """ "Was Korey Smith absent from the 2011–12 Football League Championship?" read two ways to both
    readers (out of the squad, no game, or his club in another division); a race keeps "absent from"."""
    entities = {
        "Q1": Entity("Q1", "Korey Smith", types=("Q5",), domain=Domain.PEOPLE),
        "Q2": Entity("Q2", "2011–12 Football League Championship", types=(SEASON,), domain=Domain.EVENTS),
        "Q3": Entity("Q3", "2019 E3 BinckBank Classic", types=("Q22231106",), domain=Domain.EVENTS),
        "Q4": Entity("Q4", "Trier", domain=Domain.PLACES),
        "Q5": Entity("Q5", "Pula", domain=Domain.PLACES),
    }
    asker = Asker(KbView(entities, (), builtin_catalog()), 2020, "plain")
    assert not asker.reads_flipped(("Q1", "P1344", "Q2"))
    assert not asker.reads_flipped(("Q2", "^P1344", "Q1"))
    assert asker.reads_flipped(("Q1", "P1344", "Q3"))
    assert not asker.reads_flipped(("Q4", "P190", "Q5"))  # the quoted "never twinned"
    assert asker.reads_flipped(("Q4", "P131", "Q5"))  # "outside"
