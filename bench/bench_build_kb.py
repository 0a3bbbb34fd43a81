"""build-kb throughput on the embedded engine: the ingest writer against its baselines.

    python bench/bench_build_kb.py [DUMP] [--naive-facts N] [--repeat R]

DUMP defaults to ../shared/data/wikidata/wikidata12k.nt.gz. Three loaders, all in this run:

* ``ingest``: what build-kb uses on the embedded database (ArcadeDB's ingest API, kg/arcade_batch.py);
* ``cypher``: the portable writer (``UNWIND`` batches over Bolt), what Neo4j users get;
* ``naive``: one ``MERGE ... CREATE`` per fact, each its own transaction, over a sample of N
  facts; its rate is what it would take for the whole dump.

The cold runs start from the JVM cache when it has been trained (kg/jvm_cache.py); the ingest
writer also runs cold without it.

Each loader is timed twice. **Cold**: alone in a fresh process, as a `kgtest build-kb` meets
the JVM (classes unloaded, nothing compiled yet). **Warm**: the median of R loads into fresh
databases in one process after a warm-up round, as a long build or `kgtest db serve` runs.
Ratios compare like with like. Last, the `kgtest build-kb` command end to end (JVM start and
parse included), and its re-run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kgtest.core.settings import load_settings
from kgtest.kg.bulk import CypherWriter, bulk_writer, fact_properties
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.jvm_cache import ENV, cache_path
from kgtest.kg.loader import load_snapshot
from kgtest.kg.model import Snapshot
from kgtest.kg.schema import ensure_schema
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.kg.store import open_store

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wikidata" / "wikidata12k.nt.gz"
LOADERS = ("ingest", "cypher", "naive")

NAIVE = """
MERGE (a:Entity {id: $s}) MERGE (b:Entity {id: $o})
CREATE (a)-[f:FACT]->(b) SET f = $p
"""


def read(dump: Path) -> Snapshot:
    builder = SnapshotBuilder(f"dump:{dump.name}")
    read_dump(dump, builder)
    return builder.finish(builtin_catalog())


def rate(snapshot: Snapshot, loader: str, naive_facts: int) -> float:
    """Facts per second of one load into a fresh database."""
    with tempfile.TemporaryDirectory() as tmp, open_store(load_settings(Path(tmp), env={})) as store:
        if loader == "naive":
            ensure_schema(store)
            facts = list(snapshot.facts.values())[:naive_facts]
            t0 = time.perf_counter()
            for f in facts:
                store.query(NAIVE, s=f.subject, o=f.object, p=fact_properties(f))
            return len(facts) / (time.perf_counter() - t0)
        writer = bulk_writer(store) if loader == "ingest" else CypherWriter(store)
        t0 = time.perf_counter()
        report = load_snapshot(store, snapshot, builtin_catalog(), writer=writer)
        seconds = time.perf_counter() - t0
        assert report.facts_new == len(snapshot.facts), report
        return len(snapshot.facts) / seconds


def cold(dump: Path, loader: str, naive_facts: int, jvm_cache: bool = True) -> float:
    args = [sys.executable, __file__, str(dump), "--cold", loader, "--naive-facts", str(naive_facts)]
    env = {**os.environ, ENV: "1" if jvm_cache else "0"}
    out = subprocess.run(args, capture_output=True, text=True, check=True, env=env).stdout
    return float(json.loads(out.strip().splitlines()[-1])["rate"])


def command(*args: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([Path(sys.executable).with_name("kgtest"), *args], capture_output=True, check=True)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--naive-facts", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=3, help="warm loads per loader (median shown)")
    parser.add_argument("--cold", choices=LOADERS, help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.cold:
        print(json.dumps({"rate": rate(read(args.dump), args.cold, args.naive_facts)}), flush=True)
        return

    t0 = time.perf_counter()
    snapshot = read(args.dump)
    parse_s = time.perf_counter() - t0
    n = len(snapshot.facts)
    print(f"{args.dump.name}: {len(snapshot.entities)} entities, {n} facts; parse {parse_s:.2f} s")

    uncached = cold(args.dump, "ingest", args.naive_facts, jvm_cache=False)
    cold_rates = {loader: cold(args.dump, loader, args.naive_facts) for loader in LOADERS}
    for loader in LOADERS:  # warm-up round, not counted
        rate(snapshot, loader, args.naive_facts)
    warm: dict[str, list[float]] = {loader: [] for loader in LOADERS}
    for _ in range(args.repeat):
        for loader in LOADERS:
            warm[loader].append(rate(snapshot, loader, args.naive_facts))
    warm_rates = {loader: statistics.median(rates) for loader, rates in warm.items()}

    print(f"{'facts/s':>22} {'cold':>8} {'warm':>8}")
    for loader in LOADERS:
        print(f"{loader:>22} {cold_rates[loader]:8.0f} {warm_rates[loader]:8.0f}")
    for name, other in (("ingest / naive", "naive"), ("ingest / cypher", "cypher")):
        c, w = cold_rates["ingest"] / cold_rates[other], warm_rates["ingest"] / warm_rates[other]
        print(f"{name:>22} {c:7.1f}x {w:7.1f}x")
    have_cache = "on" if cache_path().is_file() else "not trained yet"
    print(f"(cold runs with the JVM cache: {have_cache}; ingest cold without it: {uncached:.0f} facts/s)")

    with tempfile.TemporaryDirectory() as tmp:
        first = command("--workspace", tmp, "build-kb", str(args.dump), "--quiet")
        again = command("--workspace", tmp, "build-kb", str(args.dump), "--quiet")
    print(f"kgtest build-kb, end to end: {first:.2f} s ({n / first:.0f} facts/s); re-run {again:.2f} s")


if __name__ == "__main__":
    main()
    from kgtest.cli.main import exit_now

    exit_now(0)
