"""A source read whole and resolved, as the loader takes it: in memory, or spilled to disk.

The loader never needs every fact at once, only each chunk in turn, so a dump's facts can stay
on disk (kg/sources/spill.py) while a SPARQL selection or a test's snapshot stays in memory.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from kgtest.kg.model import Entity, Fact, Snapshot
from kgtest.kg.sources.tally import Tally
from kgtest.kg.store import chunks


class Resolved(Protocol):
    @property
    def source(self) -> str: ...

    @property
    def build_id(self) -> str:
        """Same input, same id: what lets a re-run find and finish its own build."""
        ...

    @property
    def digest(self) -> str | None:
        """Of the source file's bytes; None for a source that is no file."""
        ...

    @property
    def entities(self) -> Mapping[str, Entity]:
        """By id, in id order."""
        ...

    @property
    def fact_count(self) -> int: ...

    @property
    def properties(self) -> list[str]:
        """The facts' properties, sorted."""
        ...

    @property
    def property_labels(self) -> dict[str, str]: ...

    @property
    def tally(self) -> Tally:
        """The triples read, and those passed over by why (none counted for a SPARQL answer)."""
        ...

    def facts(self, size: int) -> Iterator[list[Fact]]:
        """Every fact once, ``size`` at a time, in an order that depends on the input alone."""
        ...

    def held(self) -> Snapshot | None:
        """The whole source, when it is held in memory; None when its facts wait on disk."""
        ...

    def close(self) -> None: ...


def file_build_id(source: str, digest: str) -> str:
    """A build of a file is named after its bytes: known before reading it (kgtest build-kb's re-run)."""
    return hashlib.blake2b(f"{source}\0{digest}".encode(), digest_size=12).hexdigest()


@dataclass
class InMemory:
    """A Snapshot as a Resolved source, named after its file's bytes, or else after its content
    (a SPARQL answer has no file)."""

    snapshot: Snapshot
    file_digest: str | None = None
    tally: Tally = field(default_factory=Tally)

    @property
    def source(self) -> str:
        return self.snapshot.source

    @cached_property
    def build_id(self) -> str:
        if self.file_digest is not None:
            return file_build_id(self.snapshot.source, self.file_digest)
        h = hashlib.blake2b(digest_size=12)
        h.update(self.snapshot.source.encode())
        for fid in sorted(self.snapshot.facts):
            f = self.snapshot.facts[fid]  # a statement's id stays when its object or years are edited
            h.update(f"{fid}|{f.subject}|{f.property}|{f.object}|{f.start_year}|{f.end_year}".encode())
        for eid in sorted(self.snapshot.entities):
            h.update(repr(self.snapshot.entities[eid]).encode())
        return h.hexdigest()

    @property
    def digest(self) -> str | None:
        return self.file_digest

    @cached_property
    def entities(self) -> Mapping[str, Entity]:
        return {i: self.snapshot.entities[i] for i in sorted(self.snapshot.entities)}

    @property
    def fact_count(self) -> int:
        return len(self.snapshot.facts)

    @property
    def properties(self) -> list[str]:
        return sorted({f.property for f in self.snapshot.facts.values()})

    @property
    def property_labels(self) -> dict[str, str]:
        return self.snapshot.property_labels

    def facts(self, size: int) -> Iterator[list[Fact]]:
        facts = self.snapshot.facts
        yield from chunks([facts[i] for i in sorted(facts)], size)

    def held(self) -> Snapshot:
        return self.snapshot

    def close(self) -> None:
        pass
