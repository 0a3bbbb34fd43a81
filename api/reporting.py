"""``make_report``: where the models fail, case by case, as HTML, JSON and xlsx (``kgtest report``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kgtest.api.kinds import KINDS
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.display import Line, Tell, silent
from kgtest.core.errors import OracleError
from kgtest.core.settings import Settings
from kgtest.oracle.run_verdicts import RunVerdicts, read_run_verdicts
from kgtest.report.collect import judged_runs
from kgtest.report.compare import diff
from kgtest.report.header import run_header
from kgtest.report.rates import Report, build_report
from kgtest.report.render import write_report
from kgtest.report.scores import score_rows
from kgtest.report.sections import ReportParts
from kgtest.report.usage import usage_rows
from kgtest.runner.manifest import COMPLETE, RunInfo, list_runs
from kgtest.runner.runs import find_run


def _tell_unjudged(every: Sequence[RunInfo], tell: Tell) -> None:
    """The report holds judged runs only: a run asked and never judged was left out in silence, so a
    newcomer who forgot `kgtest judge` read a report without their latest run."""
    left = [r for r in every if not r.judged]
    if not left:
        return
    shown = [r.run_id if r.status == COMPLETE else f"{r.run_id} ({r.status})" for r in left[-5:]]
    more = f" and {len(left) - 5} older" if len(left) > 5 else ""
    runs = f"{len(left)} run{'s' if len(left) > 1 else ''}"
    tell(Line(
        f"left out: {runs} not judged: {', '.join(shown)}{more}; `kgtest judge RUN` judges one "
        "(one that is not complete: the same `kgtest run` finishes it first)", note=True,
    ))  # fmt: skip


@dataclass(frozen=True, slots=True)
class ReportFiles:
    """The report drawn, and where its files are (``html``, ``json``, ``xlsx``)."""

    report: Report
    paths: dict[str, Path]


def make_report(
    runs: Sequence[str] = (),
    *,
    workspace: WorkspaceLike = None,
    baseline: str | None = None,
    out: Path | None = None,
    tell: Tell = silent,
) -> ReportFiles:
    """Report on judged ``runs`` (ids or prefixes; default: every judged run of the workspace).

    One page with a section per kind, systems side by side; each system counts once per case, as
    its latest judged run answered it. With ``baseline`` (a judged run), every system's cases are
    compared with that run's: fixed, newly failing, unchanged. A run that cannot be read is left
    out, and ``tell`` says why, unless it was named.
    """
    settings = settings_of(workspace)
    paths = settings.paths
    judges = KINDS.judges()
    old = read_run_verdicts(find_run(paths, baseline), judges) if baseline else None
    judged = []
    for run in judged_runs(paths, runs):
        try:
            judged.append(read_run_verdicts(run, judges))
        except OracleError as exc:
            if runs:  # named: the user wants this one, so say why it cannot be shown
                raise
            tell(Line(f"left out: run {run.run_id}: {exc}"))
    if not runs:
        _tell_unjudged(list_runs(paths), tell)
    for j in judged:
        if not j.scores and j.pairs:  # read_scores: no file is no scores, which the page drew in silence
            tell(Line(
                f"run {j.run_id} has no scores ({j.files.scores} is missing: its `kgtest judge` was "
                f"stopped before writing them, or an older kgtest judged it); `kgtest judge {j.run_id}` "
                "writes them", note=True,
            ))  # fmt: skip
    if old is not None:
        judged = [j for j in judged if j.run_id != old.run_id]
    parts = report_parts(judged, settings)
    diffs = []
    if old is not None:
        label = f"{old.run_id} ({old.manifest.name})"
        before = report_parts([old], settings).rows
        for sut in sorted({r.sut for r in parts.rows}):
            diffs.append(diff(label, sut, list(before), [r for r in parts.rows if r.sut == sut]))
    drawn = build_report(
        parts.rows,
        runs=[run_header(j.manifest) for j in judged],
        diffs=diffs,
        dialogues=parts.dialogues,
        battery=parts.battery,
        scores=score_rows(judged),
        usage=usage_rows(judged, lambda name: _prices(settings, name)),
    )
    return ReportFiles(drawn, write_report(drawn, out or paths.report))


def _prices(settings: Settings, name: str) -> tuple[float | None, float | None]:
    """A system's prices per million tokens, as kgtest.toml says now (its ``[[sut]]``, else ``[run]``)."""
    found = settings.sut(name)
    return found.price_in, found.price_out


def report_parts(judged: Sequence[RunVerdicts], settings: Settings) -> ReportParts:
    """Every kind's section filled from the judged runs (oldest first)."""
    parts = ReportParts()
    for section, kinds in KINDS.sections():
        collected = [found for run in judged if (found := section.collect(run, kinds)) is not None]
        parts = section.fill(parts, collected, settings)
    return parts
