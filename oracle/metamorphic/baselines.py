"""The single-turn baselines' questions: each original dialogue's rounds reworded by SYR, L33t and
Typo (generator/dialogue/single_turn.py), behind METAL's semantic filter.

A reworded question whose all-MiniLM-L6-v2 cosine to the original is under ``FILTER`` means
something else, so it reverts to the original (as in METAL and MORTAR) and is marked as
reverted. Each baseline question is asked in place of the original round, with the original's
history before it, and judged like a round (MR1 against gold, MR2 against the original's answer).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kgtest.generator.case import TestCase
from kgtest.generator.dialogue.single_turn import Synonyms, perturb_question
from kgtest.oracle.embeddings import Embedder
from kgtest.runner.dialogue_rounds import Probe

FILTER = 0.8


def baseline_probes(
    cases: Sequence[TestCase], kinds: Sequence[str], seed: int, synonyms: Synonyms, embedder: Embedder
) -> list[Probe]:
    """One question per perturbation kind and judged round of every original dialogue case."""
    drafts: list[tuple[str, int, str, str, str]] = []
    for case in cases:
        d = case.dialogue
        if d is None or d.perturbation != "original":
            continue
        for turn in d.turns:
            if not turn.judged:
                continue
            question = d.round(turn.origin).question
            for kind in kinds:
                rng = random.Random(f"{seed}\x1f{d.dialogue}\x1f{turn.position}\x1f{kind}")
                drafts.append(
                    (case.id, turn.position, kind, question, perturb_question(kind, question, rng, synonyms))
                )
    embedder.prepare(text for draft in drafts for text in draft[3:])
    probes = []
    for case_id, position, kind, question, reworded in drafts:
        keep = reworded == question or embedder.cosine(question, reworded) >= FILTER
        probes.append(Probe(case_id, position, kind, reworded if keep else question, reverted=not keep))
    return probes
