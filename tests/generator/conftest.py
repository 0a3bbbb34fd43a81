"""A KB with something for every rule, loaded into the embedded store and into Prolog."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.core.settings import Settings
from kgtest.generator.kbview import KbView, read_view
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.store import GraphStore
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Reasoner

from .kb_fixture import load_family_and_places

Kb = tuple[KbView, Reasoner]


@pytest.fixture
def family(store: GraphStore, embedded_settings: Settings, tmp_path: Path) -> Kb:
    load_family_and_places(store, embedded_settings, tmp_path)
    view = read_view(KnowledgeBase(store), tmp_path / "cache" / "kb-view.json")
    return view, load_kb(kb_program(view.entities.values(), view.facts, view.catalog), tmp_path / "prolog")
