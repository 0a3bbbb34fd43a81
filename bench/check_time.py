"""An independent check of a suite's fact cases against the years of their evidence.

    python bench/check_time.py SUITE.jsonl [SUITE.jsonl ...] [--reference-year Y]

Reads nothing but the suite: every proven-true fact case lists the KB facts it rests on, with
their years. For the chains (rule kind transitive or composite) it counts those whose dated
premises share a common year, under two readings of an open end (a start and no end year):
*lenient*, "still true ever since" (Wikidata's convention), and *strict*, kgtest's "from then
on, end unknown" (only the start year is known). For every true statement asked in the present
tense it checks that its premises hold in the reference year (default: the case's
``meta.reference_year``, else the latest year the suite's evidence names). Run it on a suite
from before and after a change to compare them.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

NEVER, EVER = -(10**9), 10**9


def leaves(proof: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for p in proof["premises"]:
        if "rule" in p:
            yield from leaves(p)
        else:
            yield p


def common_years(evidence: list[dict[str, Any]], lenient: bool) -> tuple[int, int] | None:
    """The years every dated premise covers (NEVER..EVER when none is dated); None: no common year."""
    lo, hi = NEVER, EVER
    for e in evidence:
        start, end = e["start_year"], e["end_year"]
        if not e["fact_id"] or (start is None and end is None):
            continue
        if lenient:
            first, last = start if start is not None else NEVER, end if end is not None else EVER
        else:
            first, last = start if start is not None else end, end if end is not None else start
        lo, hi = max(lo, first), min(hi, last)
    return (lo, hi) if lo <= hi else None


def check(path: Path, reference_year: int | None) -> Counter[str]:
    cases = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    years = [
        y for c in cases for e in c["evidence"] for y in (e["start_year"], e["end_year"]) if y is not None
    ]
    tally: Counter[str] = Counter()
    for case in cases:
        if case["kind"] != "fact" or not case["meta"]["holds"]:
            continue
        evidence = list(leaves(case["proof"]))
        tally["true statements"] += 1
        if case["rule"] in ("transitive", "composite"):
            tally["chains"] += 1
            for reading in ("lenient", "strict"):
                tally[f"chains with a common year ({reading})"] += (
                    common_years(evidence, reading == "lenient") is not None
                )
        if case["meta"].get("year") is not None:
            tally["asked about a named year"] += 1
            continue
        now = reference_year or case["meta"].get("reference_year") or max(years, default=0)
        span = common_years(evidence, lenient=False)
        tally["asked in the present tense"] += 1
        if span is not None and span != (NEVER, EVER) and not span[0] <= now <= span[1]:
            tally["present tense, but not known to hold in the reference year"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("suites", nargs="+", type=Path)
    parser.add_argument("--reference-year", type=int)
    args = parser.parse_args()
    for path in args.suites:
        print(path)
        for key, n in sorted(check(path, args.reference_year).items()):
            print(f"  {key:<62} {n:6}")


if __name__ == "__main__":
    main()
