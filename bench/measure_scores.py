"""Rates and scores of planted systems on a suite of every kind: does the headline rank them as people would?

    python bench/measure_scores.py [--workspace DIR] [--smollm2]

Builds the bundled KB, generates issue 35's suite (`gen --count 24 --mtl-depth 2 --temporal-count 12
--dialogues 2 --conversations 2 --seed 5`), asks a system that knows every answer (tests/api/knower.py),
the six know-nothing baselines (runner/baseline.py) and, with --smollm2, the packaged SmolLM2, judges
every run and prints per kind the raw rate (`kinds.<kind>.rate`, what `judge --json` gave before scores)
beside the score and chance. docs/scores.md quotes the table.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the tests' knower

import kgtest  # noqa: E402
from tests.api.knower import Knower  # noqa: E402

KINDS = ("fact", "temporal", "dialogue", "conversation")
BASELINES = (
    "baseline:yes",
    "baseline:no",
    "baseline:idk",
    "baseline:constant",
    "baseline:echo",
    "baseline:random",
)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workspace", type=Path)
    parser.add_argument("--smollm2", action="store_true", help="also the packaged SmolLM2 (minutes on a CPU)")
    args = parser.parse_args()
    ws = args.workspace or Path(tempfile.mkdtemp(prefix="kgtest-scores-")) / "ws"
    kgtest.build_kb(["example"], workspace=ws)
    request = kgtest.GenRequest(
        questions=kgtest.SuiteRequest(count=24, mtl_depth=2, temporal_count=12, seed=5),
        dialogues=kgtest.DialogueRequest(count=2, seed=5),
        conversations=kgtest.ConversationRequest(count=2),
    )
    suite = kgtest.generate(request, workspace=ws, graph=False)
    systems: list[kgtest.SystemLike] = [
        Knower(str(suite.path)),
        *BASELINES,
        *(["smollm2"] if args.smollm2 else []),
    ]
    done = kgtest.run([suite.path], systems, workspace=ws)
    print(f"suite: {suite.kinds}; workspace {ws}")
    print(f"{'system':<20} " + " ".join(f"{k + ' rate / score':>26}" for k in KINDS))
    for asked in done:
        judged = kgtest.judge(asked.summary.run_id, workspace=ws, graph=False)
        gates = {k.kind: k for k in judged.gate.kinds}
        cells = []
        for kind in KINDS:
            g = gates.get(kind)
            scored = g.scored if g is not None else None
            score = "n/a" if scored is None or scored.score is None else f"{scored.score:.2f}"
            chance = "n/a" if scored is None or scored.chance is None else f"{scored.chance:.2f}"
            cells.append(f"{g.rate:>7.3f} / {score:>4} (ch {chance})" if g is not None else f"{'-':>26}")
        print(f"{asked.system.settings.name:<20} " + " ".join(f"{c:>26}" for c in cells))


if __name__ == "__main__":
    main()
