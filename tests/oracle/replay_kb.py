"""A KB the judge asked once, replayed from a file: the tests judge litwd1k's replies without its dump.

``bench/record_blind_kb.py`` judges a labelled set against a workspace's KB through ``RecordingKb``
and writes what the judge asked and got (the names it looked up, the entities and the facts of
each entity it read) to JSON; ``ReplayKb`` answers the same questions from that file. A question
the recording never saw gets what an unknown name or entity gets: nothing.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

from kgtest.kg.model import Domain, Entity, Fact
from kgtest.oracle.kb_lookup import KbLookup


class RecordingKb:
    """A ``KbLookup`` that keeps every answer of the one it wraps."""

    def __init__(self, kb: KbLookup) -> None:
        self._kb = kb
        self.names: dict[str, list[tuple[str, str]]] = {}
        self.entities: dict[str, Entity | None] = {}
        self.facts: dict[str, list[Fact]] = {}

    def named(self, name: str) -> list[tuple[str, str]]:
        found = self._kb.named(name)
        self.names[name] = found
        return found

    def entity(self, eid: str) -> Entity | None:
        found = self._kb.entity(eid)
        self.entities[eid] = found
        return found

    def facts_of(self, ids: Collection[str]) -> list[Fact]:
        for i in ids:
            if i not in self.facts:
                self.facts[i] = self._kb.facts_of([i])
        return self._kb.facts_of(ids)

    def dump(self, path: Path) -> None:
        facts = {f.id: f for found in self.facts.values() for f in found}
        data = {
            "names": {n: [list(x) for x in found] for n, found in sorted(self.names.items())},
            "entities": {i: _entity(e) for i, e in sorted(self.entities.items()) if e is not None},
            "facts": {k: _fact(f) for k, f in sorted(facts.items())},
            "facts_of": {i: sorted(f.id for f in found) for i, found in sorted(self.facts.items())},
        }
        path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")


class ReplayKb:
    """The answers a ``RecordingKb`` wrote, as a ``KbLookup``."""

    def __init__(self, path: Path) -> None:
        data = json.loads(path.read_text(encoding="utf-8"))
        self._names = {n: [(i, how) for i, how in found] for n, found in data["names"].items()}
        self._entities = {i: _read_entity(i, e) for i, e in data["entities"].items()}
        facts = {k: _read_fact(f) for k, f in data["facts"].items()}
        self._facts = {i: [facts[k] for k in keys] for i, keys in data["facts_of"].items()}

    def named(self, name: str) -> list[tuple[str, str]]:
        return list(self._names.get(name, ()))

    def entity(self, eid: str) -> Entity | None:
        return self._entities.get(eid)

    def facts_of(self, ids: Collection[str]) -> list[Fact]:
        found = {f.id: f for i in ids for f in self._facts.get(i, ())}
        return [found[k] for k in sorted(found)]


def _entity(e: Entity) -> dict[str, Any]:
    return {
        "label": e.label,
        "types": list(e.types),
        "domain": e.domain.value,
        "years": [e.start_year, e.end_year, e.point_year],
        "aliases": list(e.aliases),
    }


def _read_entity(eid: str, e: dict[str, Any]) -> Entity:
    start, end, point = e["years"]
    return Entity(
        eid,
        e["label"],
        types=tuple(e["types"]),
        domain=Domain(e["domain"]),
        start_year=start,
        end_year=end,
        point_year=point,
        aliases=tuple(e["aliases"]),
    )


def _fact(f: Fact) -> list[Any]:
    return [f.subject, f.property, f.object, f.start_year, f.end_year, f.statement]


def _read_fact(f: list[Any]) -> Fact:
    subject, prop, obj, start, end, statement = f
    return Fact(subject, prop, obj, start, end, statement=statement)
