"""What the judge may ask the knowledge base: who a name is, and what the KB says about them.

A reply names more than its case's evidence: "Arthur Miller was born in Los Angeles" in a
reply about Marilyn Monroe's husband, "New York City" for a birthplace the evidence gives as
Queens. To tell a wrong fact from a broader place, the judge looks such names up (labels and
Wikidata's aliases, normalised) and reads the facts the KB holds about them, with the places
containing them. The KB is read only when a reply names something its case does not, so
judging replies that stay inside their cases starts no database (``LazyKb``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable
from functools import cached_property
from typing import Protocol

from kgtest.generator.kbview import KbView
from kgtest.kg.model import Entity, Fact
from kgtest.oracle.similarity import name_key


class KbLookup(Protocol):
    """The judge's read-only view of the KB."""

    def named(self, name: str) -> list[tuple[str, str]]:
        """(entity id, ``label`` | ``alias``) for every entity so named, labels first."""
        ...

    def entity(self, eid: str) -> Entity | None: ...

    def facts_of(self, ids: Collection[str]) -> list[Fact]:
        """Every fact with one of ``ids`` as subject or object, in fact-id order."""
        ...


class ViewKb:
    """The KB as a generator's ``KbView``: everything in memory, indexed once."""

    def __init__(self, view: KbView) -> None:
        self._view = view

    @cached_property
    def _names(self) -> dict[tuple[str, ...], list[tuple[str, str]]]:
        index: dict[tuple[str, ...], list[tuple[str, str]]] = defaultdict(list)
        for e in sorted(self._view.entities.values(), key=lambda e: e.id):
            if e.label:
                index[name_key(e.label)].append((e.id, "label"))
        for e in sorted(self._view.entities.values(), key=lambda e: e.id):
            for alias in e.aliases:
                if (e.id, "label") not in index[name_key(alias)]:
                    index[name_key(alias)].append((e.id, "alias"))
        return dict(index)

    @cached_property
    def _facts(self) -> dict[str, list[Fact]]:
        by_entity: dict[str, list[Fact]] = defaultdict(list)
        for f in self._view.facts:
            by_entity[f.subject].append(f)
            if f.object != f.subject:
                by_entity[f.object].append(f)
        return dict(by_entity)

    def named(self, name: str) -> list[tuple[str, str]]:
        key = name_key(name)
        return list(self._names.get(key, ())) if key else []

    def entity(self, eid: str) -> Entity | None:
        return self._view.entities.get(eid)

    def facts_of(self, ids: Collection[str]) -> list[Fact]:
        found = {f.id: f for i in ids for f in self._facts.get(i, ())}
        return [found[k] for k in sorted(found)]


class LazyKb:
    """A ``KbLookup`` read on first use: ``load`` (which may start a database) runs at most once."""

    def __init__(self, load: Callable[[], KbLookup]) -> None:
        self._load = load
        self._kb: KbLookup | None = None

    @property
    def loaded(self) -> bool:
        return self._kb is not None

    def _get(self) -> KbLookup:
        if self._kb is None:
            self._kb = self._load()
        return self._kb

    def named(self, name: str) -> list[tuple[str, str]]:
        return self._get().named(name)

    def entity(self, eid: str) -> Entity | None:
        return self._get().entity(eid)

    def facts_of(self, ids: Collection[str]) -> list[Fact]:
        return self._get().facts_of(ids)


def containing(kb: KbLookup, ids: Iterable[str], upward: Callable[[Fact, str], str | None]) -> list[Fact]:
    """The containment facts above ``ids``, followed up to the top (``upward`` says which end is above)."""
    seen: set[str] = set()
    frontier = set(ids)
    found: dict[str, Fact] = {}
    while frontier:
        seen |= frontier
        above = set()
        for f in kb.facts_of(sorted(frontier)):
            for here in frontier & {f.subject, f.object}:
                up = upward(f, here)
                if up is not None:
                    found[f.id] = f
                    above.add(up)
        frontier = above - seen
    return [found[k] for k in sorted(found)]
