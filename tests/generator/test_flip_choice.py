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
    reads = {"negation": [0] * 2, "inverse": [2] * 6, "symmetric": [0] * 6}
    for seed in range(20):
        variants = plain_variants(chosen, seed, {}, reads)
        assert variants["inverse"].count(NEGATED) == 5  # 7 No of 14: 2 near misses and 5 flipped
        assert variants["symmetric"] == [ORIGINAL] * 6
        assert variants == plain_variants(chosen, seed, {}, reads)  # same seed, same choice
    every = {k: [2] * len(v) for k, v in chosen.items()}
    assert plain_variants(chosen, 7, {}, every) == plain_variants(chosen, 7, {})  # the draw as it was
    few = {"negation": [0] * 2, "inverse": [2] * 2 + [0] * 4, "symmetric": [0] * 6}
    variants = plain_variants(chosen, 3, {}, few)
    assert variants["inverse"][:2] == [NEGATED, NEGATED]
    assert sum(v.count(NEGATED) for v in variants.values()) == 5  # the No share kept: 7 of 14


def test_a_relation_without_an_opposite_reads_worst_and_a_containment_or_a_season_stiff() -> None:
    """ "Was Korey Smith absent from the 2011–12 Football League Championship?" read two ways to both
    readers (out of the squad, no game, or his club in another division), and every negated
    containment stiff side by side (bench/question_wording_trial/flips: 0 clear of 24); a race is
    "missed" (5 of 6 clear), diplomatic relations "lacked" (6 of 6)."""
    entities = {
        "Q1": Entity("Q1", "Korey Smith", types=("Q5",), domain=Domain.PEOPLE),
        "Q2": Entity("Q2", "2011–12 Football League Championship", types=(SEASON,), domain=Domain.EVENTS),
        "Q3": Entity("Q3", "2019 E3 BinckBank Classic", types=("Q22231106",), domain=Domain.EVENTS),
        "Q4": Entity("Q4", "Trier", domain=Domain.PLACES),
        "Q5": Entity("Q5", "Pula", domain=Domain.PLACES),
        "Q6": Entity("Q6", "Djibouti", types=("Q6256",), domain=Domain.PLACES),
        "Q7": Entity("Q7", "Ethiopia", types=("Q6256",), domain=Domain.PLACES),
    }
    asker = Asker(KbView(entities, (), builtin_catalog()), 2020, "plain")
    assert asker.flip_reading(("Q1", "P1344", "Q2")) == 1
    assert asker.flip_reading(("Q2", "^P1344", "Q1")) == 1
    assert asker.flip_reading(("Q1", "P1344", "Q3")) == 2
    assert asker.flip_reading(("Q4", "P190", "Q5")) == 0  # the quoted "never twinned"
    assert asker.flip_reading(("Q4", "P131", "Q5")) == 1  # "always outside"
    assert asker.flip_reading(("Q5", "P150", "Q4")) == 1
    assert asker.flip_reading(("Q6", "P530", "Q7")) == 2  # "lack diplomatic relations"


def test_a_containment_is_flipped_only_where_no_clear_opposite_is_left() -> None:
    """Three grades: a clear opposite first, then a stiff one ("always outside"), the quoted negation last."""
    chosen = {"negation": ["n"] * 2, "inverse": ["t"] * 6, "transitive": ["t"] * 6, "symmetric": ["t"] * 6}
    reads = {"negation": [0] * 2, "inverse": [2] * 3 + [0] * 3, "transitive": [1] * 6, "symmetric": [0] * 6}
    for seed in range(20):  # 10 No of 20: 2 near misses and 8 flipped, the 3 clear ones and 5 containments
        variants = plain_variants(chosen, seed, {}, reads)
        assert variants["inverse"] == [NEGATED] * 3 + [ORIGINAL] * 3
        assert variants["transitive"].count(NEGATED) == 5
        assert variants["symmetric"] == [ORIGINAL] * 6
    clear = {**reads, "symmetric": [2] * 6}
    for seed in range(20):  # enough clear ones: no containment flipped
        variants = plain_variants(chosen, seed, {}, clear)
        assert variants["transitive"] == [ORIGINAL] * 6
