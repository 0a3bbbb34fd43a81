"""The real models, loaded once per session: MiniLM and the example KB (spaCy: tests/conftest.py)."""

from __future__ import annotations

from importlib import resources

import pytest
import torch

from kgtest.generator.kbview import KbView
from kgtest.kg.build import EXAMPLE
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.oracle import Judge, JudgeSettings, ViewKb
from kgtest.oracle.embeddings import Embedder

# Other test runs share this machine's two cores; more threads only make everyone slower.
torch.set_num_threads(1)


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder()


@pytest.fixture(scope="session")
def judge(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    return Judge(extractor=extractor, embedder=embedder)


@pytest.fixture(scope="session")
def example_kb() -> ViewKb:
    """The bundled example KB, read from its N-Triples by the real source reader, no database."""
    catalog = builtin_catalog()
    builder = SnapshotBuilder(EXAMPLE)
    with resources.as_file(resources.files("kgtest.kg") / "data" / "example.nt") as path:
        read_dump(path, builder)
    snapshot = builder.finish(catalog)
    facts = tuple(snapshot.facts[k] for k in sorted(snapshot.facts))
    return ViewKb(KbView(snapshot.entities, facts, catalog.with_labels(snapshot.property_labels)))


@pytest.fixture(scope="session")
def kb_judge(extractor: SpacyExtractor, embedder: Embedder, example_kb: ViewKb) -> Judge:
    """A judge that looks names up in the example KB, as `kgtest judge` does in a workspace's."""
    return Judge(extractor=extractor, embedder=embedder, kb=example_kb)


@pytest.fixture(scope="session")
def hedges_ambiguous_judge(extractor: SpacyExtractor, embedder: Embedder, example_kb: ViewKb) -> Judge:
    """``kb_judge`` reading a hedge around one answer as ``ambiguous``: the definition the older
    labelled sets (labelled/replies.jsonl, styled.jsonl) were written to, before people's labels of
    the styled blind sets made leanings the default (docs/oracle.md)."""
    return Judge(JudgeSettings(leanings=False), extractor=extractor, embedder=embedder, kb=example_kb)
