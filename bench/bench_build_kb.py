"""build-kb throughput on the embedded engine: each bulk writer against one fact per transaction.

    python bench/bench_build_kb.py [DUMP] [--naive-facts N] [--repeat R]

DUMP defaults to ../shared/data/wikidata/wikidata12k.nt.gz. Every loader runs in this one
process against fresh databases, so the ratios are fair whatever the machine is doing. The
default writer (ArcadeDB's ingest API) goes first, with the JVM's JIT cold as in a fresh
`kgtest build-kb`; the baselines run after it, with the JIT warmer, which favours them. The
naive loader writes a sample of N facts (one MERGE per fact, each its own transaction); its
rate is what it would take for the whole dump.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from kgtest.core.settings import load_settings
from kgtest.kg.bulk import BulkWriter, CypherWriter, bulk_writer
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.loader import load_snapshot
from kgtest.kg.model import Snapshot
from kgtest.kg.schema import ensure_schema
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.kg.store import GraphStore, open_store

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wikidata" / "wikidata12k.nt.gz"

NAIVE = """
MERGE (a:Entity {id: $s}) MERGE (b:Entity {id: $o})
CREATE (a)-[f:FACT]->(b) SET f = $p
"""


def timed_load(snapshot: Snapshot, choose: Callable[[GraphStore], BulkWriter]) -> tuple[float, float]:
    """Seconds to load ``snapshot`` into a fresh database, and to load it again (nothing to do)."""
    catalog = builtin_catalog()
    with tempfile.TemporaryDirectory() as tmp, open_store(load_settings(Path(tmp), env={})) as store:
        writer = choose(store)
        t0 = time.perf_counter()
        report = load_snapshot(store, snapshot, catalog, writer=writer)
        load_s = time.perf_counter() - t0
        assert report.facts_new == len(snapshot.facts), report
        t0 = time.perf_counter()
        again = load_snapshot(store, snapshot, catalog, writer=writer)
        assert again.facts_new == 0, again
        return load_s, time.perf_counter() - t0


def naive_rate(snapshot: Snapshot, sample: int) -> float:
    with tempfile.TemporaryDirectory() as tmp, open_store(load_settings(Path(tmp), env={})) as store:
        ensure_schema(store)
        facts = list(snapshot.facts.values())[:sample]
        t0 = time.perf_counter()
        for f in facts:
            props = {"id": f.id, "property": f.property, "source": f.source}
            props |= {
                k: v for k, v in (("start_year", f.start_year), ("end_year", f.end_year)) if v is not None
            }
            store.query(NAIVE, s=f.subject, o=f.object, p=props)
        return len(facts) / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--naive-facts", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=3, help="warm loads per writer (median shown)")
    args = parser.parse_args()

    t0 = time.perf_counter()
    builder = SnapshotBuilder(f"dump:{args.dump.name}")
    triples = read_dump(args.dump, builder)
    snapshot = builder.finish(builtin_catalog())
    parse_s = time.perf_counter() - t0
    n = len(snapshot.facts)
    print(f"{args.dump.name}: {triples} triples -> {len(snapshot.entities)} entities, {n} facts")
    print(f"parse + resolve            {parse_s:6.2f} s  {n / parse_s:8.0f} facts/s")

    cold_s, rerun_s = timed_load(snapshot, bulk_writer)
    batch = [timed_load(snapshot, bulk_writer)[0] for _ in range(args.repeat)]
    cypher = [timed_load(snapshot, CypherWriter)[0] for _ in range(args.repeat)]
    naive = naive_rate(snapshot, args.naive_facts)

    batch_s, cypher_s = statistics.median(batch), statistics.median(cypher)
    print(f"ingest API, cold JIT       {cold_s:6.2f} s  {n / cold_s:8.0f} facts/s  (entities and facts)")
    print(f"ingest API, warm (median)  {batch_s:6.2f} s  {n / batch_s:8.0f} facts/s")
    print(f"Cypher UNWIND, warm        {cypher_s:6.2f} s  {n / cypher_s:8.0f} facts/s  (the portable writer)")
    print(f"naive, 1 fact/tx, warm                {naive:8.0f} facts/s  ({args.naive_facts} facts)")
    print(f"re-run (idempotent)        {rerun_s:6.2f} s  nothing written")
    print(f"end to end, cold           {parse_s + cold_s:6.2f} s  {n / (parse_s + cold_s):8.0f} facts/s")
    print(f"ratio ingest cold / naive  {n / cold_s / naive:6.1f}x")
    print(f"ratio ingest warm / naive  {n / batch_s / naive:6.1f}x")
    print(f"ratio ingest / Cypher      {cypher_s / batch_s:6.1f}x  (both warm)")


if __name__ == "__main__":
    main()
