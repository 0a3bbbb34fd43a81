"""A whole suite (fact and temporal cases) against another commit: speed as a ratio, answers compared.

    python bench/bench_suite.py [DUMP|example] --baseline REV [--rounds R] [--count N]
        [--temporal-count T] [--depth D] [--seed S]

Each round generates the same suite (``generate_suite``, one process, the KB already in Prolog)
under this working tree and under commit REV (bench/baseline.py), alternating; CPU seconds are
compared as medians. The suites of the last round are then compared case by case:

* temporal: the same (formula, query year) must have the same answer and the same satisfying
  years; it says how many formulas both suites hold and whether the lists are the same;
* fact: every statement both suites ask about must be proven the same way (holds, and the
  proof's conclusion with its years), and the same variant must expect the same answer; it
  counts the negations by the rule that refutes them, and the reversed containments among them.

DUMP defaults to ../shared/data/wikidata/wikidata12k.nt.gz; ``example`` is the bundled KB.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from baseline import run_json, tree

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / ".." / "shared" / "data" / "wikidata" / "wikidata12k.nt.gz"


def measure(dump: str, out: Path, count: int, temporal: int, depth: int, seed: int) -> dict[str, float]:
    """Generate the suite once in this process (whichever kgtest is importable) and time it."""
    from kgtest.generator.case import write_suite
    from kgtest.generator.kbview import KbView
    from kgtest.generator.suite import SuiteRequest, generate_suite
    from kgtest.kg.catalog import builtin_catalog
    from kgtest.kg.sources.rdf import read_dump
    from kgtest.kg.sources.wikidata import SnapshotBuilder
    from kgtest.prolog.export import kb_program, load_kb

    path = ROOT / "kg" / "data" / "example.nt" if dump == "example" else Path(dump)
    catalog = builtin_catalog()
    builder = SnapshotBuilder(f"dump:{path.name}")
    read_dump(path, builder)
    snap = builder.finish(catalog)
    facts = tuple(sorted(snap.facts.values(), key=lambda f: f.id))
    view = KbView(snap.entities, facts, catalog.with_labels(snap.property_labels))
    with tempfile.TemporaryDirectory() as tmp:
        reasoner = load_kb(kb_program(view.entities.values(), view.facts, view.catalog), Path(tmp))
        request = SuiteRequest(count=count, seed=seed, mtl_depth=depth, temporal_count=temporal)
        t0, c0 = time.perf_counter(), time.process_time()
        result = generate_suite(view, reasoner, request)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    write_suite(out, result.cases)
    for note in result.notes:
        print(note, file=sys.stderr)
    return {"cases": len(result.cases), "seconds": seconds, "cpu": cpu}


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _rules(proof: dict[str, Any]) -> list[str]:
    return [proof["rule"], *(r for p in proof.get("premises", ()) if "rule" in p for r in _rules(p))]


def _fact_key(case: dict[str, Any]) -> tuple[Any, ...]:
    """A fact case by its statement, whether it holds, and its variant: one statement may be asked
    about true (in some years) and false (in others)."""
    return (tuple(case["meta"]["statement"]), case["meta"]["holds"], case["variant"])


def _refuted_by(proof: dict[str, Any]) -> str:
    """The rule a refutation rests on, under the readings (inverse, symmetric) around it."""
    return next(r for r in _rules(proof) if r not in ("inverse", "symmetric"))


def compare_suites(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> dict[str, Any]:
    """What changed between two suites of the same seed, and what must not have."""
    out: dict[str, Any] = {}
    temporal = [
        {(c["temporal"]["text"], c["temporal"]["query_year"]): c for c in suite if c["kind"] == "temporal"}
        for suite in (before, after)
    ]
    common = temporal[0].keys() & temporal[1].keys()
    differ = [
        k
        for k in common
        if (temporal[0][k]["expected"], temporal[0][k]["temporal"]["satisfying"])
        != (temporal[1][k]["expected"], temporal[1][k]["temporal"]["satisfying"])
    ]
    out["temporal"] = {
        "before": len(temporal[0]),
        "after": len(temporal[1]),
        "common": len(common),
        "answers_differ": len(differ),
        "same_formulas_in_order": list(temporal[0]) == list(temporal[1]),
    }
    facts = [{_fact_key(c): c for c in suite if c["kind"] == "fact"} for suite in (before, after)]
    statements = [{k[:2]: c for k, c in f.items()} for f in facts]
    shared = statements[0].keys() & statements[1].keys()
    proven_differ = [
        s
        for s in shared
        if statements[0][s]["meta"]["holds"] == statements[1][s]["meta"]["holds"]
        and statements[0][s]["meta"]["holds"]
        and statements[0][s]["proof"]["conclusion"] != statements[1][s]["proof"]["conclusion"]
    ]
    answers_differ = [
        k for k in facts[0].keys() & facts[1].keys() if facts[0][k]["expected"] != facts[1][k]["expected"]
    ]
    out["fact"] = {
        "before": len(facts[0]),
        "after": len(facts[1]),
        "common_statements": len(shared),
        "common_true_statements_proven_differently": len(proven_differ),
        "common_statement_and_variant": len(facts[0].keys() & facts[1].keys()),
        "answers_differ": len(answers_differ),
    }
    for side, suite in (("before", before), ("after", after)):
        negations = [c for c in suite if c["kind"] == "fact" and c["rule"] == "negation"]
        rules = Counter(_refuted_by(c["proof"]) for c in negations)
        out[f"negations_{side}"] = {
            "count": len(negations),
            "by_rule": dict(rules.most_common()),
            "reversed_containment": sum("antisymmetric" in _rules(c["proof"]) for c in negations),
        }
    return out


def against(args: argparse.Namespace) -> None:
    base = tree(args.baseline)
    tmp = Path(tempfile.mkdtemp(prefix="bench-suite-"))
    suites = {"ours": tmp / "ours.jsonl", "theirs": tmp / "theirs.jsonl"}
    cpu: dict[str, list[float]] = {"ours": [], "theirs": []}
    try:
        for _ in range(args.rounds):
            for side, path in (("theirs", base), ("ours", None)):
                argv = [
                    "bench/bench_suite.py", str(args.dump), "--measure", str(suites[side]),
                    "--count", str(args.count), "--temporal-count", str(args.temporal_count),
                    "--depth", str(args.depth), "--seed", str(args.seed),
                ]  # fmt: skip
                cpu[side].append(run_json(argv, path)["cpu"])
        ours, theirs = statistics.median(cpu["ours"]), statistics.median(cpu["theirs"])
        name = args.dump if args.dump == "example" else Path(args.dump).name
        rev = args.baseline[:12]
        print(
            f"{name}: suite of {args.count} fact and {args.temporal_count} temporal cases "
            f"(depth {args.depth}, seed {args.seed}), median of {args.rounds} alternating runs"
        )
        print(
            f"  this tree {ours:6.2f} CPU s   {rev} {theirs:6.2f} CPU s   "
            f"ratio {ours / theirs:.2f} (this tree / {rev}; 1.2 is the limit)"
        )
        report = compare_suites(_read(suites["theirs"]), _read(suites["ours"]))
        report["cpu_ratio"] = round(ours / theirs, 3)
        print(json.dumps(report, indent=1))
    finally:
        shutil.rmtree(base.parent, ignore_errors=True)
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dump", nargs="?", default=str(DEFAULT.resolve()))
    parser.add_argument("--baseline", metavar="REV", default="2627fb5")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--count", type=int, default=120)
    parser.add_argument("--temporal-count", type=int, default=60)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        result = measure(args.dump, args.measure, args.count, args.temporal_count, args.depth, args.seed)
        print(json.dumps(result))
        return
    against(args)


if __name__ == "__main__":
    sys.exit(main())
