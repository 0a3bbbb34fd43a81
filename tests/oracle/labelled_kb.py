"""Real cases from tests/oracle/labelled/*.jsonl and a judge whose small KB is made of their own
facts: the fixture the tests of blind-set reply shapes share (a reply is written for the test in a
writer's style; the case and its evidence are the set's)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from kgtest.generator.case import TestCase
from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.model import Entity, Fact
from kgtest.oracle import Judge, ViewKb
from kgtest.oracle.embeddings import Embedder

LABELLED = Path(__file__).parent / "labelled"


def read_cases(file: str) -> dict[str, TestCase]:
    """The cases of ``labelled/<file>``, by id."""
    lines = (LABELLED / file).read_text(encoding="utf-8").splitlines()
    return {c.id: c for c in (TestCase.from_json(line) for line in lines if line.strip())}


def cases_judge(
    cases: Iterable[TestCase],
    extractor: SpacyExtractor,
    embedder: Embedder,
    others: Mapping[str, str] = {},
    types: Mapping[str, str] = {},
    facts: Iterable[Fact] = (),
    years: bool = True,
) -> Judge:
    """A judge whose KB holds the cases' evidence (a year's too unless not ``years``), ``others`` (id:
    label) the replies name outside the proofs, ``types`` (id: class) and more ``facts``."""
    labels = dict(others)
    held = set(facts)
    for case in cases:
        for e in case.evidence:
            labels.setdefault(e.subject, e.subject_label)
            labels.setdefault(e.object, e.object_label)
            if years or not e.object.isdigit():
                held.add(Fact(e.subject, e.property, e.object, e.start_year, e.end_year))
    entities = {
        eid: Entity(eid, label, types=(types[eid],) if eid in types else ()) for eid, label in labels.items()
    }
    view = KbView(entities, tuple(sorted(held, key=lambda f: f.id)), builtin_catalog())
    return Judge(extractor=extractor, embedder=embedder, kb=ViewKb(view))


def outcome(judge: Judge, case: TestCase, reply: str) -> str:
    (verdict,) = judge.judge_many([(case, reply)])
    return verdict.outcome.value
