"""Dialogue cases for one suite: seed dialogues from the KB and from files, perturbed and proven.

This is the dialogue part of ``kgtest gen`` without the command line. Files are read and
checked first (request.py's ``read_sources``), before the graph store is opened, so a
malformed file stops the command before anything is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from kgtest.core.errors import GenerationError
from kgtest.generator.case import EvidenceFact, TestCase
from kgtest.generator.dialogue.cases import dialogue_cases
from kgtest.generator.dialogue.convquestions import conv_dialogues
from kgtest.generator.dialogue.kb_dialogues import KbDialogueReport, kb_dialogues
from kgtest.generator.dialogue.kb_index import KbIndex
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.request import COQA, OFFLINE, DialogueRequest
from kgtest.generator.dialogue.sources import CoqaStory, DialogueFile
from kgtest.generator.dialogue.wording import YEARS
from kgtest.generator.kbview import KbView
from kgtest.generator.proofs import fact_evidence


class StoryReader(Protocol):
    """Reads CoQA stories into seed dialogues: offline (coqa.py) or with an LLM (llm.py)."""

    def read(self, stories: Sequence[CoqaStory]) -> tuple[list[SeedDialogue], int]:
        """Seed dialogues, and how many stories had no usable round."""
        ...


@dataclass(frozen=True, slots=True)
class SourceReport:
    path: str
    format: str
    read: int
    """Stories or conversations in the file."""
    made: int
    skipped: int
    """Stories with no usable round (no question, or no answer)."""


@dataclass(frozen=True, slots=True)
class DialogueResult:
    cases: tuple[TestCase, ...]
    kb: KbDialogueReport | None
    sources: tuple[SourceReport, ...]
    impossible: int
    """Perturbations a seed dialogue was too short for (one round cannot be shuffled)."""


def generate_dialogues(
    request: DialogueRequest, files: Sequence[DialogueFile], view: KbView | None
) -> DialogueResult:
    seeds: list[SeedDialogue] = []
    evidence: dict[str, tuple[EvidenceFact, ...]] = {}
    report = None
    if request.count:
        if view is None:
            raise GenerationError(
                "dialogues from the KB need a knowledge base; run `kgtest build-kb example` first"
            )
        index = KbIndex.build(view)
        made, report = kb_dialogues(
            index, request.count, request.seed, request.domains, request.rounds, request.story
        )
        seeds += made
        evidence = {s.id: _evidence(s, view) for s in made}
    sources = []
    names = _names(view) if view is not None else {}
    for f in files:
        if f.format == COQA:
            made, skipped = _coqa_reader(request.ie).read(f.stories)
            read = len(f.stories)
        else:
            made, skipped = conv_dialogues(f.conversations, view)
            read = len(f.conversations)
        seeds += [_linked(s, names) for s in made]
        sources.append(SourceReport(f.path, f.format, read, len(made), skipped))
    repeated = [k for k, n in Counter(s.id for s in seeds).items() if n > 1]
    if repeated:
        raise GenerationError(
            f"dialogue id {repeated[0]!r} occurs in more than one file; give each story its own id"
        )
    domains = {s.id: _domain(s, view) for s in seeds}
    cases, impossible = dialogue_cases(
        seeds, request.perturbations, request.variants, request.seed, domains, evidence
    )
    return DialogueResult(tuple(cases), report, tuple(sources), impossible)


def _coqa_reader(ie: str) -> StoryReader:
    if ie == OFFLINE:
        from kgtest.generator.dialogue.coqa import CoqaReader

        return CoqaReader()
    from kgtest.generator.dialogue.llm import LlmReader

    return LlmReader(ie.removeprefix("openai:"))


def _evidence(seed: SeedDialogue, view: KbView) -> tuple[EvidenceFact, ...]:
    """The KB facts the gold answers rest on, and the years kept on entities, in round order."""
    found: dict[tuple[str, str, str], EvidenceFact] = {}
    for r in seed.rounds:
        for fid in r.kb_facts:
            e = fact_evidence(fid, view)
            found.setdefault((e.subject, e.property, e.object), e)
        for s in r.graph.states:
            if s.relation in YEARS:
                year = int(s.object)
                label = view.relation(s.relation).label
                e = EvidenceFact(
                    s.subject, view.label(s.subject), s.relation, label, s.object, s.object, year
                )
                found.setdefault((s.subject, s.relation, s.object), e)
    return tuple(found.values())


def _linked(seed: SeedDialogue, names: Mapping[str, str]) -> SeedDialogue:
    """Concepts linked to the KB entity of the same name, where exactly one has it."""
    concepts = tuple(
        c
        if c.kb_id or names.get(c.label.lower(), "") in ("", "?")
        else replace(c, kb_id=names[c.label.lower()])
        for c in seed.concepts
    )
    return replace(seed, concepts=concepts)


def _names(view: KbView) -> dict[str, str]:
    """Lower-case label -> entity id; ``?`` where several entities share the label."""
    out: dict[str, str] = {}
    for e in view.entities.values():
        if e.label:
            key = e.label.lower()
            out[key] = "?" if key in out else e.id
    return out


def _domain(seed: SeedDialogue, view: KbView | None) -> str:
    topic = view.entities.get(seed.topic) if view is not None and seed.topic else None
    return topic.domain.value if topic is not None else "unknown"
