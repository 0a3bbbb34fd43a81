"""The report: rates computed right, files that open, a page a browser renders."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from kgtest.report.rates import JudgedCase, build_report
from kgtest.report.render import write_report


def case(sut: str, i: int, domain: str, rule: str, outcome: str) -> JudgedCase:
    return JudgedCase(
        sut=sut, case_id=f"c{i}", kind="fact", rule=rule, domain=domain, question=f"Q{i} <b>&</b>?",
        expected="Yes", answer="No" if outcome != "correct" else "Yes", outcome=outcome,
        hallucinated=outcome not in ("correct", "abstained"), abstained=outcome == "abstained",
    )  # fmt: skip


ROWS = [
    case("a", 1, "people", "inverse", "correct"),
    case("a", 2, "people", "inverse", "erroneous_knowledge"),
    case("a", 3, "places", "transitive", "erroneous_inference"),
    case("a", 4, "places", "transitive", "abstained"),
    case("b", 1, "people", "inverse", "correct"),
    case("b", 2, "people", "inverse", "correct"),
]


def test_rates_count_abstentions_apart() -> None:
    report = build_report(ROWS)
    a = report.overall["a"]
    assert (a.cases, a.answered, a.hallucinated, a.abstained) == (4, 3, 2, 1)
    assert a.hallucination_rate == pytest.approx(2 / 3) and a.abstention_rate == 0.25
    assert report.by_domain["a"]["places"].hallucination_rate == 1.0
    assert report.by_rule["b"]["inverse"].hallucination_rate == 0.0
    assert report.outcomes["a"] == {
        "abstained": 1,
        "correct": 1,
        "erroneous_inference": 1,
        "erroneous_knowledge": 1,
    }
    assert [f.case_id for f in report.failures] == ["c2", "c3"]


def test_files_are_written_and_read_back(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    paths = write_report(build_report(ROWS), tmp_path)
    data = json.loads(paths["json"].read_text())
    assert data["overall"]["a"]["hallucination_rate"] == round(2 / 3, 4)
    book = load_workbook(paths["xlsx"])
    assert book.sheetnames == ["summary", "by domain", "by rule", "failures"]
    assert [c.value for c in book["summary"][2]][:5] == ["a", 4, 3, 2, 1]
    page = paths["html"].read_text()
    assert page.count("<svg") == 4 and "Q2 &lt;b&gt;&amp;&lt;/b&gt;?" in page and "<b>&</b>" not in page
    assert write_report(build_report(ROWS), tmp_path / "again")["html"].read_text() == page  # deterministic


def test_a_real_browser_renders_the_page(tmp_path: Path) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed (apt-get install chromium); .ci/setup installs it")
    paths = write_report(build_report(ROWS), tmp_path)
    shot = tmp_path / "shot.png"
    subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1200,2000", f"--screenshot={shot}",
         paths["html"].as_uri()],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    from PIL import Image

    image = Image.open(shot).convert("RGB")
    assert image.size == (1200, 2000)
    # The heatmap and bars put saturated red on the page; a blank or unstyled page has none.
    raw = image.tobytes()
    reds = sum(1 for i in range(0, len(raw), 3) if raw[i] > 150 and raw[i + 1] < 90 and raw[i + 2] < 90)
    assert reds > 2_000
