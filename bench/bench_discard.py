"""What a resumed build pays to discard a chunk cut short: ArcadeDB's SQL in process against Cypher over Bolt.

    python bench/bench_discard.py DUMP [--part 5000]

Loads DUMP (a Wikidata-shaped .nt or .nt.gz, e.g. wikidata12k.nt.gz) into a fresh embedded
database, discards ``--part`` facts and then the rest with one writer, loads again and does the
same with the other. A build killed inside its first fact chunk discards that whole chunk on
resume (kg/loader.py), so this is the cost a resume pays before it writes again.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from kgtest.core.settings import load_settings
from kgtest.kg.arcade_batch import ArcadeBatchWriter
from kgtest.kg.bulk import BulkWriter, CypherWriter
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.loader import load_snapshot
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.kg.store import GraphStore, open_store


def discard(store: GraphStore, writer: BulkWriter, ids: list[str], part: int) -> tuple[float, float]:
    started = time.perf_counter()
    writer.discard_facts(ids[:part])
    first = time.perf_counter() - started
    started = time.perf_counter()
    writer.discard_facts(ids[part:])
    rest = time.perf_counter() - started
    left = store.query("MATCH ()-[f:FACT]->() RETURN count(f) AS n")[0]["n"]
    assert left == 0, f"{left} facts left"
    return first, rest


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", type=Path)
    parser.add_argument("--part", type=int, default=5000)
    args = parser.parse_args()
    builder = SnapshotBuilder(f"dump:{args.dump.name}")
    read_dump(args.dump, builder)
    snapshot = builder.finish(builtin_catalog())
    ids = sorted(snapshot.facts)
    settings = load_settings(Path(tempfile.mkdtemp(prefix="kgtest-bench-")), env={})
    with open_store(settings) as store:
        database = store.local_database()
        assert database is not None, "the embedded database must run in this process"
        times = {}
        for name, writer in (("cypher", CypherWriter(store)), ("sql", ArcadeBatchWriter(store, database))):
            load_snapshot(store, snapshot, builtin_catalog())
            times[name] = discard(store, writer, ids, args.part)
            first, rest = times[name]
            print(
                f"{name:>6}: {args.part} facts {first:5.2f} s, the other {len(ids) - args.part} {rest:5.2f} s"
            )
    total = {name: sum(t) for name, t in times.items()}
    print(f"cypher / sql: {total['cypher'] / total['sql']:.1f}x")
    os._exit(0)  # past the JVM's teardown, as the CLI does


if __name__ == "__main__":
    main()
