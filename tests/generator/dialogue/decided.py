"""The last round's decision of a CoQA seed dialogue shown in given orders: what the reader's
tests of one rule compare between the order as asked and the order perturbed."""

from __future__ import annotations

from kgtest.generator.dialogue.evidence import as_shown, shipped
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.prolog.answerability import DialogueGraph, decide


def last_decided(seed: SeedDialogue, *orders: tuple[int, ...]) -> list[bool | None]:
    """Per order of rounds, whether its last round is answerable (None: undecided)."""
    assert seed.story is not None
    graphs = [
        DialogueGraph(seed.story.graph, as_shown([seed.rounds[i] for i in o], shipped())) for o in orders
    ]
    return [d[-1].answerable for d in decide(graphs)]
