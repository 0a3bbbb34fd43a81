"""Temporal case generation rate per depth, and mtl.pl against the year-by-year referee.

    python bench/bench_temporal.py [FACTS_TSV] [--cases N] [--compare M]
    python bench/bench_temporal.py [FACTS_TSV] [--cases N] --baseline REV [--rounds R]

FACTS_TSV defaults to ../shared/data/wikidata/demo_facts.tsv (dated Wikidata facts, one
event per fact with a start and an end year); without it a seeded synthetic table of
lifetimes is used. For each depth the generator makes N cases (Prolog evaluation, filters,
English text and prompt included), then the formulas of the first M cases are evaluated
again by mtl.pl (through pyswip) and by the pointwise referee, in this same process, over
the same universe, so their ratio is fair whatever else the machine is doing. A last line
keeps the facts with an open end (a start, no end year) as events with unknown years.

With ``--baseline REV`` it measures the generation rate per depth for this working tree and
for commit REV (bench/baseline.py), alternating R times in subprocesses, and prints ratios.
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import time
from pathlib import Path

from baseline import compare

from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases, temporal_plan
from kgtest.prolog import mtl
from kgtest.prolog.pointwise import evaluate_pointwise

DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wikidata" / "demo_facts.tsv"
UNIVERSE = (1, 2024)


def tsv_events(path: Path) -> list[TemporalEvent]:
    events: dict[str, TemporalEvent] = {}
    with path.open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows, delimiter="\t"):
            if not row["start_year"] or not row["end_year"] or int(row["start_year"]) > int(row["end_year"]):
                continue
            key = f"{row['subject']}|{row['property']}|{row['object']}"
            description = f"{row['subject_label']} had {row['property_label']} {row['object_label']}"
            span = (int(row["start_year"]), int(row["end_year"]))
            events.setdefault(key, TemporalEvent(key, description, (span,), "unknown"))
    return list(events.values())


def open_events(path: Path) -> list[TemporalEvent]:
    """Like ``tsv_events``, with each open-ended row known in its start year, unknown to 2024."""
    events: dict[str, TemporalEvent] = {e.id: e for e in tsv_events(path)}
    with path.open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows, delimiter="\t"):
            key = f"{row['subject']}|{row['property']}|{row['object']}"
            if key in events or not row["start_year"] or row["end_year"]:
                continue
            start = int(row["start_year"])
            unknown = ((start + 1, UNIVERSE[1]),) if start < UNIVERSE[1] else ()
            description = f"{row['subject_label']} had {row['property_label']} {row['object_label']}"
            events[key] = TemporalEvent(key, description, ((start, start),), "unknown", (), unknown)
    return list(events.values())


def rates(events: list[TemporalEvent], cases: int) -> dict[str, float]:
    """Cases per CPU second at each depth (CPU time: other processes share the cores)."""
    out = {}
    for depth in (1, 2, 3):
        c0 = time.process_time()
        made, _ = generate_temporal_cases(
            temporal_plan(events, depth=depth, count=cases, seed=depth, universe=UNIVERSE)
        )
        out[f"depth{depth}"] = len(made) / (time.process_time() - c0)
    return out


def synthetic_events(n: int = 1_000) -> list[TemporalEvent]:
    rng = random.Random(0)
    out = []
    for i in range(n):
        born = rng.randint(1500, 1990)
        out.append(TemporalEvent(f"E{i}", f"person {i} was alive", ((born, born + rng.randint(1, 90)),)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("facts", nargs="?", type=Path, default=DEFAULT.resolve())
    parser.add_argument("--cases", type=int, default=2_000)
    parser.add_argument("--compare", type=int, default=100)
    parser.add_argument("--baseline", metavar="REV", help="compare generation rates with this commit")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per side with --baseline")
    parser.add_argument("--rates-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    events = tsv_events(args.facts) if args.facts.exists() else synthetic_events()
    source = args.facts.name if args.facts.exists() else "synthetic lifetimes"
    if args.rates_only:
        print(json.dumps(rates(events, args.cases)))
        return
    if args.baseline:
        argv = ["bench/bench_temporal.py", str(args.facts), "--cases", str(args.cases), "--rates-only"]
        print(f"{len(events)} events from {source}, {args.cases} cases per depth, median of {args.rounds}:")
        print(f"depth  this tree cases/CPU s  {args.baseline[:12]} cases/CPU s  ratio")
        for depth in (1, 2, 3):
            ours, theirs = compare(argv, args.baseline, args.rounds, f"depth{depth}")
            print(f"{depth:5}  {ours:23,.0f}  {theirs:21,.0f}  {ours / theirs:5.2f}")
        return
    print(f"{len(events)} events from {source}, universe {UNIVERSE}, {args.cases} cases per depth")
    print("depth  cases/s  filtered  |  per formula: prolog ms  pointwise ms  pointwise/prolog")
    for depth in (1, 2, 3):
        t0 = time.perf_counter()
        cases, report = generate_temporal_cases(
            temporal_plan(events, depth=depth, count=args.cases, seed=depth, universe=UNIVERSE)
        )
        rate = len(cases) / (time.perf_counter() - t0)

        sample = cases[: args.compare]
        formulas = [mtl.from_json(c.temporal.formula) for c in sample if c.temporal]
        tables = [
            {n: [(s, e) for s, e in spans] for n, spans in c.temporal.events.items()}
            for c in sample
            if c.temporal
        ]
        t0 = time.perf_counter()
        fast = [mtl.evaluate(f, ev, UNIVERSE) for f, ev in zip(formulas, tables, strict=True)]
        prolog_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        slow = [evaluate_pointwise(f, ev, UNIVERSE) for f, ev in zip(formulas, tables, strict=True)]
        brute_s = time.perf_counter() - t0
        if fast != slow:
            raise SystemExit("mtl.pl and the pointwise referee disagree: run tests/prolog")
        k = len(formulas)
        print(
            f"{depth:5}  {rate:7.0f}  {report.filtered:8}  |  {1000 * prolog_s / k:16.3f}  "
            f"{1000 * brute_s / k:12.3f}  {brute_s / prolog_s:16.1f}x"
        )
    if args.facts.exists():
        with_open = open_events(args.facts)
        unknown = sum(1 for e in with_open if e.unknown)
        by_depth = ", ".join(f"depth {k[-1]} {v:,.0f}" for k, v in rates(with_open, args.cases).items())
        print(f"with {unknown} open-ended events kept (unknown years), cases per CPU second: {by_depth}")


if __name__ == "__main__":
    main()
