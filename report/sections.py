"""What each kind adds to the report: one ``Section`` per kind (the kind registry's, api/kinds.py).

A section collects its part of each judged run (oracle/run_verdicts.py's ``RunVerdicts``, the
one record a judged run is read as), then fills its part of the report from every run's part:
single questions become the case list and its rates (``CaseList``, here), dialogues MORTAR's
sections (report/dialogue_tables.py's ``DialogueTables``), conversations the battery section
(report/battery.py's ``BatteryTables``). Kinds that share a section (fact and temporal) are
collected together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from kgtest.core.display import Shown
from kgtest.core.settings import Settings
from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.report.evidence import case_evidence
from kgtest.report.rates import JudgedCase

if (
    TYPE_CHECKING
):  # each kind's section lives with the rest of its report (report/dialogue_tables.py, battery.py)
    from kgtest.report.battery import BatteryReport


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
    for case, transcript, record in run.of_kinds(kinds):
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
                prompt=transcript.exchanges[0].asked if transcript.exchanges else "",
            )
        )
    return rows


def _rows(part: object) -> list[JudgedCase]:
    assert isinstance(part, list)
    return part
