"""The KB as the generators see it: all entities and facts in memory, read once per build.

Reading a large KB back from the graph store takes seconds (Wikidata12k: ~14 s on the
embedded engine, plus 2 s to start it), while generating thousands of cases takes about one.
So the view (entities, facts and the relation catalog) is cached in the workspace, keyed by
the KB's build records: ``kgtest build-kb`` (a new or resumed build) and ``kgtest kb clear``
change them and so invalidate the cache. ``cached_view`` answers from the cache alone, for a
command that learnt the key without the database (kg/kb_stamp.py).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field, fields
from functools import cache, cached_property
from importlib import resources
from itertools import chain
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from kgtest.core.files import write_atomic
from kgtest.core.progress import Progress, no_progress
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.kb_stamp import builds_key
from kgtest.kg.model import Category, Domain, Entity, Fact, Relation, Snapshot

if TYPE_CHECKING:
    from kgtest.kg.knowledge_base import KnowledgeBase

_FORMAT = 3
_fact_id = attrgetter("id")
_RELATION_FIELDS = tuple(f.name for f in fields(Relation))


@dataclass(frozen=True)
class KbView:
    """Entities by id, facts in id order, and the relation catalog stored with the KB."""

    entities: Mapping[str, Entity]
    facts: tuple[Fact, ...]
    catalog: RelationCatalog
    key: str = field(default="")
    """Digest of the builds the view was read from (empty for views made in memory)."""

    _without: dict[frozenset[str], KbView] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @cached_property
    def facts_by_id(self) -> dict[str, Fact]:
        return {f.id: f for f in self.facts}

    @cached_property
    def _by_property(self) -> dict[str, tuple[Fact, ...]]:
        grouped: defaultdict[str, list[Fact]] = defaultdict(list)
        for f in self.facts:
            grouped[f.property].append(f)
        return {p: tuple(fs) for p, fs in grouped.items()}

    def facts_of(self, properties: Collection[str]) -> Iterator[Fact]:
        """The facts of these properties, in id order like ``facts``: the generators index a few
        properties each, and one pass over the KB shared by all is cheaper than one each. Ids are
        unique, so sorting the groups (runs Python's sort joins) gives the order a merge would, in a
        tenth of heapq.merge's time (35,000 facts a suite)."""
        groups = [self._by_property[p] for p in sorted(set(properties)) if p in self._by_property]
        if len(groups) == 1:
            return iter(groups[0])
        return iter(sorted(chain.from_iterable(groups), key=_fact_id))

    @cached_property
    def years(self) -> tuple[int, int] | None:
        """The first and last year any fact or entity names (None: no year at all); the temporal
        events and the reference year both read it, from one pass over the KB."""
        years = [y for f in self.facts for y in (f.start_year, f.end_year) if y is not None]
        years += [
            y
            for e in self.entities.values()
            for y in (e.start_year, e.end_year, e.point_year)
            if y is not None
        ]
        return (min(years), max(years)) if years else None

    @property
    def properties(self) -> Collection[str]:
        """Every property some fact has."""
        return self._by_property.keys()

    @cached_property
    def fact_spans(self) -> dict[str, tuple[int | None, int | None]]:
        """Per entity, the first and last year its dated facts name (None: an open end): where a
        KB gives no dates of existence, a question about a year outside them ("Was X in Aquitaine
        in 2019?", a region gone in 2016) is the anachronism the KB can still see."""
        first: dict[str, int | None] = {}
        last: dict[str, int | None] = {}
        for f in self.facts:
            start, end = f.start_year, f.end_year
            if start is None and end is None:
                continue
            for eid in f.subject, f.object:  # an open start or end: known to reach beyond it
                if eid not in first:
                    first[eid], last[eid] = start, end
                    continue
                lo, hi = first[eid], last[eid]
                if lo is not None and (start is None or start < lo):
                    first[eid] = start
                if hi is not None and (end is None or end > hi):
                    last[eid] = end
        return {eid: (lo, last[eid]) for eid, lo in first.items()}

    def without(self, excluded: frozenset[str]) -> KbView:
        """The view less the facts ``excluded`` names, made once per set: the fact and the temporal
        questions share it, and what it has worked out (fact_spans)."""
        made = self._without.get(excluded)
        if made is None:
            kept = tuple(f for f in self.facts if f.id not in excluded)
            made = self._without[excluded] = KbView(self.entities, kept, self.catalog, self.key)
        return made

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
    key = builds_key(kb.builds())
    cached = cached_view(cache, key)
    if cached is not None:
        return cached
    catalog = kb.catalog()
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
    view = KbView(entities, tuple(facts), catalog, key)
    write_view(cache, view)
    return view


def snapshot_view(snapshot: Snapshot, builtin: RelationCatalog, key: str) -> KbView:
    """The view of a KB that is exactly ``snapshot``, as ``read_view`` would read it back.

    ``build-kb`` caches it, so the ``gen`` that follows does not read the KB back (14 s on
    Wikidata12k). The catalog is what the loader stored (the facts' relations) completed by
    ``builtin``, as ``KnowledgeBase.catalog`` completes it.
    """
    used = builtin.with_labels(snapshot.property_labels)
    stored = [used.resolve(p) for p in sorted({f.property for f in snapshot.facts.values()})]
    ids = {r.id for r in stored}
    catalog = RelationCatalog([*stored, *(builtin[k] for k in builtin if k not in ids)])
    entities = {i: snapshot.entities[i] for i in sorted(snapshot.entities)}
    facts = tuple(snapshot.facts[i] for i in sorted(snapshot.facts))
    return KbView(entities, facts, catalog, key)


def cached_view(cache: Path, key: str) -> KbView | None:
    """The view cached for the KB of ``key``; None when the file is missing, another KB's or older."""
    try:
        data = orjson.loads(cache.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(data, dict) or data.get("format") != _FORMAT or data.get("key") != key:
        return None
    if data.get("code") != _code_digest():
        return None
    domains = {d.value: d for d in Domain}
    entities = {
        e[0]: Entity(e[0], e[1], e[2], tuple(e[3]), domains[e[4]], e[5], e[6], e[7], tuple(e[8]))
        for e in data["entities"]
    }
    facts = tuple(_fact(f) for f in data["facts"])
    catalog = RelationCatalog(_relation(r) for r in data["relations"])
    return KbView(entities, facts, catalog, key)


def write_view(cache: Path, view: KbView, body: bytes | None = None) -> None:
    """Cache ``view`` under its key, atomically (a reader sees the old file or the new one).

    ``body`` is ``view_body(view)`` made ahead: build-kb makes it while the facts load.
    """
    head = orjson.dumps({"format": _FORMAT, "key": view.key, "code": _code_digest()})
    body = view_body(view) if body is None else body
    # One JSON object of two: the head's fields, then the body's (neither is empty).
    write_atomic(cache, (head[:-1] + b"," + body[1:]).decode("utf-8"))


def view_body(view: KbView) -> bytes:
    """What the cache holds of ``view`` apart from its key: nearly all of the work of writing it."""
    data: dict[str, Any] = {
        "entities": [
            [
                e.id,
                e.label,
                e.description,
                e.types,
                e.domain.value,
                e.start_year,
                e.end_year,
                e.point_year,
                e.aliases,
            ]
            for e in view.entities.values()
        ],
        "facts": [
            [f.subject, f.property, f.object, f.start_year, f.end_year, f.source, f.statement, f.id]
            for f in view.facts
        ],
        "relations": [[getattr(view.catalog[p], n) for n in _RELATION_FIELDS] for p in sorted(view.catalog)],
    }
    return orjson.dumps(data)


_new = object.__new__
_FACT_SLOTS = ("subject", "property", "object", "start_year", "end_year", "source", "statement", "id")
_SUBJECT, _PROPERTY, _OBJECT, _START, _END, _SOURCE, _STATEMENT, _ID = (
    getattr(Fact, name).__set__ for name in _FACT_SLOTS
)


def _fact(row: list[Any]) -> Fact:
    """A fact with its id as cached: hashing 40k ids again costs more than reading them.

    Each slot is set through its own descriptor: 2.3x faster than ``object.__setattr__`` by name
    (0.14 s instead of 0.32 s for 100,000 facts), what a 200,000-fact KB's view is read for."""
    subject, prop, obj, start, end, source, statement, fid = row
    fact: Fact = _new(Fact)
    _SUBJECT(fact, subject)
    _PROPERTY(fact, prop)
    _OBJECT(fact, obj)
    _START(fact, start)
    _END(fact, end)
    _SOURCE(fact, source)
    _STATEMENT(fact, statement)
    _ID(fact, fid)
    return fact


def _relation(row: list[Any]) -> Relation:
    values = dict(zip(_RELATION_FIELDS, row, strict=True))
    values["category"] = Category(values["category"])
    values["subject_domain"] = Domain(values["subject_domain"])
    values["object_domain"] = Domain(values["object_domain"])
    values["aliases"] = tuple(values["aliases"])
    values["paraphrases"] = tuple(values["paraphrases"])
    return Relation(**values)


def program_key(key: str) -> str:
    """What identifies the Prolog program of the view of ``key``: the builds and the built-in catalog."""
    return f"{key}-{_code_digest()}"


@cache
def _code_digest() -> str:
    """What else the view depends on: the built-in catalog the stored one is completed from."""
    text = (resources.files("kgtest.kg") / "data" / "relations.toml").read_bytes()
    return hashlib.sha256(text).hexdigest()[:16]
