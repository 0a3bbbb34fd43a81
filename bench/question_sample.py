"""A blind sample of questions for readers to rate, and the scorer of their ratings (issue 37).

    python bench/question_sample.py sample --suite w12k=WS/suites/suite.jsonl --suite ex=OTHER.jsonl \\
        --per-kind 20 --seed 1 --out sample.tsv --key key.json
    python bench/question_sample.py score sample.tsv --key key.json

``sample`` draws the same questions for the same suites and seed: ``--per-kind`` of each kind from
each suite (fact positive, fact negation, temporal of depth 0-1, temporal of depth 2), shuffled
together under opaque ids. The blind file holds only the ids, the questions and empty columns to
fill; its header defines the ratings, so a reader needs nothing else (and must not see the key,
the answers or which KB or kind a question came from). The key file maps each id back.

``score`` reads a rated file (the blind file with its columns filled, lines in any order) and
prints, per kind and per KB and in all, the share rated clear, stiff and confusing, the share
with one reading, and where the reader answered, how often that answer agrees with the expected
one. Targets of record (issue 37): clear >= 80%, depth-2 temporal clear >= 70%, confusing <= 2%,
one reading >= 97%.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

KINDS = ("fact positive", "fact negation", "temporal depth<=1", "temporal depth 2")
CLARITY = ("clear", "stiff", "confusing")
HEADER = """\
# Rate each question below. You see only the questions; do not look anything up.
#
# Fill the three empty columns of each line (tab-separated), leaving the id and the question as they are:
#
#   clarity      clear      reads as a question a fluent person would write; understood at the first reading
#                stiff      understood, and it means one thing, but it is unnatural, wordy or formulaic
#                confusing  hard to follow, or hard to tell what is asked, even after rereading
#   one_reading  yes        there is one thing it can mean: a Yes or a No would settle it, whoever answers
#                no         two or more readings are plausible (which thing a name means, the scope of "not"
#                           or "or", whether a stretch of years includes its ends, ...)
#   answer       Yes / No / ?   optional: your answer from what you know; ? when you do not know
#
# Example of a filled line:
#   q3f9a2c1    clear    yes    No    Was Charles Dickens born in London?
#
# id\tclarity\tone_reading\tanswer\tquestion
"""


def kind_of(case: dict[str, Any]) -> str | None:
    """The sample kind of a suite case (None: a kind the sample does not rate)."""
    if case["kind"] == "fact":
        return "fact negation" if case["rule"] == "negation" else "fact positive"
    if case["kind"] == "temporal":
        return (
            "temporal depth 2"
            if case["meta"]["depth"] == 2
            else ("temporal depth<=1" if case["meta"]["depth"] <= 1 else None)
        )
    return None


def read_suite(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def draw(suites: dict[str, list[dict[str, Any]]], per_kind: int, seed: int) -> list[dict[str, Any]]:
    """``per_kind`` cases of each kind from each suite, shuffled together, with opaque ids."""
    rng = random.Random(f"question-sample:{seed}")
    picked: list[dict[str, Any]] = []
    for kb in sorted(suites):
        by_kind: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
        for case in suites[kb]:
            kind = kind_of(case)
            if kind is not None:
                by_kind[kind][case["id"]] = case  # once, if two suites of the KB hold it
        for kind in KINDS:
            pool = [by_kind[kind][i] for i in sorted(by_kind[kind])]
            for case in rng.sample(pool, min(per_kind, len(pool))):
                picked.append({"kb": kb, "kind": kind, "case": case["id"], "expected": case["expected"],
                               "question": case["question"]})  # fmt: skip
    rng.shuffle(picked)
    ids = set()
    for item in picked:
        while (qid := f"q{rng.getrandbits(32):08x}") in ids:
            pass
        ids.add(qid)
        item["id"] = qid
    return picked


def write_blind(path: Path, items: Sequence[dict[str, Any]]) -> None:
    lines = [f"{item['id']}\t\t\t\t{' '.join(item['question'].split())}" for item in items]
    path.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")


def read_ratings(path: Path) -> dict[str, dict[str, str]]:
    """id -> clarity, one_reading, answer, from a rated blind file; errors name the line."""
    ratings: dict[str, dict[str, str]] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < 5:
            raise SystemExit(
                f"{path}:{n}: expected id, clarity, one_reading, answer, question (tab-separated)"
            )
        qid, clarity, reading, answer = (f.strip().lower() for f in fields[:4])
        if not clarity and not reading:
            continue  # not rated yet
        if clarity not in CLARITY or reading not in ("yes", "no") or answer not in ("", "yes", "no", "?"):
            raise SystemExit(
                f"{path}:{n}: clarity={clarity!r} one_reading={reading!r} answer={answer!r}; "
                f"use clarity in {CLARITY}, one_reading yes/no, answer Yes/No/? or empty"
            )
        ratings[qid] = {"clarity": clarity, "one_reading": reading, "answer": answer}
    return ratings


def figures(rows: Iterable[tuple[dict[str, Any], dict[str, str]]]) -> dict[str, Any]:
    rows = list(rows)
    n = len(rows)
    if not n:
        return {"n": 0}
    share = {c: sum(r["clarity"] == c for _, r in rows) / n for c in CLARITY}
    answered = [(k, r) for k, r in rows if r["answer"] in ("yes", "no")]
    agree = sum(r["answer"] == k["expected"].lower() for k, r in answered)
    return {
        "n": n,
        **share,
        "one_reading": sum(r["one_reading"] == "yes" for _, r in rows) / n,
        "answered": len(answered),
        "agrees_with_expected": agree / len(answered) if answered else None,
    }


def score(rated: Path, key_path: Path) -> dict[str, Any]:
    key = {item["id"]: item for item in json.loads(key_path.read_text(encoding="utf-8"))}
    ratings = read_ratings(rated)
    unknown = sorted(set(ratings) - set(key))
    if unknown:
        raise SystemExit(f"{rated}: ids not in {key_path}: {unknown[:5]}")
    rows = [(key[qid], r) for qid, r in ratings.items()]
    report: dict[str, Any] = {"all": figures(rows), "rated": len(rows), "sampled": len(key)}
    for kind in KINDS:
        report[kind] = figures(row for row in rows if row[0]["kind"] == kind)
    for kb in sorted({k["kb"] for k, _ in rows}):
        report[f"kb {kb}"] = figures(row for row in rows if row[0]["kb"] == kb)
        for kind in KINDS:
            report[f"kb {kb} / {kind}"] = figures(
                row for row in rows if row[0]["kb"] == kb and row[0]["kind"] == kind
            )
    return report


def _print(report: dict[str, Any]) -> None:
    print(f"rated {report['rated']} of {report['sampled']} sampled questions")
    print(f"{'':<40} {'n':>4} {'clear':>6} {'stiff':>6} {'confus.':>7} {'1 read.':>7} {'agree':>6}")
    for name, f in report.items():
        if not isinstance(f, dict) or not f.get("n"):
            continue
        agree = "" if f["agrees_with_expected"] is None else f"{f['agrees_with_expected']:6.0%}"
        print(f"{name:<40} {f['n']:>4} {f['clear']:6.0%} {f['stiff']:6.0%} {f['confusing']:7.0%} "
              f"{f['one_reading']:7.0%} {agree:>6}")  # fmt: skip
    print("targets: clear >= 80%, temporal depth 2 clear >= 70%, confusing <= 2%, one reading >= 97%")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    take = sub.add_parser("sample", help="draw a blind sample and its key")
    take.add_argument("--suite", action="append", required=True, metavar="KB=SUITE.jsonl")
    take.add_argument("--per-kind", type=int, default=20)
    take.add_argument("--seed", type=int, default=1)
    take.add_argument("--out", type=Path, required=True)
    take.add_argument("--key", type=Path, required=True)
    rate = sub.add_parser("score", help="figures from a rated sample")
    rate.add_argument("rated", type=Path)
    rate.add_argument("--key", type=Path, required=True)
    rate.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "sample":
        suites: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for spec in args.suite:  # a KB may come in several suites (temporal depths 1 and 2, say)
            kb, sep, path = spec.partition("=")
            if not sep:
                raise SystemExit(f"--suite {spec!r}: give it as NAME=PATH")
            suites[kb].extend(read_suite(Path(path)))
        items = draw(suites, args.per_kind, args.seed)
        write_blind(args.out, items)
        args.key.write_text(json.dumps(items, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"{len(items)} questions in {args.out}; key in {args.key} (keep it from the readers)")
        return
    report = score(args.rated, args.key)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        _print(report)


if __name__ == "__main__":
    sys.exit(main())
