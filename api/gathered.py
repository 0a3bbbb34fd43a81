"""What build-kb keeps of a source while its facts load: the sanity check's scope and ``gen``'s view."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path

from kgtest.core.background import in_background
from kgtest.core.gc_pause import gc_paused
from kgtest.generator.kbview import KbView, snapshot_view, view_body, write_view
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.model import Fact, Snapshot
from kgtest.kg.sanity_scope import Scope
from kgtest.kg.sources.resolved import Resolved
from kgtest.kg.store import GraphStore

VIEW_FACTS = 300_000
"""Up to this many facts, build-kb also writes the KB view ``gen`` reads (from the facts going by);
above, holding them all would unbound its memory, and ``gen`` reads the KB back itself."""


class Gathered:
    """What the sanity check and ``gen``'s view need of a source, kept while its facts go by.

    ``gen``'s view is made from memory only for a source that will be the whole KB (``whole``;
    otherwise the sanity check reads the KB back and leaves the view) and has at most VIEW_FACTS.
    Held in memory, its view is made on a thread at once: the load is mostly the JVM's ingest,
    which lets go of the GIL, so the view's second of Python runs beside it instead of after it.
    Spilled, its facts are kept as they go by, and its view made at the end.
    """

    def __init__(
        self, source: Resolved, lifetime: frozenset[str], catalog: RelationCatalog, whole: bool = False
    ) -> None:
        self.source = source.source
        self.entities = source.entities
        self.fact_count = source.fact_count
        self.property_labels = source.property_labels
        self.catalog = catalog
        self.scope = Scope(source.entities, lifetime)
        viewed = whole and source.fact_count <= VIEW_FACTS
        held = source.held() if viewed else None
        self._ahead: Future[tuple[KbView, bytes]] | None = None
        if held is not None:
            self._ahead = in_background(lambda: _view_and_body(held, catalog), "kgtest-view")
        self.facts: list[Fact] | None = [] if viewed and held is None else None

    def __call__(self, facts: Sequence[Fact]) -> None:
        self.scope(facts)
        if self.facts is not None:
            self.facts.extend(facts)

    def write_view(self, cache: Path, key: str) -> None:
        """The view for ``gen`` of the KB this source is, from memory (none unless ``whole``)."""
        if self._ahead is not None:
            view, body = self._ahead.result()
            write_view(cache, replace(view, key=key), body)
        elif self.facts is not None:
            facts = {f.id: f for f in self.facts}
            snapshot = Snapshot(self.source, dict(self.entities), facts, self.property_labels)
            write_view(cache, snapshot_view(snapshot, self.catalog, key))


def whole_kb(store: GraphStore, source: Resolved) -> bool:
    """Will the KB be this source alone once it is loaded (its view, made from memory, the KB's)?"""
    return all(b["id"] == source.build_id for b in KnowledgeBase(store).builds())


def _view_and_body(snapshot: Snapshot, catalog: RelationCatalog) -> tuple[KbView, bytes]:
    with gc_paused():  # collections would walk the snapshot for nothing: half of the time this takes
        view = snapshot_view(snapshot, catalog, "")
        return view, view_body(view)
