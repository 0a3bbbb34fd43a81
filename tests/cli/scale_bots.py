"""A plug-in for the scale tests: a witness for the suite's fact and temporal cases, an echo for the rest.

It answers a third of the single questions wrong (by their text, so the same question gets the
same reply in any process), so the verdicts hold more than one outcome.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from kgtest.generator.case import Answer, TestCase, read_suite
from kgtest.kg.catalog import builtin_catalog
from kgtest.runner.sut import Message


class MixedWitness:
    def __init__(self, suite: str) -> None:
        single = (c for c in read_suite(Path(suite)) if c.dialogue is None and c.script is None)
        self.cases: dict[str, TestCase] = {c.prompt: c for c in single}
        self.catalog = builtin_catalog()

    def respond(self, conversation: list[Message]) -> str:
        asked = conversation[-1]["content"]
        case = self.cases.get(asked)
        if case is None:  # a dialogue round or a conversation turn
            return f"{len(conversation)}: {asked}"
        answer = case.expected
        if hashlib.sha256(asked.encode()).digest()[0] % 3 == 0:
            answer = Answer.NO if answer is Answer.YES else Answer.YES
        phrase = self.catalog.resolve
        facts = [f"{f.subject_label} {phrase(f.property).phrase} {f.object_label}." for f in case.evidence]
        return f"{answer.value}. " + " ".join(facts)
