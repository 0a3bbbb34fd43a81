"""The KB as the generators see it: all entities and facts in memory, read once per build.

Reading a large KB back from the graph store takes seconds (Wikidata12k: ~14 s on the
embedded engine), while generating thousands of cases takes about one. So the view is
cached in the workspace, keyed by the KB's build records: ``kgtest build-kb`` (a new or
resumed build) and ``kgtest kb clear`` change them and so invalidate the cache.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from kgtest.core.files import write_atomic
from kgtest.core.progress import Progress, no_progress
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.kb import KnowledgeBase
from kgtest.kg.model import Domain, Entity, Fact, Relation

_FORMAT = 2


@dataclass(frozen=True)
class KbView:
    """Entities by id, facts in id order, and the relation catalog stored with the KB."""

    entities: Mapping[str, Entity]
    facts: tuple[Fact, ...]
    catalog: RelationCatalog
    key: str = field(default="")
    """Digest of the builds the view was read from (empty for views made in memory)."""

    @cached_property
    def facts_by_id(self) -> dict[str, Fact]:
        return {f.id: f for f in self.facts}

    def label(self, eid: str) -> str:
        """The entity's label, or its id when the KB has none."""
        entity = self.entities.get(eid)
        return entity.label if entity is not None and entity.label else eid

    def relation(self, pid: str) -> Relation:
        return self.catalog.resolve(pid)


def read_view(kb: KnowledgeBase, cache: Path, progress: Progress | None = None) -> KbView:
    """The KB's view, from the ``cache`` file when the KB's builds have not changed since it was written.

    Raises the KB's own error (IncompleteBuildError) for an empty or interrupted KB.
    """
    kb.require_complete()
    builds = kb.builds()
    key = hashlib.sha256(json.dumps(builds, sort_keys=True, default=str).encode()).hexdigest()[:20]
    catalog = kb.catalog()
    cached = _read_cache(cache, key)
    if cached is not None:
        return KbView(cached[0], cached[1], catalog, key)
    tick = progress or no_progress
    entities: dict[str, Entity] = {}
    for e in kb.entities():
        entities[e.id] = e
        if len(entities) % 5_000 == 0:
            tick("entities", len(entities), 0)
    facts: list[Fact] = []
    for f in kb.facts():
        facts.append(f)
        if len(facts) % 5_000 == 0:
            tick("facts", len(facts), 0)
    _write_cache(cache, key, entities, facts)
    return KbView(entities, tuple(facts), catalog, key)


def _read_cache(path: Path, key: str) -> tuple[dict[str, Entity], tuple[Fact, ...]] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if data.get("format") != _FORMAT or data.get("key") != key:
        return None
    entities = {
        e[0]: Entity(e[0], e[1], e[2], tuple(e[3]), Domain(e[4]), e[5], e[6], e[7], tuple(e[8]))
        for e in data["entities"]
    }
    facts = tuple(Fact(*f) for f in data["facts"])
    return entities, facts


def _write_cache(path: Path, key: str, entities: Mapping[str, Entity], facts: list[Fact]) -> None:
    data: dict[str, Any] = {
        "format": _FORMAT,
        "key": key,
        "entities": [
            [
                e.id,
                e.label,
                e.description,
                list(e.types),
                e.domain.value,
                e.start_year,
                e.end_year,
                e.point_year,
                list(e.aliases),
            ]
            for e in entities.values()
        ],
        "facts": [
            [f.subject, f.property, f.object, f.start_year, f.end_year, f.source, f.statement] for f in facts
        ],
    }
    write_atomic(path, json.dumps(data, ensure_ascii=False))
