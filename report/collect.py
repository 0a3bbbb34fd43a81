"""Which verdicts a report covers: every judged run, each case counted once per system.

Runs are taken in the order they were started, so a case one system answered in several
runs counts once, as the latest run answered it. A system is known by its name in
kgtest.toml (its spec when it has none), so a renamed or re-configured model is a new row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.core.errors import OracleError
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.oracle.verdicts import find_run, read_verdicts, run_cases
from kgtest.report.evidence import case_evidence
from kgtest.report.header import RunHeader, run_header
from kgtest.report.rates import JudgedCase
from kgtest.runner.manifest import read_manifest


@dataclass(frozen=True, slots=True)
class JudgedRun:
    header: RunHeader
    rows: list[JudgedCase]


def judged_runs(workspace: Workspace, refs: Sequence[str] = ()) -> list[RunFiles]:
    """The runs named by ``refs`` (ids or prefixes), or every judged run; oldest first."""
    if refs:
        runs = [find_run(workspace, ref) for ref in refs]
    else:
        runs = [run for run in workspace.all_runs() if run.verdicts.exists()]
        if not runs:
            find_run(workspace, "latest")  # explains what to do when there are no runs at all
            raise OracleError("no judged runs yet; run `kgtest judge` first")
    return sorted(runs, key=lambda run: str(read_manifest(run).get("started", "")))


def read_judged(run: RunFiles) -> JudgedRun:
    """The run's facts and its verdicts as the report sees them."""
    manifest, pairs = run_cases(run)
    name = str(manifest.get("name") or manifest.get("system", ""))
    cases = {case.id: case for case, _ in pairs}
    rows = []
    for record in read_verdicts(run):
        case = cases.get(record.case_id)
        if case is None:
            raise OracleError(f"{run.verdicts}: case {record.case_id} is not in the run; judge it again")
        verdict = record.verdict
        rows.append(
            JudgedCase(
                sut=name,
                case_id=case.id,
                kind=case.kind,
                rule=case.rule,
                domain=case.domain,
                question=case.question,
                expected=case.expected.value,
                answer=verdict.answer.stance.value if verdict else "",
                outcome=record.outcome,
                hallucinated=record.hallucination,
                abstained=record.abstained,
                reply=record.reply,
                run_id=run.run_id,
                reasons=verdict.reasons if verdict else (),
                evidence=case_evidence(case, verdict),
            )
        )
    return JudgedRun(run_header(manifest), rows)


def latest_rows(runs: Sequence[JudgedRun]) -> list[JudgedCase]:
    """One row per (system, case): the latest of ``runs`` (oldest first) that judged it."""
    latest = {(row.sut, row.case_id): row for run in runs for row in run.rows}
    return list(latest.values())
