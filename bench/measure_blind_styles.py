"""The fact oracle on a blind labelled set of replies in many styles, over the cases of several KBs.

    python bench/measure_blind_styles.py BLIND.jsonl --kb example=WS --kb litwd1k=WS [--totals]
                                         [--split tune] [--misses]

Each line of BLIND.jsonl is a labelled reply in the shape of tests/oracle/labelled/styled.jsonl
(``id``, ``case``, ``reply``, ``stance``, ``outcome``, ``why``, ``split``) with the KB its case
comes from (``kb``: ``example`` or ``litwd1k``) and, where given, its ``style``; ``case`` is the
case itself or its id in ``--cases DIR``/cases-<kb>.jsonl. Each KB is read from a workspace that
``kgtest build-kb`` made (``--kb NAME=WORKSPACE``); the judge looks names up in it as ``kgtest
judge`` does. Prints, per split: clear verdicts read right, unclear replies read as Yes or No,
the critical misreadings (an unclear reply read as Yes/No, a Yes read as No or the other way
round), and, of the replies labelled with a class, how many the oracle gave a class (coverage:
not ``unreadable`` nor an abstention) and how many of those it got right (precision); then the
same by style and by KB. ``--totals`` prints only each split's totals (for a held-out part, which
must not be looked into); ``--misses`` lists each miss of the chosen ``--split`` (``held`` only with
``--released``: a held part the lead released for tuning).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch

from kgtest.api.workspace_kb import WorkspaceKb
from kgtest.core.settings import load_settings
from kgtest.generator.case import TestCase
from kgtest.oracle import Judge, JudgeSettings, Verdict, ViewKb

CLASSES = frozenset({"correct", "erroneous_knowledge", "erroneous_inference", "both"})
CLEAR = frozenset({"yes", "no", "idk", "refusal"})
FIRM = frozenset({"yes", "no"})


@dataclass
class Tally:
    replies: int = 0
    clear: int = 0
    read_right: int = 0
    unclear: int = 0
    unclear_firm: int = 0
    flipped: int = 0
    """A Yes read as No or a No read as Yes."""
    labelled_classes: int = 0
    given: int = 0
    right: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    def add(self, record: dict[str, Any], verdict: Verdict) -> None:
        stance = verdict.answer.stance.value
        self.replies += 1
        if record["stance"] in CLEAR:
            self.clear += 1
            self.read_right += stance == record["stance"]
            self.flipped += record["stance"] in FIRM and stance in FIRM and stance != record["stance"]
        else:
            self.unclear += 1
            self.unclear_firm += stance in FIRM
        if record["outcome"] in CLASSES:
            self.labelled_classes += 1
            given = verdict.outcome.value in CLASSES
            self.given += given
            self.right += given and verdict.outcome.value == record["outcome"]
        self.outcomes[verdict.outcome.value] += 1

    def line(self, name: str) -> str:
        reading = self.read_right / self.clear if self.clear else 1.0
        precision = self.right / self.given if self.given else 1.0
        coverage = self.given / self.labelled_classes if self.labelled_classes else 1.0
        return (
            f"{name:<22} {self.replies:4d} | read right {self.read_right}/{self.clear} = {reading:.1%} | "
            f"unclear as Yes/No {self.unclear_firm}/{self.unclear} | Yes<->No {self.flipped} | "
            f"classes given {self.given}/{self.labelled_classes} = {coverage:.1%}, "
            f"right {self.right}/{self.given} = {precision:.1%}"
        )


def workspace_kb(workspace: Path, stack: ExitStack) -> ViewKb:
    """The KB view ``kgtest build-kb`` left in ``workspace`` (its cache, else its store)."""
    return ViewKb(WorkspaceKb(load_settings(workspace), stack).view())


def read_records(path: Path, cases_dir: Path) -> list[dict[str, Any]]:
    cases: dict[str, dict[str, dict[str, Any]]] = {}
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        record = json.loads(line)
        for key in ("id", "case", "reply", "stance", "outcome", "split", "kb"):
            if key not in record:
                raise SystemExit(f"{path}:{number}: no {key!r}")
        if isinstance(record["case"], str):
            kb = record["kb"]
            if kb not in cases:
                file = cases_dir / f"cases-{kb}.jsonl"
                cases[kb] = {json.loads(c)["id"]: json.loads(c) for c in file.read_text().splitlines() if c}
            if record["case"] not in cases[kb]:
                raise SystemExit(
                    f"{path}:{number}: case {record['case']!r} is not in {cases_dir}/cases-{kb}.jsonl"
                )
            record["case"] = cases[kb][record["case"]]
        out.append(record)
    return out


def judge_all(records: list[dict[str, Any]], judges: dict[str, Judge]) -> list[Verdict]:
    verdicts: dict[int, Verdict] = {}
    for kb, judge in judges.items():
        mine = [i for i, r in enumerate(records) if r["kb"] == kb]
        pairs = [(TestCase.from_json(json.dumps(records[i]["case"])), records[i]["reply"]) for i in mine]
        verdicts.update(zip(mine, judge.judge_many(pairs), strict=True))
    missing = {r["kb"] for i, r in enumerate(records) if i not in verdicts}
    if missing:
        raise SystemExit(f"no --kb given for {sorted(missing)}")
    return [verdicts[i] for i in range(len(records))]


def tallies(pairs: Iterable[tuple[dict[str, Any], Verdict]], key: str) -> dict[str, Tally]:
    out: dict[str, Tally] = defaultdict(Tally)
    for record, verdict in pairs:
        out[str(record.get(key, "?"))].add(record, verdict)
    return dict(sorted(out.items()))


def missed(record: dict[str, Any], verdict: Verdict) -> bool:
    if record["outcome"] in CLASSES:
        return verdict.outcome.value != record["outcome"]
    return verdict.answer.stance.value in FIRM and record["stance"] not in FIRM


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("blind", type=Path)
    parser.add_argument("--kb", action="append", default=[], help="NAME=WORKSPACE, once per KB")
    parser.add_argument(
        "--cases", type=Path, default=None, help="folder of cases-<kb>.jsonl (default: beside BLIND)"
    )
    parser.add_argument("--totals", action="store_true", help="each split's totals only")
    parser.add_argument("--split", default="tune", help="the split to show and list misses of (never held)")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument(
        "--released",
        action="store_true",
        help="the held part was released for tuning by the lead (bench/styled_blind9 from the tenth session)",
    )
    parser.add_argument(
        "--no-leanings",
        dest="leanings",
        action="store_false",
        help="read a hedge around one answer as ambiguous (JudgeSettings.leanings off; the default, as "
        "the sets' DEFINITIONS.md, reads it as that answer)",
    )
    args = parser.parse_args()
    if not args.totals and args.split == "held" and not args.released:
        raise SystemExit("held replies are not to be looked into: their totals only (unless --released)")
    torch.set_num_threads(1)
    records = read_records(args.blind, args.cases or args.blind.parent)
    with ExitStack() as stack:
        judges = {}
        for spec in args.kb:
            name, _, where = spec.partition("=")
            judges[name] = Judge(JudgeSettings(leanings=args.leanings), kb=workspace_kb(Path(where), stack))
        verdicts = judge_all(records, judges)
    pairs = list(zip(records, verdicts, strict=True))
    if args.totals:  # every split's totals, and all of them together
        for name, tally in tallies(pairs, "split").items():
            print(tally.line(f"split {name}"))
        overall = Tally()
        for record, verdict in pairs:
            overall.add(record, verdict)
        print(overall.line("all"))
        return
    chosen = [(r, v) for r, v in pairs if r["split"] == args.split]  # nothing of the other splits shows
    print(tallies(chosen, "split")[args.split].line(f"split {args.split}"))
    for key in ("style", "kb"):
        print(f"\n{args.split}, by {key}:")
        for name, tally in tallies(chosen, key).items():
            print(tally.line(f"  {name}"))
    print(
        f"\n{args.split} outcomes:",
        dict(sum((t.outcomes for t in tallies(chosen, "split").values()), Counter())),
    )
    if args.misses:
        for record, verdict in chosen:
            if missed(record, verdict):
                print(
                    f"\n### {record['id']} [{record.get('style', '?')}/{record['kb']}] "
                    f"label {record['stance']}/{record['outcome']} ({record.get('why', '')})"
                )
                print(f"Q: {record['case']['question']}  expected {record['case']['expected']}")
                print(f"R: {record['reply']}")
                print(f"-> {verdict.answer.stance.value}/{verdict.outcome.value}")
                for reason in verdict.reasons:
                    print(f"   - {reason}")


if __name__ == "__main__":
    sys.exit(main())
