"""What each kind adds to the report: one ``Section`` per kind (the kind registry's, api/kinds.py).

A section collects its part of each judged run (oracle/run_verdicts.py's ``RunVerdicts``, the
one record a judged run is read as), then fills its part of the report from every run's part:
single questions become the case list and its rates, dialogues MORTAR's sections, conversations
the battery section. Kinds that share a section (fact and temporal) are collected together.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from kgtest.core.display import Line, Shown, table
from kgtest.core.settings import Settings
from kgtest.oracle.battery.audit import BatteryResult
from kgtest.oracle.conversation_verdicts import conversation_records
from kgtest.oracle.dialogue_verdicts import DialogueJudgement
from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.report.battery import BatteryReport, JudgedBattery, build_battery_report, tally
from kgtest.report.dialogue import dialogue_section, method_of
from kgtest.report.dialogue import rows as relation_rows
from kgtest.report.evidence import case_evidence
from kgtest.report.rates import JudgedCase


@dataclass(frozen=True, slots=True)
class ReportParts:
    """The report's parts that sections fill, before rates and comparisons are drawn from them."""

    rows: tuple[JudgedCase, ...] = ()
    """Single questions: one row per (system, case), the latest run that judged it."""
    dialogues: tuple[dict[str, Any], ...] = ()
    """One MORTAR section per run with dialogue cases (the shards of one run as one)."""
    battery: BatteryReport | None = None
    """Every run's conversations, systems side by side."""


class Section(Protocol):
    """What a kind adds to the report."""

    def collect(self, run: RunVerdicts, kinds: tuple[str, ...]) -> object | None:
        """This run's part for the section's ``kinds``; None when the run has none of them."""
        ...

    def fill(self, parts: ReportParts, collected: Sequence[object], settings: Settings) -> ReportParts:
        """The report's parts with this section's, from every run's part (oldest run first)."""
        ...

    def judged(self, run: RunVerdicts, kinds: tuple[str, ...]) -> list[Shown]:
        """What ``kgtest judge`` says of the run's cases of ``kinds``, beyond the outcome counts."""
        ...


class CaseList:
    """Single questions: every case explained, rates per system, domain and rule."""

    def collect(self, run: RunVerdicts, kinds: tuple[str, ...]) -> list[JudgedCase]:
        return case_rows(run, kinds)

    def fill(self, parts: ReportParts, collected: Sequence[object], settings: Settings) -> ReportParts:
        # a case one system answered in several runs counts once, as the latest run answered it
        latest = {(row.sut, row.case_id): row for rows in collected for row in _rows(rows)}
        return replace(parts, rows=(*parts.rows, *latest.values()))

    def judged(self, run: RunVerdicts, kinds: tuple[str, ...]) -> list[Shown]:
        return []  # the outcome counts say it all


def case_rows(run: RunVerdicts, kinds: tuple[str, ...]) -> list[JudgedCase]:
    """The run's cases of ``kinds`` as the report's rows."""
    name = run.manifest.name
    rows = []
    for case, _, record in run.of_kinds(kinds):
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
    return rows


def _rows(part: object) -> list[JudgedCase]:
    assert isinstance(part, list)
    return part


@dataclass(frozen=True, slots=True)
class _DialoguePart:
    name: str
    run_id: str
    whole: str
    """What the runs of one suite's shards share; the run id for a whole run."""
    judgement: DialogueJudgement
    cases: tuple[Any, ...]
    reverted: dict[str, int]


class DialogueTables:
    """Dialogues: MORTAR's tables per run, each conflict drilled down (report/dialogue.py)."""

    def collect(self, run: RunVerdicts, kinds: tuple[str, ...]) -> _DialoguePart | None:
        judgement = next((d for k in kinds if (d := run.detail(k, DialogueJudgement)) is not None), None)
        cases = tuple(c for c, _, _ in run.of_kinds(kinds))
        if judgement is None or not cases:
            return None
        manifest = run.manifest
        return _DialoguePart(manifest.name, run.run_id, whole(run), judgement, cases, manifest.plan.reverted)

    def fill(self, parts: ReportParts, collected: Sequence[object], settings: Settings) -> ReportParts:
        groups: dict[str, list[_DialoguePart]] = {}
        for part in collected:
            assert isinstance(part, _DialoguePart)
            groups.setdefault(part.whole, []).append(part)
        sections = []
        for shards in groups.values():  # the shards of one suite's run as one section
            first = shards[0]
            judgement = DialogueJudgement(
                first.judgement.epsilons,
                tuple(c for p in shards for c in p.judgement.checks),
                tuple(u for p in shards for u in p.judgement.unjudged),
            )
            reverted = Counter[str]()
            for p in shards:
                reverted.update(p.reverted)
            run_id = "+".join(p.run_id for p in shards)
            cases = [c for p in shards for c in p.cases]
            sections.append(dialogue_section(first.name, run_id, judgement, cases, dict(reverted)))
        return replace(parts, dialogues=(*parts.dialogues, *sections))

    def judged(self, run: RunVerdicts, kinds: tuple[str, ...]) -> list[Shown]:
        """The dialogue cases' relations in a line each, and how many rounds were left out."""
        judgement = next((d for k in kinds if (d := run.detail(k, DialogueJudgement)) is not None), None)
        if judgement is None:
            return []
        names = ("method", "relation", "tested", "conflicts", "bug rate", "mean MSS")
        rows = [
            (r.group, r.relation, str(r.tested), str(r.conflicts), f"{r.bug_rate:.3f}", f"{r.mean_mss:.3f}")
            for r in relation_rows(judgement.checks, lambda c: (method_of(c),))
        ]
        shown: list[Shown] = [table("dialogue checks", names, rows)]
        if judgement.unjudged:
            shown.append(
                Line(f"{len(judgement.unjudged)} dialogue rounds not judged (`kgtest inspect CASE` says why)")
            )
        return shown


class BatteryTables:
    """Conversations: the battery's tests, SWAN, histograms and every turn (report/battery.py)."""

    def collect(self, run: RunVerdicts, kinds: tuple[str, ...]) -> JudgedBattery | None:
        result = next((d for k in kinds if (d := run.detail(k, BatteryResult)) is not None), None)
        talks = [(c, t) for c, t, _ in run.of_kinds(kinds)]
        if result is None or not talks:
            return None
        return JudgedBattery(run.run_id, tuple(conversation_records(talks, run.manifest)), result)

    def fill(self, parts: ReportParts, collected: Sequence[object], settings: Settings) -> ReportParts:
        judged = [part for part in collected if isinstance(part, JudgedBattery)]
        return replace(parts, battery=build_battery_report(judged, settings.battery)) if judged else parts

    def judged(self, run: RunVerdicts, kinds: tuple[str, ...]) -> list[Shown]:
        """The conversations' tests per system, and SWAN with what it is made of."""
        result = next((d for k in kinds if (d := run.detail(k, BatteryResult)) is not None), None)
        if result is None:
            return []
        rows = [
            (sut, code, str(passed), str(judged), str(skipped))
            for (sut, code), (passed, judged, skipped) in tally(
                result.verdicts + result.partner_verdicts
            ).items()
        ]
        shown: list[Shown] = [
            table("conversation tests", ("system", "test", "passed", "judged", "not judged"), rows)
        ]
        for s in result.systems + result.partners:
            value = "n/a" if s.value is None else f"{s.value:.3f}"
            wans = ", ".join(f"{w.criterion} {w.value:.2f}" for w in s.wans if w.value is not None)
            shown.append(Line(f"SWAN {value} for {s.sut}: {wans}"))
            if s.replies and s.criteria is not None:
                new = s.replies - s.nothing_new
                shown.append(
                    Line(f"  = criteria {s.criteria:.3f} x {new}/{s.replies} replies that say something new")
                )
            shown += [Line(f"  left out of SWAN: {why}") for why in s.left_out]
        return shown


def whole(run: RunVerdicts) -> str:
    """The run id, or for a shard's run what every shard of its suite has in common."""
    manifest = run.manifest
    if not manifest.shard:
        return manifest.run_id
    info = {k: v for k, v in (manifest.suite_info or {}).items() if k not in ("cases", "shard")}
    same = [manifest.name, manifest.system, manifest.system_prompt, manifest.sampling]
    return json.dumps([manifest.shard.split("/")[1], info, *same], sort_keys=True, default=str)
