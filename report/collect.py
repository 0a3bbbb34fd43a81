"""Which verdicts a report covers: every judged run, each case counted once per system.

Runs are taken in the order they were started, so a case one system answered in several
runs counts once, as the latest run answered it.
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.core.errors import OracleError
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.oracle.verdicts import find_run, read_verdicts, run_cases
from kgtest.report.rates import JudgedCase
from kgtest.runner.run import read_manifest


def judged_runs(workspace: Workspace, refs: Sequence[str] = ()) -> list[RunFiles]:
    """The runs named by ``refs`` (ids or prefixes), or every judged run; oldest first."""
    if refs:
        runs = [find_run(workspace, ref) for ref in refs]
    else:
        runs = [run for run in workspace.all_runs() if run.verdicts.exists()]
        if not runs:
            find_run(workspace, "latest")  # explains what to do when there are no runs at all
            raise OracleError("no judged runs yet; run `kgtest judge` first")
    return sorted(runs, key=lambda run: str(read_manifest(run)["started"]))


def latest_rows(runs: Sequence[RunFiles]) -> list[JudgedCase]:
    """One row per (system, case): the latest of ``runs`` (oldest first) that judged it."""
    latest = {(row.sut, row.case_id): row for run in runs for row in report_rows(run)}
    return list(latest.values())


def report_rows(run: RunFiles) -> list[JudgedCase]:
    """The run's verdicts as the report sees them."""
    _, pairs = run_cases(run)
    cases = {case.id: case for case, _ in pairs}
    rows = []
    for record in read_verdicts(run):
        case = cases[record.case_id]
        rows.append(
            JudgedCase(
                sut=record.system,
                case_id=case.id,
                kind=case.kind,
                rule=case.rule,
                domain=case.domain,
                question=case.question,
                expected=case.expected.value,
                answer=record.verdict.answer.stance.value if record.verdict else "",
                outcome=record.outcome,
                hallucinated=record.hallucination,
                abstained=record.abstained,
                reply=record.reply,
            )
        )
    return rows
