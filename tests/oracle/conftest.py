"""The real models, loaded once per session: spaCy's parser and the packaged MiniLM embedder."""

from __future__ import annotations

import pytest
import torch

from kgtest.oracle import Judge
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.spacy_triples import SpacyExtractor

# Other test runs share this machine's two cores; more threads only make everyone slower.
torch.set_num_threads(1)


@pytest.fixture(scope="session")
def extractor() -> SpacyExtractor:
    return SpacyExtractor()


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    return Embedder()


@pytest.fixture(scope="session")
def judge(extractor: SpacyExtractor, embedder: Embedder) -> Judge:
    return Judge(extractor=extractor, embedder=embedder)
