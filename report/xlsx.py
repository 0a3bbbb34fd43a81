"""The report as an xlsx workbook: one sheet per view, as the chatbot test framework's results had.

Every text cell is written as text, never as a formula: a reply that starts with ``=`` (say
``=HYPERLINK("http://...")``) is shown as those characters, not evaluated when the file is opened.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook

from kgtest.core.files import replaced_whole
from kgtest.report.battery_files import battery_sheets
from kgtest.report.rates import Rate, Report
from kgtest.report.scores import ScoreRow
from kgtest.report.sheet_rows import append_row as _row


def write_xlsx(report: Report, path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "summary"
    _row(sheet, ["model", "cases", "correct", "answered", "hallucinated", "abstained", "truncated",
                 "hallucination rate", "95% low", "95% high"])  # fmt: skip
    for sut in report.suts:
        _row(sheet, [sut, *_numbers(report.overall[sut])])
    if report.scores:
        _scores_sheet(book, report)
    for title, groups in (("by domain", report.by_domain), ("by rule", report.by_rule)):
        ws = book.create_sheet(title)
        _row(ws, ["model", title.split()[-1], "cases", "correct", "answered", "hallucinated", "abstained",
                  "truncated", "hallucination rate", "95% low", "95% high"])  # fmt: skip
        for sut, g in groups.items():
            for key, r in g.items():
                _row(ws, [sut, key, *_numbers(r)])
    ws = book.create_sheet("failures")
    _row(
        ws, ["model", "case", "kind", "rule", "domain", "question", "expected", "answer", "outcome", "reply"]
    )
    for f in report.failures:
        _row(ws, [f.sut, f.case_id, f.kind, f.rule, f.domain, f.question, f.expected, f.answer, f.outcome,
                  f.reply])  # fmt: skip
    if report.dialogues:
        _dialogue_sheets(book, report.dialogues)
    if report.battery is not None:
        battery_sheets(book, report.battery)
    with replaced_whole(path) as partial:  # a killed report leaves the last whole workbook, never half
        book.save(partial)


def _scores_sheet(book: Workbook, report: Report) -> None:
    """The headline as the HTML has it: each system's score beside chance, and the differences."""
    ws = book.create_sheet("scores", 0)
    _row(ws, ["kind", "system", "score", "chance", "knowing nothing", "measure", "value", "estimate",
              "95% low", "95% high", "units", "not judged", "what it means"])  # fmt: skip
    for r in report.scores:
        s, (low, high) = r.scored, r.scored.interval or (None, None)
        _row(ws, [r.kind, r.system, _rounded(s.score), _rounded(s.chance), s.best_constant, s.measure,
                  _rounded(s.value), _rounded(s.estimate), _rounded(low), _rounded(high), len(s.units),
                  s.unjudged, r.meaning])  # fmt: skip
    firsts: dict[str, ScoreRow] = {}
    for r in report.scores:  # each kind's know-nothing rows, once, in the kinds' order
        firsts.setdefault(r.kind, r)
    for kind, r in firsts.items():
        for spec, value in r.scored.baselines.items():
            _row(ws, [kind, spec, _rounded(r.scored.baseline_scores[spec]), _rounded(r.scored.chance),
                      r.scored.best_constant, r.scored.measure, _rounded(value)])  # fmt: skip
    _row(ws, [])
    _row(ws, ["kind", "between", "and", "difference", "95% low", "95% high", "units", "ranked", "in words"])
    for d in report.differences:
        _row(ws, [d.kind, d.first, d.second, _rounded(d.difference), _rounded(d.interval[0]),
                  _rounded(d.interval[1]), d.units, d.real, d.words()])  # fmt: skip


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _dialogue_sheets(book: Workbook, sections: Sequence[dict[str, Any]]) -> None:
    ws = book.create_sheet("dialogue relations")
    _row(ws, ["system", "run", "table", "group", "relation", "tested", "conflicts", "bug rate", "mean MSS",
              "mean MSS of bugs"])  # fmt: skip
    for d in sections:
        for table in ("relations", "perturbations"):
            for r in d[table]:
                _row(ws, [d["system"], d["run_id"], table, r["group"], r["relation"], r["tested"],
                          r["conflicts"], r["bug_rate"], r["mean_mss"], r["mean_mss_buggy"]])  # fmt: skip
    ws = book.create_sheet("dialogue conflicts")
    _row(ws, ["system", "run", "relation", "MSS", "severe", "side", "case", "dialogue", "round", "answerable",
              "question", "answer", "gold"])  # fmt: skip
    for d in sections:
        for c in d["conflicts"]:
            for n, s in enumerate(c["sides"], 1):
                _row(ws, [d["system"], d["run_id"], c["relation"], c["mss"], c["severe"], n, s["case_id"],
                          s["dialogue"], s["position"], s["answerable"], s["question"], s["answer"],
                          " / ".join(s["expected"])])  # fmt: skip


def _numbers(r: Rate) -> list[object]:
    low, high = r.hallucination_interval
    return [r.cases, r.correct, r.answered, r.hallucinated, r.abstained, r.truncated,
            round(r.hallucination_rate, 4), round(low, 4), round(high, 4)]  # fmt: skip
