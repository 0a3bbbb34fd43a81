"""Which verdicts a report covers: every judged run, each case counted once per system.

Runs are taken in the order they were started, so a case one system answered in several
runs counts once, as the latest run answered it. A system is known by its name in
kgtest.toml (its spec when it has none), so a renamed or re-configured model is a new row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kgtest.core.errors import OracleError
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.generator.case import TestCase
from kgtest.oracle.battery.audit import read_result
from kgtest.oracle.conversation_verdicts import conversation_records
from kgtest.oracle.dialogue_verdicts import read_judgement
from kgtest.oracle.verdicts import battery_files, find_run, read_verdicts, run_cases
from kgtest.report.battery import JudgedBattery
from kgtest.report.dialogue import dialogue_section
from kgtest.report.evidence import case_evidence
from kgtest.report.header import RunHeader, run_header
from kgtest.report.rates import JudgedCase
from kgtest.runner.manifest import read_manifest
from kgtest.runner.transcript import Transcript


@dataclass(frozen=True, slots=True)
class JudgedRun:
    header: RunHeader
    rows: list[JudgedCase]
    """The fact and temporal cases."""
    dialogue: dict[str, Any] | None = None
    """The MORTAR tables and conflicts of its dialogue cases (report/dialogue.py)."""
    battery: JudgedBattery | None = None
    """Its conversations and their audit (report/battery.py)."""


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
        if case.shape != "single":  # dialogues and conversations have sections of their own
            continue
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
    return JudgedRun(
        run_header(manifest), rows, _dialogue(run, manifest, pairs), _battery(run, manifest, pairs)
    )


def _dialogue(
    run: RunFiles, manifest: dict[str, Any], pairs: list[tuple[TestCase, Transcript]]
) -> dict[str, Any] | None:
    dialogues = [c for c, _ in pairs if c.shape == "dialogue"]
    if not dialogues:
        return None
    name = str(manifest.get("name") or manifest.get("system", ""))
    reverted = {str(k): int(v) for k, v in dict((manifest.get("plan") or {}).get("reverted") or {}).items()}
    judgement = read_judgement(run.folder / "dialogue.json")
    return dialogue_section(name, run.run_id, judgement, dialogues, reverted)


def _battery(
    run: RunFiles, manifest: dict[str, Any], pairs: list[tuple[TestCase, Transcript]]
) -> JudgedBattery | None:
    talks = [(c, t) for c, t in pairs if c.shape == "conversation"]
    if not talks:
        return None
    records = conversation_records(talks, manifest)
    return JudgedBattery(run.run_id, tuple(records), read_result(battery_files(run)))


def latest_rows(runs: Sequence[JudgedRun]) -> list[JudgedCase]:
    """One row per (system, case): the latest of ``runs`` (oldest first) that judged it."""
    latest = {(row.sut, row.case_id): row for run in runs for row in run.rows}
    return list(latest.values())
