"""What scoring beside the know-nothing baselines adds to `kgtest judge`: the same run judged, then scored.

    python bench/bench_scores.py [--workspace DIR] [--count N] [--rounds R]

Builds the bundled KB, generates a suite of every kind (N fact and N/2 temporal cases, 2 KB
dialogues, 2 conversations), asks the system that knows every answer (tests/api/knower.py), then
times, in one process with every model loaded, judging the run (oracle/verdicts.py's judge_run)
and scoring it (oracle/chance.py's score_run: six baselines judged on the run's own exchanges),
alternating, medians of R rounds. Prints the ratio (judge + score) / judge: what a judge now costs
against one without scores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # the tests' knower

import kgtest  # noqa: E402
from kgtest.api.judging import _kit  # noqa: E402
from kgtest.api.workspace import settings_of  # noqa: E402
from kgtest.api.workspace_kb import WorkspaceKb  # noqa: E402
from kgtest.core.pool import Spread  # noqa: E402
from kgtest.oracle.chance import score_run  # noqa: E402
from kgtest.oracle.judge import JudgeSettings  # noqa: E402
from kgtest.oracle.run_verdicts import read_run_verdicts  # noqa: E402
from kgtest.oracle.verdicts import judge_run  # noqa: E402
from kgtest.runner.runs import find_run  # noqa: E402
from tests.api.knower import Knower  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workspace", type=Path)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ws = args.workspace or Path(tempfile.mkdtemp(prefix="kgtest-bench-scores-")) / "ws"
    kgtest.build_kb(["example"], workspace=ws)
    request = kgtest.GenRequest(
        questions=kgtest.SuiteRequest(count=args.count, mtl_depth=2, temporal_count=args.count // 2, seed=5),
        dialogues=kgtest.DialogueRequest(count=2, seed=5),
        conversations=kgtest.ConversationRequest(count=2, turns=10),
    )
    suite = kgtest.generate(request, workspace=ws, graph=False)
    (done,) = kgtest.run([suite.path], [Knower(str(suite.path))], workspace=ws)
    settings = settings_of(ws)
    run = find_run(settings.paths, done.summary.run_id)
    judges = kgtest.KINDS.judges()
    from contextlib import ExitStack

    with ExitStack() as stack:
        kit = _kit(settings, WorkspaceKb(settings, stack), JudgeSettings(), Spread(workers=1))
        judge_run(run, judges, kit)  # the models load before the clock starts
        score_run(read_run_verdicts(run, judges), judges, kit)
        judging, scoring = [], []
        for _ in range(args.rounds):
            started = time.perf_counter()
            judge_run(run, judges, kit)
            judging.append(time.perf_counter() - started)
            verdicts = read_run_verdicts(run, judges)
            started = time.perf_counter()
            score_run(verdicts, judges, kit)
            scoring.append(time.perf_counter() - started)
    judge, score = statistics.median(judging), statistics.median(scoring)
    print(f"suite {suite.kinds}: judging {judge:.2f} s, scoring {score:.2f} s (medians of {args.rounds})")
    print(f"judge with scores / judge alone: {(judge + score) / judge:.2f}x")


if __name__ == "__main__":
    main()
