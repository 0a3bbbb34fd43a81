"""Temporal case generation rate per depth, and mtl.pl against the year-by-year referee.

    python bench/bench_temporal.py [FACTS_TSV] [--cases N] [--compare M]

FACTS_TSV defaults to ../shared/data/wikidata/demo_facts.tsv (dated Wikidata facts, one
event per fact with a start and an end year); without it a seeded synthetic table of
lifetimes is used. For each depth the generator makes N cases (Prolog evaluation, filters,
English text and prompt included), then the formulas of the first M cases are evaluated
again by mtl.pl (through pyswip) and by the pointwise referee, in this same process, over
the same universe, so their ratio is fair whatever else the machine is doing.
"""

from __future__ import annotations

import argparse
import csv
import random
import time
from pathlib import Path

from kgtest.generator.temporal import TemporalEvent, generate_temporal_cases
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
    args = parser.parse_args()
    events = tsv_events(args.facts) if args.facts.exists() else synthetic_events()
    source = args.facts.name if args.facts.exists() else "synthetic lifetimes"
    print(f"{len(events)} events from {source}, universe {UNIVERSE}, {args.cases} cases per depth")
    print("depth  cases/s  filtered  |  per formula: prolog ms  pointwise ms  pointwise/prolog")
    for depth in (1, 2, 3):
        t0 = time.perf_counter()
        cases, report = generate_temporal_cases(
            events, depth=depth, count=args.cases, seed=depth, universe=UNIVERSE
        )
        rate = len(cases) / (time.perf_counter() - t0)

        sample = cases[: args.compare]
        formulas = [mtl.from_json(c.temporal["formula"]) for c in sample if c.temporal]
        tables = [
            {n: [(s, e) for s, e in spans] for n, spans in c.temporal["events"].items()}
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


if __name__ == "__main__":
    main()
