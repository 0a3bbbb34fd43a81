"""build-kb throughput on the embedded engine: the batched loader vs one fact per transaction.

    python bench/bench_build_kb.py [DUMP] [--naive-facts N]

DUMP defaults to ../shared/data/wikidata/wikidata12k.nt.gz. Both loaders run in this one
process against fresh workspaces, so the ratio is fair whatever the machine is doing. The
naive loader writes a sample of N facts (one MERGE per fact, each its own transaction); its
rate is what it would take for the whole dump.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from kgtest.core.settings import load_settings
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.loader import load_snapshot
from kgtest.kg.schema import ensure_schema
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.kg.store import open_store

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wikidata" / "wikidata12k.nt.gz"

NAIVE = """
MERGE (a:Entity {id: $s}) MERGE (b:Entity {id: $o})
CREATE (a)-[f:FACT]->(b) SET f = $p
"""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--naive-facts", type=int, default=2_000)
    args = parser.parse_args()
    catalog = builtin_catalog()

    t0 = time.perf_counter()
    builder = SnapshotBuilder(f"dump:{args.dump.name}")
    triples = read_dump(args.dump, builder)
    snapshot = builder.finish(catalog)
    parse_s = time.perf_counter() - t0
    n = len(snapshot.facts)
    print(f"{args.dump.name}: {triples} triples -> {len(snapshot.entities)} entities, {n} facts")
    print(f"parse + resolve      {parse_s:6.2f} s   {n / parse_s:9.0f} facts/s")

    with tempfile.TemporaryDirectory() as tmp, open_store(load_settings(Path(tmp) / "a", env={})) as store:
        t0 = time.perf_counter()
        load_snapshot(store, snapshot, catalog)
        load_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        load_snapshot(store, snapshot, catalog)
        rerun_s = time.perf_counter() - t0

    # The same load again into a fresh database in this process: the JVM's JIT is warm now, as
    # it stays for a long-running `kgtest db serve`.
    with tempfile.TemporaryDirectory() as tmp, open_store(load_settings(Path(tmp) / "w", env={})) as store:
        t0 = time.perf_counter()
        load_snapshot(store, snapshot, catalog)
        warm_s = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as tmp, open_store(load_settings(Path(tmp) / "b", env={})) as store:
        ensure_schema(store)
        sample = list(snapshot.facts.values())[: args.naive_facts]
        t0 = time.perf_counter()
        for f in sample:
            props = {"id": f.id, "property": f.property, "source": f.source}
            props |= {
                k: v for k, v in (("start_year", f.start_year), ("end_year", f.end_year)) if v is not None
            }
            store.query(NAIVE, s=f.subject, o=f.object, p=props)
        naive_s = time.perf_counter() - t0

    batched_rate, end_to_end = n / load_s, n / (parse_s + load_s)
    naive_rate = len(sample) / naive_s
    print(f"batched load         {load_s:6.2f} s   {batched_rate:9.0f} facts/s   (entities and facts)")
    print(f"end to end           {parse_s + load_s:6.2f} s   {end_to_end:9.0f} facts/s   (parse + load)")
    print(f"batched load, warm   {warm_s:6.2f} s   {n / warm_s:9.0f} facts/s   (fresh database, JIT warm)")
    print(f"re-run (idempotent)  {rerun_s:6.2f} s   nothing written")
    print(f"naive, 1 fact/tx     {naive_s:6.2f} s   {naive_rate:9.0f} facts/s   ({len(sample)} facts)")
    print(f"ratio batched/naive  {batched_rate / naive_rate:6.1f}x")


if __name__ == "__main__":
    main()
