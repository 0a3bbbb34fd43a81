"""Prolog load time of a KB and fact cases generated per second.

    python bench/bench_gen.py [DUMP] [--count N] [--workspace DIR]
    python bench/bench_gen.py [DUMP] [--count N] --baseline REV [--rounds R]

DUMP defaults to ../shared/data/wikidata/wikidata12k.nt.gz. Three measurements:

1. the KB's facts file into SWI-Prolog: a plain consult of the .pl, the first load through the
   cache (qcompile + load), and a cached .qlf load, in this one process;
2. fact cases per second with the KB already in Prolog (reasoning, proofs, wording, JSON);
3. ``kgtest gen`` end to end in a subprocess against a workspace holding the KB (built there
   first if needed): cold (no KB view, no .qlf) and warm (both cached), with and without
   writing the suite to the graph store.

With ``--baseline REV`` it measures (2) instead for this working tree and for commit REV
(bench/baseline.py), alternating R times in subprocesses, and prints the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from baseline import compare

from kgtest.core.workspace import Workspace
from kgtest.generator.case import write_suite
from kgtest.generator.facts import RULE_KINDS, generate_fact_cases
from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.prolog.engine import engine, quote_atom
from kgtest.prolog.export import PREDICATES, kb_program, load_kb

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wikidata" / "wikidata12k.nt.gz"


def _wipe() -> None:
    names = ", ".join(f"{quote_atom(n)}/{a}" for n, a in PREDICATES)
    engine().query(f"forall(member(PI, [{names}]), abolish(user:PI))")


def _timed(label: str, fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    s = time.perf_counter() - t0
    print(f"  {label:<34} {s:7.2f} s")
    return s


def prolog_load(view: KbView, tmp: Path) -> None:
    program = kb_program(view.entities.values(), view.facts, view.catalog)
    source = tmp / "kb.pl"
    source.write_text(program.text, encoding="utf-8")
    clauses = sum(program.counts.values())
    print(f"Prolog load: {clauses} clauses, {len(program.text) / 1e6:.1f} MB of Prolog text")
    _wipe()
    consult = _timed("consult .pl", lambda: engine().load(source, program.counts))
    _wipe()
    _timed("first cached load (qcompile + load)", lambda: engine().load_cached(source, tmp, program.counts))
    _wipe()
    qlf = _timed("cached .qlf load", lambda: engine().load_cached(source, tmp, program.counts))
    print(f"  cached .qlf load is {consult / qlf:.1f}x faster than consult")
    _wipe()


def generation(view: KbView, count: int, tmp: Path, quiet: bool = False) -> dict[str, float]:
    reasoner = load_kb(kb_program(view.entities.values(), view.facts, view.catalog), tmp / "cache")
    t0, c0 = time.perf_counter(), time.process_time()
    cases, report = generate_fact_cases(view, reasoner, kinds=RULE_KINDS, count=count, seed=1)
    write_suite(tmp / "suite.jsonl", cases)
    s, cpu = time.perf_counter() - t0, time.process_time() - c0
    n = len(cases)
    if quiet:
        return {"cases": n, "seconds": s, "cpu": cpu, "per_cpu_second": n / cpu}
    print(f"generation (KB in Prolog): {n} fact cases in {s:.2f} s = {n / s:,.0f} cases/s ", end="")
    print(f"({cpu:.2f} s of CPU = {n / cpu:,.0f} cases per CPU second; other processes share the cores)")
    print(
        f"  statements per kind {report.available}; "
        f"negation {report.negation_refuted}/{report.negation_tried}"
    )
    return {"cases": n, "seconds": s, "cpu": cpu, "per_cpu_second": n / cpu}


def against(dump: Path, count: int, rev: str, rounds: int) -> None:
    """Fact cases per CPU second here and at commit ``rev``, same KB, same process setup."""
    argv = ["bench/bench_gen.py", str(dump), "--count", str(count), "--generation-only"]
    ours, theirs = compare(argv, rev, rounds, "per_cpu_second")
    print(f"generation (KB in Prolog), {count} fact cases, median of {rounds} alternating runs:")
    print(f"  this tree {ours:8,.0f} cases per CPU second")
    print(f"  {rev[:12]:<9} {theirs:8,.0f} cases per CPU second")
    print(f"  ratio {ours / theirs:.2f} (this tree / {rev[:12]})")


def end_to_end(dump: Path, workspace: Path, count: int) -> None:
    kgtest = [sys.executable, "-m", "kgtest.cli", "--workspace", str(workspace)]
    if not Workspace(workspace).db.exists():
        print(f"building the KB in {workspace} ...")
        subprocess.run([*kgtest, "build-kb", str(dump), "--quiet"], check=True, capture_output=True)
    gen = [*kgtest, "gen", "--rules", ",".join(RULE_KINDS), "--count", str(count), "--quiet"]
    print(f"kgtest gen --count {count}, end to end (subprocess: JVM, graph store, Prolog, suite file):")
    for label, extra, cold in [
        ("cold, --no-graph", ["--no-graph"], True),
        ("warm, --no-graph", ["--no-graph"], False),
        ("warm, suite into the graph store", [], False),
        ("warm, graph already holds the suite", [], False),
    ]:
        if cold:
            Workspace(workspace).kb_view_cache.unlink(missing_ok=True)
            shutil.rmtree(Workspace(workspace).prolog_cache, ignore_errors=True)
        t0 = time.perf_counter()
        done = subprocess.run([*gen, *extra], capture_output=True, text=True)
        s = time.perf_counter() - t0
        if done.returncode:
            raise SystemExit(done.stderr)
        written = int(done.stdout.rsplit("Wrote ", 1)[1].split()[0])
        print(f"  {label:<38} {s:6.2f} s  {written / s:7,.0f} cases/s")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument(
        "--workspace", type=Path, help="reuse a workspace holding the KB (default: a temporary one)"
    )
    parser.add_argument("--baseline", metavar="REV", help="compare generation with this commit")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per side with --baseline")
    parser.add_argument("--generation-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.baseline:
        against(args.dump, args.count, args.baseline, args.rounds)
        return
    catalog = builtin_catalog()
    builder = SnapshotBuilder(f"dump:{args.dump.name}")
    read_dump(args.dump, builder)
    snap = builder.finish(catalog)
    view = KbView(
        snap.entities,
        tuple(sorted(snap.facts.values(), key=lambda f: f.id)),
        catalog.with_labels(snap.property_labels),
    )
    if args.generation_only:
        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps(generation(view, args.count, Path(tmp), quiet=True)))
        return
    print(f"{args.dump.name}: {len(view.entities)} entities, {len(view.facts)} facts")
    with tempfile.TemporaryDirectory() as tmp:
        prolog_load(view, Path(tmp))
        generation(view, args.count, Path(tmp))
        end_to_end(args.dump, args.workspace or Path(tmp) / "ws", args.count)


if __name__ == "__main__":
    main()
