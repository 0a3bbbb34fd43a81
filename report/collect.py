"""Which verdicts a report covers: every judged run, each case counted once per system.

Runs are taken in the order they were started, so a case one system answered in several
runs counts once, as the latest run answered it. A system is known by its name in
kgtest.toml (its spec when it has none), so a renamed or re-configured model is a new row.
The runs of one suite's shards (``run --shard K/N``) read as one run: their cases are
disjoint, so their rows simply add up, and their dialogue checks are drawn as one section.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kgtest.core.errors import OracleError
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.generator.case import TestCase
from kgtest.oracle.battery.audit import read_result
from kgtest.oracle.conversation_verdicts import conversation_records
from kgtest.oracle.dialogue_verdicts import DialogueJudgement, read_judgement
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
    dialogue: JudgedDialogues | None = None
    """Its dialogue cases and their checks (drawn by ``dialogue_sections``)."""
    battery: JudgedBattery | None = None
    """Its conversations and their audit (report/battery.py)."""
    whole: str = ""
    """What the runs of one suite's shards share (system, settings, suite); the run id for a whole run."""


@dataclass(frozen=True, slots=True)
class JudgedDialogues:
    name: str
    judgement: DialogueJudgement
    cases: tuple[TestCase, ...]
    reverted: dict[str, int]


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
        run_header(manifest),
        rows,
        _dialogue(run, manifest, pairs),
        _battery(run, manifest, pairs),
        _whole(manifest),
    )


def _whole(manifest: dict[str, Any]) -> str:
    """The run id, or for a shard's run what every shard of its suite has in common."""
    shard = str(manifest.get("shard") or "")
    if not shard:
        return str(manifest["run_id"])
    info = {k: v for k, v in (manifest.get("suite_info") or {}).items() if k not in ("cases", "shard")}
    same = [manifest.get(k) for k in ("name", "system", "system_prompt", "sampling")]
    return json.dumps([shard.split("/")[1], info, *same], sort_keys=True, default=str)


def dialogue_sections(runs: Sequence[JudgedRun]) -> list[dict[str, Any]]:
    """One MORTAR section per run with dialogue cases; the shards of one suite's run as one."""
    groups: dict[str, list[tuple[str, JudgedDialogues]]] = {}
    for run in runs:
        if run.dialogue is not None:
            groups.setdefault(run.whole, []).append((run.header.run_id, run.dialogue))
    sections = []
    for parts in groups.values():
        first = parts[0][1]
        judgement = DialogueJudgement(
            first.judgement.epsilons,
            tuple(c for _, d in parts for c in d.judgement.checks),
            tuple(u for _, d in parts for u in d.judgement.unjudged),
            sum(d.judgement.rounds for _, d in parts),
            sum(d.judgement.undecided for _, d in parts),
        )
        cases = [c for _, d in parts for c in d.cases]
        reverted = Counter[str]()
        for _, d in parts:
            reverted.update(d.reverted)
        run_id = "+".join(run_id for run_id, _ in parts)
        sections.append(dialogue_section(first.name, run_id, judgement, cases, dict(reverted)))
    return sections


def _dialogue(
    run: RunFiles, manifest: dict[str, Any], pairs: list[tuple[TestCase, Transcript]]
) -> JudgedDialogues | None:
    dialogues = [c for c, _ in pairs if c.shape == "dialogue"]
    if not dialogues:
        return None
    name = str(manifest.get("name") or manifest.get("system", ""))
    reverted = {str(k): int(v) for k, v in dict((manifest.get("plan") or {}).get("reverted") or {}).items()}
    return JudgedDialogues(name, read_judgement(run.folder / "dialogue.json"), tuple(dialogues), reverted)


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
