"""A dump's facts resolved on disk, so that build-kb's memory grows with entities, not facts.

Held as one in-memory snapshot, a 2,030,000-fact dump took 5.5 GB. Nothing about a fact is
final before the file's last line: Wikidata's statement model spreads one over ``p:``, ``ps:``
and ``pq:`` lines that may lie anywhere (a qualifier can come after its statement, in another
block), a direct triple is dropped when a statement says the same, a triple may be repeated,
and an entity's domain counts the facts it is in. So ``SpillBuilder`` moves the facts it has
read into an SQLite file in the workspace's cache after every block, where they are merged
(statements by id, direct triples by value) whatever the order of the lines; once the file is
read, ``Spilled`` gives them back resolved, chunk by chunk. What it keeps in memory is per
entity: labels, types, dates and, once resolved, the entities themselves.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kgtest.core.processes import alive
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Domain, Entity, Fact, Relation
from kgtest.kg.sources.resolved import InMemory, Resolved, file_build_id
from kgtest.kg.sources.tally import Tally
from kgtest.kg.sources.wikidata import INSTANCE_OF, SnapshotBuilder, is_item, statement_years
from kgtest.kg.store import chunks

_SCHEMA = """
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -65536;
CREATE TABLE direct (s TEXT, p TEXT, o TEXT, PRIMARY KEY (s, p, o)) WITHOUT ROWID;
CREATE TABLE statement (
    id TEXT PRIMARY KEY, s TEXT, sp TEXT, o TEXT, op TEXT, y0 INTEGER, y1 INTEGER, yp INTEGER
) WITHOUT ROWID;
"""

# The same merge as SnapshotBuilder's, across blocks: the last p: line and ps: object win, the
# first ps: property, the earliest start and point, the latest end (SQLite's min of NULL is NULL).
_MERGE = """
INSERT INTO statement VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET
    s = coalesce(excluded.s, s), sp = coalesce(excluded.sp, sp),
    o = coalesce(excluded.o, o), op = coalesce(op, excluded.op),
    y0 = coalesce(min(y0, excluded.y0), y0, excluded.y0),
    y1 = coalesce(max(y1, excluded.y1), y1, excluded.y1),
    yp = coalesce(min(yp, excluded.yp), yp, excluded.yp)
"""

_FACTS = "s IS NOT NULL AND o IS NOT NULL AND coalesce(sp, op) IS NOT NULL"
"""A statement that is a relation fact, or an instance-of (a type), when complete."""

_RELATIONS = f"{_FACTS} AND coalesce(sp, op) != '{INSTANCE_OF}'"
"""A statement that is a relation fact (not a type)."""

_ENDS = f"""
SELECT s AS e, p, 0 AS side FROM direct
UNION ALL SELECT o, p, 1 FROM direct
UNION ALL SELECT s, coalesce(sp, op), 0 FROM statement WHERE {_RELATIONS}
UNION ALL SELECT o, coalesce(sp, op), 1 FROM statement WHERE {_RELATIONS}
"""
"""Every fact's (subject, property, 0) and (object, property, 1)."""

_SPILL_AT = 250_000
"""About 100 MB in memory. A dump that never gets there is resolved in memory, as before
spilling existed: SQLite's inserts and reads cost 1.5-2 s of CPU on 200,000 facts."""


def spill_folder(cache: Path) -> Path:
    """Where builds spill, with what killed builds left there removed."""
    folder = cache / "build-kb"
    folder.mkdir(parents=True, exist_ok=True)
    for path in folder.glob("spill-*.sqlite"):
        pid = path.name.split("-")[1]
        if pid.isdigit() and not alive(int(pid)):
            path.unlink(missing_ok=True)
    return folder


@dataclass
class SpillBuilder(SnapshotBuilder):
    """A SnapshotBuilder whose facts go to an SQLite file in ``folder`` as they are read."""

    folder: Path = field(default_factory=lambda: Path(tempfile.gettempdir()))
    spill_at: int = _SPILL_AT
    """Direct triples and statements held before they go to disk."""
    path: Path = field(init=False)
    db: sqlite3.Connection = field(init=False)
    spilled: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        fd, name = tempfile.mkstemp(prefix=f"spill-{os.getpid()}-", suffix=".sqlite", dir=self.folder)
        os.close(fd)
        self.path = Path(name)
        # Made on the reading thread, read on the loading one, never both at once.
        self.db = sqlite3.connect(name, check_same_thread=False, isolation_level=None)
        self.db.executescript(_SCHEMA)

    def end_block(self) -> None:
        if len(self.direct) + len(self.statements) >= self.spill_at:
            self.spill()
            self.spilled = True

    def spill(self) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT OR IGNORE INTO direct VALUES (?, ?, ?)", self.direct)
            self.db.executemany(
                _MERGE,
                (
                    (
                        sid,
                        st.subject,
                        st.subject_property,
                        st.object,
                        st.object_property,
                        st.start,
                        st.end,
                        st.point,
                    )
                    for sid, st in self.statements.items()
                ),
            )
        self.direct.clear()
        self.statements.clear()

    def reset(self) -> None:
        super().reset()
        self.db.executescript("DELETE FROM direct; DELETE FROM statement;")

    def close(self) -> None:
        self.db.close()
        self.path.unlink(missing_ok=True)

    def resolve(self, catalog: RelationCatalog, digest: str) -> Resolved:
        """Every fact settled; the entities made (their domains count the facts)."""
        if not self.spilled:
            self.close()
            return InMemory(self.finish(catalog), digest, self.tally)
        self.spill()
        q = self.db.execute
        for s, o in q(f"SELECT s, o FROM statement WHERE {_FACTS} AND coalesce(sp, op) = '{INSTANCE_OF}'"):
            self.types[s].add(o)
        q(
            "DELETE FROM direct WHERE (s, p, o) IN "
            f"(SELECT s, coalesce(sp, op), o FROM statement WHERE {_FACTS})"
        )
        properties = sorted(p for (p,) in q(f"SELECT DISTINCT p FROM ({_ENDS})"))
        relations = {p: catalog.resolve(p) for p in properties}
        entities: dict[str, Entity] = {}
        rows = q(f"SELECT e, p, side, count(*) FROM ({_ENDS}) GROUP BY e, p, side ORDER BY e")
        for eid, group in itertools.groupby(rows, key=lambda r: str(r[0])):
            if is_item(eid):
                entities[eid] = self.entity(eid, _hints(group, relations))
        for eid in self.described() - entities.keys():
            if is_item(eid):
                entities[eid] = self.entity(eid, ())
        facts = (
            q("SELECT count(*) FROM direct").fetchone()[0]
            + q(f"SELECT count(*) FROM statement WHERE {_RELATIONS}").fetchone()[0]
        )
        return Spilled(self, dict(sorted(entities.items())), int(facts), properties, digest)


def _hints(group: Iterator[tuple[str, str, int, int]], relations: dict[str, Relation]) -> Iterator[Domain]:
    """One domain per fact the entity is in, as SnapshotBuilder.finish counts them."""
    for _, pid, side, n in group:
        rel = relations[pid]
        yield from itertools.repeat(rel.object_domain if side else rel.subject_domain, n)


@dataclass
class Spilled:
    """A dump read whole and resolved: entities in memory, facts on disk until ``close``."""

    builder: SpillBuilder
    entities: dict[str, Entity]
    """By id, in id order."""
    fact_count: int
    properties: list[str]
    """The facts' properties, sorted."""
    digest: str
    """Of the file's bytes, as read."""

    @property
    def source(self) -> str:
        return self.builder.source

    @property
    def build_id(self) -> str:
        return file_build_id(self.source, self.digest)

    @property
    def property_labels(self) -> dict[str, str]:
        return self.builder.property_labels()

    @property
    def tally(self) -> Tally:
        return self.builder.tally

    def facts(self, size: int) -> Iterator[list[Fact]]:
        """Every fact, ``size`` at a time: the statements' by statement id, then the direct ones."""
        source, db = self.builder.source, self.builder.db
        statements = db.execute(
            f"SELECT id, s, coalesce(sp, op), o, y0, y1, yp FROM statement WHERE {_RELATIONS} ORDER BY id"
        )
        made = itertools.chain(
            (
                Fact(s, p, o, *statement_years(y0, y1, yp), source, sid)
                for sid, s, p, o, y0, y1, yp in statements
            ),
            (Fact(s, p, o, source=source) for s, p, o in db.execute("SELECT s, p, o FROM direct")),
        )
        yield from chunks(made, size)

    def held(self) -> None:
        return None

    def close(self) -> None:
        self.builder.close()
