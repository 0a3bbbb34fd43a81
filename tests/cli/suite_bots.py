"""Plug-in chat bots for end-to-end tests: they answer from a suite's own ground truth.

``Witness`` answers every case right and states the evidence in the catalog's words; with
``lie=1`` it states the same evidence but flips the answer, an inference error. Real plug-ins,
loaded through ``plugin:module:Class``.
"""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.case import Answer, TestCase, read_suite
from kgtest.kg.catalog import builtin_catalog


class Witness:
    def __init__(self, suite: str, lie: str = "0") -> None:
        self.cases: dict[str, TestCase] = {c.prompt: c for c in read_suite(Path(suite))}
        self.lie = lie == "1"

    def respond(self, conversation: list[dict[str, str]]) -> str:
        case = self.cases[conversation[-1]["content"]]
        answer = case.expected
        if self.lie:
            answer = Answer.NO if answer is Answer.YES else Answer.YES
        catalog = builtin_catalog()
        facts = [
            f"{f.subject_label} {catalog.resolve(f.property).phrase} {f.object_label}." for f in case.evidence
        ]
        return f"{answer.value}. " + " ".join(facts)
