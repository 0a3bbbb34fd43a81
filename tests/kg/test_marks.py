"""Sanity marks on FACT relationships: written where they differ, cleared where they are gone."""

from __future__ import annotations

from pathlib import Path

from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.loader import load_snapshot
from kgtest.kg.marks import FactMark, marks_by_rule, stored_marks, write_marks
from kgtest.kg.store import GraphStore

from .test_loader import snapshot_of
from .wikidata_fixture import small_kb


def test_marks_are_written_updated_and_cleared(store: GraphStore, tmp_path: Path) -> None:
    snap = snapshot_of(small_kb().write(tmp_path / "kb.nt"))
    load_snapshot(store, snap, builtin_catalog())
    a, b = sorted(snap.facts.values(), key=lambda f: f.id)[:2]
    first = write_marks(store, [FactMark(a.id, a.subject, a.object, ("start_after_end",))])
    assert (first.marked, first.cleared, first.total) == (1, 0, 1)
    assert stored_marks(store) == {a.id: ("start_after_end",)}
    same = write_marks(store, [FactMark(a.id, a.subject, a.object, ("start_after_end",))])
    assert (same.marked, same.cleared) == (0, 0)  # nothing differs, nothing is written
    moved = write_marks(store, [FactMark(b.id, b.subject, b.object, ("before_birth", "after_death"))])
    assert (moved.marked, moved.cleared) == (1, 1)
    assert stored_marks(store) == {b.id: ("after_death", "before_birth")}
    assert marks_by_rule(store) == {"after_death": 1, "before_birth": 1}
    stats = KnowledgeBase(store).stats()
    assert (stats.marked_facts, stats.facts) == (1, len(snap.facts))
    assert write_marks(store, []).cleared == 1 and stored_marks(store) == {}
