"""From a dialogue run's replies to the answers the relations judge, and the rounds they cannot.

A dialogue case is judged whole or not at all: one round whose reply failed in transport
(timeout, HTTP 5xx, never cached) or was never asked leaves the whole case out, listed with the
reason, until a later run completes it. A reply that came back but holds no answer (empty, not
text) is a finding: that round is left out and listed, the case's other rounds are judged.
A round whose answerability the reader left undecided is asked and its answer kept, but it is
listed as not judged with the reason: the relations leave it out of MR1 and MR3 (and so of the
"Unknown" expectation), as they cannot know what it should be answered with.
Each answer carries its round's typed gold (gold.py), which the relations compare by.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.generator.case import TestCase
from kgtest.generator.dialogue.graph import undecided_reason
from kgtest.oracle.judge import READ_LIMIT
from kgtest.oracle.metamorphic.gold import typed_gold
from kgtest.oracle.metamorphic.relations import Answered
from kgtest.runner.dialogue_rounds import ASKED, RoundReply

UNDECIDED = "answerability undecided, left out of MR1 and MR3"
"""The reason an undecided round is listed as not judged, before its doubts."""


@dataclass(frozen=True, slots=True)
class Unjudged:
    case_id: str
    position: int
    """0 when the whole case is left out."""
    variant: str
    reason: str


def answered_rounds(
    cases: Sequence[TestCase], replies: Sequence[RoundReply]
) -> tuple[list[Answered], list[Unjudged]]:
    """The judged rounds' answers of every complete dialogue case, and what is left out and why."""
    by_case: dict[str, list[RoundReply]] = {}
    for r in replies:
        by_case.setdefault(r.case_id, []).append(r)
    answered: list[Answered] = []
    unjudged: list[Unjudged] = []
    for case in cases:
        d = case.dialogue
        if d is None:
            continue
        mine = by_case.get(case.id, [])
        asked = {r.position for r in mine if r.variant == ASKED}
        broken = [r for r in mine if r.reply.transient]
        if broken or len(asked) < len(d.turns):
            why = (
                f"round {broken[0].position}: {broken[0].reply.error}"
                if broken
                else f"{len(d.turns) - len(asked)} of {len(d.turns)} rounds not asked"
            )
            unjudged.append(Unjudged(case.id, 0, "", f"incomplete, run it again: {why}"))
            continue
        for r in mine:
            turn = d.turns[r.position - 1]
            if not turn.judged:
                continue
            if not r.reply.ok:
                unjudged.append(Unjudged(case.id, r.position, r.variant, r.reply.error or "failed"))
                continue
            if turn.answerable is None and r.variant == ASKED:
                why = undecided_reason(turn.decision, d)
                unjudged.append(Unjudged(case.id, r.position, r.variant, f"{UNDECIDED}: {why}"))
            answered.append(
                Answered(
                    case_id=case.id,
                    dialogue=d.dialogue,
                    perturbation=r.variant or d.perturbation,
                    variant=r.variant or d.name,
                    position=r.position,
                    origin=turn.origin,
                    copy=turn.copy,
                    answerable=turn.answerable,
                    question=r.question,
                    answer=r.reply.text[:READ_LIMIT],  # read as a fact case's reply is read
                    expected=turn.expected,
                    gold=typed_gold(d, turn),
                )
            )
    return answered, unjudged
