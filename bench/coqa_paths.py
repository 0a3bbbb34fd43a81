"""The offline CoQA reader's evidence paths against the blind labels: pooled, and left one sample out.

    python bench/coqa_paths.py [--coqa FILE] [--write] [--paths] [--target K | --threshold T | --curve T,...]

Every released sample (bench/coqa_labels.json, the first blind sample's tune parts, bench/coqa_blind2
to coqa_blind12; never the first's held-out parts, which are only measured, nor the thirteenth) is read
once with every reference firm; each decided turn counts, for the path and bucket of every
requirement it rests on (generator/dialogue/evidence.py), whether it agreed with its first
reviewer. From those counts a table gives each path its weak conditions. Printed, per part:

* ``pooled``: the table fitted on every released sample (training figures: what --write ships);
* ``loso``: each sample measured with the table fitted without it, its threshold chosen the same way
  on the other samples alone (nested), the estimate for a new sample;

and the blind parts pooled: all, uniform, enriched (the goal is set for each kind of part; kappa over
both together reads higher than over either). The threshold is the lowest at which the samples'
leave-one-out kappa reaches ``--target`` (it was their pooled kappa, a training figure that ran about
0.02 above the estimate; twelfth session). ``--curve`` prints the leave-one-out figures at fixed
thresholds, to compare two readers at equal coverage.

``--write`` writes the pooled table to generator/dialogue/evidence_paths.toml; ``--paths`` prints
it, with each bucket's agreement.
"""

from __future__ import annotations

import argparse
import pickle
import textwrap
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from measure_coqa_kappa import (
    BLIND,
    LATER,
    SHARED,
    Labelled,
    blind,
    compared,
    decisions,
    tuned_on,
)

from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.evidence import (
    FIRM,
    TABLE_FILE,
    THRESHOLD,
    Agreement,
    PathTable,
    as_shown,
    dump,
    weighed,
)
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.answerability import Decision, RoundGraph, requirements
from kgtest.report.stats import cohen_kappa

RELEASED = {flag: folder for flag, folder in LATER.items() if flag != "thirteenth"}
"""The samples the table is fitted on: every one but the held-out thirteenth."""
HELD = ("uniform/held_out", "enriched/held_out")
"""The first sample's held-out parts: never fitted on, so left out of "all blind" (the pooled column
measures them separately)."""
TOTALS = ("all blind", "uniform", "enriched")
GRID = tuple(round(0.7 + 0.02 * i, 2) for i in range(16))
"""Thresholds tried, lowest first (0.70 to 1.00; below 0.70 every leave-one-out kappa was under 0.82)."""
Seeds = dict[str, SeedDialogue]
Key = tuple[str, str]
"""(path, bucket)."""
Pair = tuple[bool | None, bool]
"""A decision (None: undecided) and its label (answerable?)."""
Row = tuple[Labelled, bool, bool, set[Key]]
"""A judged turn read firm: its dialogue, the decision, the label (answerable?), its evidence."""


def sample_of(item: Labelled) -> str:
    """The sample a labelled dialogue belongs to: ``first`` for the first blind sample's tune parts,
    ``held out`` for its held-out parts (never fitted on)."""
    if item.group == "tuned-on":
        return "tuned-on"
    part = item.group.split("/")[1]
    return {"tune": "first", "held_out": "held out"}.get(part, part)


def items() -> list[Labelled]:
    out = [*tuned_on(), *blind(BLIND)[0]]
    for folder in RELEASED.values():
        out += blind(folder)[0]
    return out


def read(chosen: Sequence[Labelled], coqa: Path, cache: Path | None) -> Seeds:
    if cache is not None and cache.exists():
        return pickle.loads(cache.read_bytes())
    wanted = {i.story for i in chosen}
    stories = [s for s in read_dialogue_file(coqa).stories if s.id in wanted]
    seeds = {s.id.removeprefix("coqa-"): s for s in CoqaReader().read(stories)[0]}
    if cache is not None:
        cache.write_bytes(pickle.dumps(seeds))
    return seeds


def reweigh(seeds: Seeds, table: PathTable | None) -> Seeds:
    """The seeds with every reference's weak conditions from ``table`` (None: every one firm)."""

    def graph(g: RoundGraph) -> RoundGraph:
        refs = tuple(replace(r, weak=()) if table is None else weighed(r, table) for r in g.refers)
        return replace(g, refers=refs)

    return {
        k: replace(s, rounds=tuple(replace(r, graph=graph(r.graph)) for r in s.rounds))
        for k, s in seeds.items()
    }


def evidence(item: Labelled, seeds: Seeds, ds: Sequence[Decision], i: int) -> set[Key]:
    """The (path, bucket) pairs turn ``i``'s decision rests on (every reference firm)."""
    rounds = [seeds[item.story].rounds[int(t.rstrip("*")) - 1] for t in item.turns]
    graphs = as_shown(rounds, PathTable(threshold=FIRM))
    d, pos = ds[i], i + 1
    reqs = requirements(graphs[i])
    support, missing = list(d.support), list(d.missing)
    out: set[Key] = set()
    for k, r in enumerate(reqs):
        if support and support[0].requirement == r:
            at = support.pop(0).position
        else:
            assert missing and missing[0] == r
            missing.pop(0)
            at = -1
        if d.answerable is False and at >= 0:
            continue  # a firm gap decided it, not this
        if r.kind == "need":
            path = "unknown answer" if r.statement and r.statement.relation == "answers" else "need"
            out.add((path, "missing" if at < 0 else "met"))
            continue
        ref = graphs[i].refers[k - len(graphs[i].needs)]
        out |= {(ref.path, b) for b in _buckets(ref.path, r.rivals, pos, at, graphs, ds)}
    return out or {("none", "-")}


def _buckets(
    path: str, rivals: Sequence[str], pos: int, at: int, graphs: Sequence[RoundGraph], ds: Sequence[Decision]
) -> Iterable[str]:
    if "two readings" in path:
        yield "ambiguous"
    if at < 0:
        yield "missing"
        return
    if at == 0:
        yield "story"
        return
    yield "far" if pos - at == 3 else "distant" if pos - at >= 4 else "near"
    shown = any(
        x in graphs[j - 1].names or (ds[j - 1].answerable is not False and x in graphs[j - 1].introduces)
        for j in range(at, pos)
        for x in rivals
    )
    if shown:
        yield "rival"


def turns(chosen: Sequence[Labelled], seeds: Seeds) -> list[Row]:
    """Every judged turn read firm: its dialogue, the decision, the label, its evidence."""
    firm = reweigh(seeds, None)
    all_decisions = decisions(chosen, firm, PathTable(threshold=FIRM))
    by_item = {id(item): ds for item, ds in zip(chosen, all_decisions, strict=True)}
    out = []
    for item, i, d, label in compared(chosen, firm, all_decisions):
        assert d.answerable is not None
        out.append((item, d.answerable, label.startswith("A"), evidence(item, firm, by_item[id(item)], i)))
    return out


def fit(rows: Iterable[Row], threshold: float = THRESHOLD) -> PathTable:
    agree: dict[Key, int] = defaultdict(int)
    seen: dict[Key, int] = defaultdict(int)
    for _, tool, hand, keys in rows:
        for key in keys:
            seen[key] += 1
            agree[key] += tool == hand
    counts: dict[str, dict[str, Agreement]] = defaultdict(dict)
    for (path, bucket), n in seen.items():
        counts[path][bucket] = Agreement(agree[(path, bucket)], n)
    return PathTable(dict(counts), threshold)


def calibrate(rows: Sequence[Row], seeds: Seeds, target: float) -> PathTable:
    """The table fitted on ``rows`` with the lowest threshold (most turns decided) at which their
    blind samples, each measured with the table fitted on the others at that threshold, agree with
    their labels at kappa ``target`` or more (where none does, the one at which they agree most):
    the threshold is chosen by the estimate for a new sample, not by the table's agreement with the
    turns it was fitted on, which ran about 0.02 above it."""
    best = (-1.0, GRID[-1])
    for t in GRID:
        pairs = [(a, b) for a, b in _totals(loso(rows, seeds, t))["all blind"] if a is not None]
        kappa = cohen_kappa([a for a, _ in pairs], [b for _, b in pairs]) if pairs else 0.0
        if kappa >= target:
            return fit(rows, t)
        best = max(best, (kappa, t))
    return fit(rows, best[1])


def loso(
    rows: Sequence[Row], seeds: Seeds, threshold: float | None, target: float = 0.0
) -> dict[str, list[Pair]]:
    """Each part's pairs, every sample measured with the table fitted without it: at ``threshold``,
    or (None) at the threshold ``calibrate`` picks on the other samples for ``target``."""
    out: dict[str, list[Pair]] = {}
    for s in dict.fromkeys(sample_of(r[0]) for r in rows):
        rest = [r for r in rows if sample_of(r[0]) != s]
        table = fit(rest, threshold) if threshold is not None else calibrate(rest, seeds, target)
        if threshold is None:
            print(f"without {s}: threshold {table.threshold}")
        left = list({id(r[0]): r[0] for r in rows if sample_of(r[0]) == s}.values())
        out |= measure(left, seeds, table)
    return out


def measure(chosen: Sequence[Labelled], seeds: Seeds, table: PathTable) -> dict[str, list[Pair]]:
    """Each part's (decision, label) pairs under ``table``."""
    weighted = reweigh(seeds, table)
    out: dict[str, list[Pair]] = defaultdict(list)
    for item, _, d, label in compared(chosen, weighted, decisions(chosen, weighted, table)):
        out[item.group].append((d.answerable, label.startswith("A")))
    return out


def _totals(parts: dict[str, list[Pair]]) -> dict[str, list[Pair]]:
    """``parts`` with ``TOTALS``: the blind parts (the first's held-out ones left out) pooled, all of
    them and by kind of part (the goal is set for each kind: uniform and enriched turns differ in how
    many are unanswerable, and kappa over both pooled reads higher than over either)."""
    blind = {g: pairs for g, pairs in parts.items() if g not in ("tuned-on", *HELD)}
    totals = {
        "all blind": [p for pairs in blind.values() for p in pairs],
        "uniform": [p for g, pairs in blind.items() if g.startswith("uniform") for p in pairs],
        "enriched": [p for g, pairs in blind.items() if g.startswith("enriched") for p in pairs],
    }
    return parts | totals


def _line(pairs: Sequence[Pair]) -> str:
    if not pairs:
        return "-"
    decided = [(t, h) for t, h in pairs if t is not None]
    kappa = cohen_kappa([t for t, _ in decided], [h for _, h in decided]) if decided else 0.0
    wrong = sum(t != h for t, h in decided)
    return f"{kappa:.3f}, {len(decided) / len(pairs):.3f} ({wrong}/{len(decided)})"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--coqa", type=Path, default=SHARED)
    parser.add_argument("--cache", type=Path, help="a pickle of the reader's seeds (read once)")
    parser.add_argument("--write", action="store_true", help="write the pooled table")
    parser.add_argument("--paths", action="store_true", help="print the pooled table")
    parser.add_argument(
        "--target", type=float, default=0.85, help="the leave-one-out kappa the threshold must reach"
    )
    parser.add_argument(
        "--threshold", type=float, help="every table's threshold, not fitted (to compare paths at one point)"
    )
    parser.add_argument(
        "--curve", help="thresholds (0.8,0.82,...): leave-one-out figures at each, nothing else"
    )
    args = parser.parse_args()
    chosen = items()
    seeds = read(chosen, args.coqa, args.cache)
    rows = turns(chosen, seeds)
    fitted = [r for r in rows if sample_of(r[0]) != "held out"]
    if args.curve:
        for t in (float(x) for x in args.curve.split(",")):
            found = _totals(loso(fitted, seeds, t))
            print(f"threshold {t}: " + " | ".join(f"{g} {_line(found[g])}" for g in TOTALS))
        return
    pooled = fit(fitted, args.threshold) if args.threshold else calibrate(fitted, seeds, args.target)
    print(f"pooled threshold {pooled.threshold}")
    samples = list(dict.fromkeys(sample_of(r[0]) for r in fitted))
    columns = {
        "pooled": _totals(measure(chosen, seeds, pooled)),
        "loso": _totals(loso(fitted, seeds, args.threshold, args.target)),
    }
    print(f"{'part':<20} " + " | ".join(f"{c:<24}" for c in columns))
    for g in columns["pooled"]:
        print(f"{g:<20} " + " | ".join(f"{_line(columns[c].get(g, [])):<24}" for c in columns))
    if args.paths or args.write:
        text = dump(pooled, _provenance(samples, len(fitted), args.target))
        if args.paths:
            print(text)
        if args.write:
            TABLE_FILE.write_text(text, encoding="utf-8")


def _provenance(samples: Sequence[str], n: int, target: float) -> str:
    return textwrap.fill(
        "How often people agreed with the offline CoQA reader's decisions, by evidence path and "
        "bucket (generator/dialogue/evidence.py): [agreed, turns], every reference read firm, the "
        f"first reviewer's labels. Fitted by bench/coqa_paths.py --write on {n} judged turns of "
        f"the released samples: {', '.join(samples)} (first: the first blind sample's tune "
        "parts; its held-out parts and the thirteenth sample never fitted on). The threshold is the "
        "lowest at which their blind parts, each sample decided with the table fitted without it, "
        f"agree at kappa {target} or more; a bucket under it (smoothed, evidence.PRIOR) leaves a "
        "turn resting there undecided.",
        98,
        break_on_hyphens=False,
    )


if __name__ == "__main__":
    main()
