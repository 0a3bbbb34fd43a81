"""The real models, loaded once per session: the packaged MiniLM embedder (spaCy: tests/conftest.py)."""

from __future__ import annotations

import pytest
import torch

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle import Judge
from kgtest.oracle.embeddings import Embedder

# Other test runs share this machine's two cores; more threads only make everyone slower.
torch.set_num_threads(1)


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder()


@pytest.fixture(scope="session")
def judge(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    return Judge(extractor=extractor, embedder=embedder)
