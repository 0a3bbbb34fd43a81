"""The stance reading alone on labelled sets: seconds, with no KB, for a reading rule's every try.

    python bench/measure_stances.py SET.jsonl[:SPLIT,...] ... [--no-leanings] [--cases DIR] [--misses]
                                    [--dump OUT.json] [--against OLD.json] [--released SET.jsonl]

Each SET.jsonl holds labelled replies (``id``, ``case``, ``reply``, ``stance``, ``split``) as
tests/oracle/labelled/*.jsonl and bench/styled_blind*/ do; ``case`` is the case or its id in
cases-<kb>.jsonl beside the set. Prints per set: clear stances read right, unclear replies read as
Yes/No and Yes read as No (the critical misreadings). ``--misses`` lists each stance read wrong;
``--dump`` writes every reading, ``--against`` lists the replies whose reading turned from right to
wrong or wrong to right since such a dump. A reply of a split named ``held`` is counted only, never
listed, unless its set is named with ``--released`` (a held part the lead released for tuning).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from kgtest.oracle.answer import parse_answer

CLEAR = frozenset({"yes", "no", "idk", "refusal"})
FIRM = frozenset({"yes", "no"})


def records(spec: str, released: list[str]) -> tuple[str, list[dict[str, Any]], bool]:
    """The set's records, of the splits named after ':' (all when none), and whether they may be listed."""
    path, _, splits = spec.partition(":")
    chosen = set(splits.split(",")) if splits else None
    out, cases = [], {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if chosen is not None and record.get("split") not in chosen:
            continue
        if isinstance(record["case"], str):
            kb = record["kb"]
            if kb not in cases:
                file = Path(path).parent / f"cases-{kb}.jsonl"
                cases[kb] = {json.loads(c)["id"]: json.loads(c) for c in file.read_text().splitlines() if c}
            record["case"] = cases[kb][record["case"]]
        out.append(record)
    listed = path in released or all(r.get("split") != "held" for r in out)
    return spec, out, listed


def right(label: str, read: str) -> bool:
    return read == label if label in CLEAR else read not in FIRM


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--no-leanings", dest="leanings", action="store_false", help="hedges ambiguous")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--released", action="append", default=[], help="a set whose held part may be listed")
    args = parser.parse_args()
    old = json.loads(args.against.read_text()) if args.against else {}
    dump: dict[str, dict[str, str]] = {}
    for spec, items, listed in (records(spec, args.released) for spec in args.sets):
        clear = read_right = unclear = unclear_firm = flipped = 0
        lines = []
        for r in items:
            parsed = parse_answer(r["reply"], r["case"]["question"], args.leanings)
            read, label = parsed.stance.value, r["stance"]
            key = f"{spec}#{r['id']}"
            dump[key] = {"read": read, "rule": parsed.rule, "right": str(right(label, read))}
            if label in CLEAR:
                clear += 1
                read_right += read == label
                flipped += label in FIRM and read in FIRM and read != label
            else:
                unclear += 1
                unclear_firm += read in FIRM
            was = old.get(key)
            turned = was is not None and was["right"] != str(right(label, read))
            if listed and ((args.misses and not right(label, read)) or turned):
                mark = f" (was {was['read']}/{was['rule']})" if turned and was else ""
                style = r.get("style", "?")
                lines.append(f"  {r['id']} [{style}] label {label} -> {read}/{parsed.rule}{mark}")
                lines.append(f"    Q: {r['case']['question']}")
                lines.append(f"    R: {r['reply']!r}")
            elif turned:
                now = "right" if right(label, read) else "wrong"
                lines.append(f"  (a {label} reply of a held part turned {now})")
        reading = read_right / clear if clear else 1.0
        print(
            f"{spec}: read right {read_right}/{clear} = {reading:.1%} | unclear as Yes/No "
            f"{unclear_firm}/{unclear} | Yes<->No {flipped}"
        )
        print("\n".join(lines))
    if args.dump:
        args.dump.write_text(json.dumps(dump, indent=0))


if __name__ == "__main__":
    sys.exit(main())
