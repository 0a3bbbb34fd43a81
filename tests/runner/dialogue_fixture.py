"""Dialogue cases for runner and oracle tests: KB-written dialogues over the family-and-places KB,
without a story, so that pronouns before the topic is named make unanswerable turns."""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.case import TestCase, write_suite
from kgtest.generator.dialogue.generate import generate_dialogues
from kgtest.generator.dialogue.request import DialogueRequest, read_sources
from tests.generator.kb_fixture import family_view


def dialogue_suite(tmp: Path, count: int = 3, seed: int = 3) -> tuple[Path, list[TestCase]]:
    request = DialogueRequest(count=count, seed=seed, story=False, rounds=5)
    cases = list(generate_dialogues(request, read_sources(request), family_view(tmp)).cases)
    path = tmp / "dialogues.jsonl"
    write_suite(path, cases)
    return path, cases
