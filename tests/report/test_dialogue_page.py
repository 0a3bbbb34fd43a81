"""The page drills down a bounded number of dialogue conflicts; the JSON and xlsx keep them all."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from kgtest.report.dialogue_tables import HTML_CONFLICTS, render_text
from kgtest.report.rates import build_report
from kgtest.report.render import write_report


def _conflict(i: int, severe: bool, mss: float) -> dict[str, Any]:
    side = {"case_id": f"c{i}", "dialogue": "shuffled", "position": 2, "answerable": True, "before": [],
            "proof": [], "question": f"question {i}?", "answer": "Unknown", "expected": ["P"]}  # fmt: skip
    return {"relation": "MR1", "question": [f"d{i}", 2], "mss": mss, "severe": severe, "against": "gold",
            "parts": {"semantic": mss, "exact": 0.0, "f1": 0.0}, "sides": [side]}  # fmt: skip


def _section(conflicts: list[dict[str, Any]]) -> dict[str, Any]:
    return {"system": "plugin:bots:Yes", "run_id": "r1", "rounds_judged": len(conflicts),
            "epsilons": {"answerable": 0.1, "between": 0.2}, "unjudged": [], "baseline_reverted": {},
            "relations": [], "perturbations": [], "bugs": [], "conflicts": conflicts}  # fmt: skip


def test_a_run_with_more_conflicts_than_a_page_holds_shows_the_worst_and_lists_all_elsewhere(
    tmp_path: Path,
) -> None:
    many = HTML_CONFLICTS + 50
    conflicts = [_conflict(i, severe=False, mss=0.5 + i / (10 * many)) for i in range(many)]
    conflicts[-1] = _conflict(many - 1, severe=True, mss=0.01)  # the worst comes last from the judge
    paths = write_report(build_report([], dialogues=[_section(conflicts)]), tmp_path)

    page = paths["html"].read_text(encoding="utf-8")
    shown = re.findall(r"question (\d+)\?</span></summary>", page)
    assert len(shown) == HTML_CONFLICTS
    assert shown[0] == str(many - 1)  # severe first
    assert shown[1:] == [str(i) for i in range(HTML_CONFLICTS - 1)]  # then the lowest MSS
    assert f"report.json and report.xlsx list all {many}" in page

    assert len(json.loads(paths["json"].read_text(encoding="utf-8"))["dialogue"][0]["conflicts"]) == many
    sheet = load_workbook(paths["xlsx"])["dialogue conflicts"]
    assert sheet.max_row == many + 1  # a header and a row per side


def test_a_run_the_page_holds_whole_has_no_note(tmp_path: Path) -> None:
    conflicts = [_conflict(i, severe=i == 2, mss=0.5) for i in range(3)]
    page = write_report(build_report([], dialogues=[_section(conflicts)]), tmp_path)["html"].read_text()
    assert re.findall(r"question (\d+)\?</span></summary>", page) == ["2", "0", "1"]
    assert "list all" not in page


def test_the_share_of_rounds_decided_is_shown(tmp_path: Path) -> None:
    section = _section([_conflict(0, severe=False, mss=0.5)])
    section["decided"] = {"rounds": 40, "undecided": 10, "coverage": 0.75}
    why = "answerability undecided"
    section["unjudged"] = [{"case_id": "c7", "position": 3, "variant": "", "reason": why}]
    page = write_report(build_report([], dialogues=[section]), tmp_path)["html"].read_text()
    assert "Answerability decided for 30 of 40 rounds (coverage 0.750)" in page
    text = render_text(section)
    assert "answerability decided for 30 of 40 rounds (coverage 0.750)" in text
    assert "c7 round 3 : answerability undecided" in text


def test_baselines_left_as_the_original_question_are_said(tmp_path: Path) -> None:
    """SYR and L33t rows repeating the original's figures read as duplicates when nothing said why."""
    section = _section([_conflict(0, severe=False, mss=0.5)])
    section["baseline_reverted"] = {"L33t": 6, "SYR": 2}
    page = write_report(build_report([], dialogues=[section]), tmp_path)["html"].read_text()
    assert "Single-turn baselines left as the original question" in page
    assert re.search(r"L33t</abbr> 6, <abbr[^>]*>SYR</abbr> 2", page)
