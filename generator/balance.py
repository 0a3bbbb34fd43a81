"""How a fact suite's count is shared: over the rule kinds, and between Yes and No answers.

The plain wording asks every statement positively: half of the count goes to refuted near misses
(answer No), the rest is shared over the kinds proven true. Drowzee's wording splits the count
evenly over the kinds and negates half of each kind's questions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from kgtest.generator.templates import NEGATED, ORIGINAL


def plain_split(count: int, kinds: Sequence[str], caps: Mapping[str, int | None]) -> dict[str, int]:
    """Half of ``count`` to the refuted near misses (their plain question's answer is No), the rest
    shared evenly over the kinds proven true; what one side cannot fill goes to the other."""
    truths = [k for k in kinds if k != "negation"]
    limit = caps.get("negation")
    negation = count // 2 if limit is None else min(count // 2, limit)
    quotas = split(count - negation, truths, caps)
    negation += count - negation - sum(quotas.values())  # what the truths could not fill
    return {**quotas, "negation": negation if limit is None else min(limit, negation)}


def plain_variants(
    chosen: Mapping[str, Sequence[object]],
    seed: int,
    protected: Mapping[str, int],
    flip_reading: Mapping[str, Sequence[int]] | None = None,
) -> dict[str, list[str]]:
    """Every question asked positively (a person asks "Did Bach die in Eisenach?", not "Is it true
    that Bach did not die in Eisenach?"). Only where the KB refutes too few near misses to answer
    half the questions No are that many true statements asked in the negated wording, so that a
    system that always says Yes stays at chance; never a near miss's partner (the first
    ``protected[kind]`` of a kind), which is asked in the near miss's own words. A drawn truth that
    reads worse flipped (``flip_reading``, by kind, as Asker.flip_reading says: 0 the quoted negation, 'Is
    this statement true: "Ivano-Frankivsk was never twinned with Baia Mare"?', 1 a stiff opposite
    such as "always outside", 2 a clear one) gives way to one of the rest that reads better, the
    best first, where one is left; the others drawn stay, so the forms asked each way stay as they
    were (flipping only truths that read well flipped took them from the forms the near misses
    share, and the reader of forms read 2 to 9 more of Wikidata12k's 120 answers)."""
    positives = [
        (k, i)
        for k, items in chosen.items()
        if k != "negation"
        for i in range(protected.get(k, 0), len(items))
    ]
    no_answers = len(chosen.get("negation", ()))
    truths = sum(len(items) for k, items in chosen.items() if k != "negation")
    flip = max(0, (no_answers + truths) // 2 - no_answers)
    rng = random.Random(f"{seed}:negated-wording")
    drawn = rng.sample(positives, min(flip, len(positives)))
    if flip_reading is not None:  # each drawn truth that reads worse flipped gives way to a better one

        def rank(x: tuple[str, int]) -> int:
            return flip_reading[x[0]][x[1]]

        taken = set(drawn)
        spare = [x for x in positives if rank(x) and x not in taken]
        spare = sorted(rng.sample(spare, len(spare)), key=rank)  # the best last
        drawn = [spare.pop() if spare and rank(x) < rank(spare[-1]) else x for x in sorted(drawn, key=rank)]
    flipped = set(drawn)
    return {k: [NEGATED if (k, i) in flipped else ORIGINAL for i in range(len(v))] for k, v in chosen.items()}


def halved_variants(
    chosen: Mapping[str, Sequence[object]], rngs: Mapping[str, random.Random], balance: bool
) -> dict[str, list[str]]:
    """Drowzee's balance: half of each kind's questions in the negated wording, whose answer flips."""
    variants: dict[str, list[str]] = {}
    for kind, items in chosen.items():
        first = rngs[kind].random() < 0.5
        variants[kind] = [
            ORIGINAL if not balance or (i % 2 == 0) == first else NEGATED for i in range(len(items))
        ]
    return variants


def split(count: int, kinds: Sequence[str], caps: Mapping[str, int | None]) -> dict[str, int]:
    """``count`` shared evenly over ``kinds``, none above its cap (None: no cap)."""
    quotas = dict.fromkeys(kinds, 0)
    left = count
    open_ = [k for k in kinds if caps.get(k) is None or (caps[k] or 0) > 0]
    while left and open_:
        share, extra = divmod(left, len(open_))
        for i, k in enumerate(open_):
            want = share + (1 if i < extra else 0)
            cap = caps.get(k)
            give = want if cap is None else min(want, cap - quotas[k])
            quotas[k] += give
            left -= give
        open_ = [k for k in open_ if caps.get(k) is None or quotas[k] < (caps[k] or 0)]
    return quotas
