"""Marks on the facts that break a KB sanity rule, kept on their FACT relationships.

prolog/sanity.pl decides which stated facts cannot be true (a marriage before a birth, a
start after an end); such a fact stays in the KB, as its source states it, and carries
``violates``: the sorted names of the rules it breaks (docs/graph-model.md). This module
only writes and reads the marks; the generator never asks about a marked fact, whatever
the store says, because the reasoner applies the rules itself on every load.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kgtest.kg.store import GraphStore

_BATCH = 5_000

_STORED = "MATCH ()-[f:FACT]->() WHERE f.violates IS NOT NULL RETURN f.id AS id, f.violates AS rules"
# Through the indexed end nodes: ArcadeDB scans every relationship for a lookup by a
# relationship property alone (docs/cypher-subset.md).
_MARK = """
UNWIND $rows AS r
MATCH (:Entity {id: r.s})-[f:FACT]->(:Entity {id: r.o})
WHERE f.id = r.id
SET f.violates = r.rules
"""
_UNMARK = "MATCH ()-[f:FACT]->() WHERE f.id IN $ids REMOVE f.violates"
_BY_RULE = (
    "MATCH ()-[f:FACT]->() WHERE f.violates IS NOT NULL "
    "UNWIND f.violates AS rule RETURN rule, count(*) AS n ORDER BY rule"
)


@dataclass(frozen=True, slots=True)
class FactMark:
    """A fact (by id, with its ends so it can be found) and the rules it breaks."""

    fact_id: str
    subject: str
    object: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MarkReport:
    marked: int
    """Facts that now carry a mark they did not carry before (or another one)."""
    cleared: int
    """Facts whose mark was taken off: they no longer break any rule."""
    total: int


def stored_marks(store: GraphStore) -> dict[str, tuple[str, ...]]:
    """Fact id -> the rules its mark names."""
    return {row["id"]: tuple(row["rules"]) for row in store.query(_STORED)}


def write_marks(
    store: GraphStore, marks: Sequence[FactMark], old: Mapping[str, tuple[str, ...]] | None = None
) -> MarkReport:
    """Make the store's marks exactly ``marks``: write what differs, clear what is gone.

    ``old``: the marks the store holds, when the caller knows them (``{}`` after a build that
    created every fact); otherwise they are read, which scans every fact (seconds at 200,000).
    """
    old = stored_marks(store) if old is None else old
    want = {m.fact_id: m for m in marks}
    rows = [
        {"id": m.fact_id, "s": m.subject, "o": m.object, "rules": sorted(m.rules)}
        for m in want.values()
        if old.get(m.fact_id) != tuple(sorted(m.rules))
    ]
    list(store.write_rows(_MARK, rows, _BATCH))
    gone = sorted(set(old) - set(want))
    for start in range(0, len(gone), _BATCH):
        store.query(_UNMARK, ids=gone[start : start + _BATCH])
    return MarkReport(len(rows), len(gone), len(want))


def marks_by_rule(store: GraphStore) -> dict[str, int]:
    """How many marked facts break each rule (a fact may break several)."""
    return {row["rule"]: row["n"] for row in store.query(_BY_RULE)}
