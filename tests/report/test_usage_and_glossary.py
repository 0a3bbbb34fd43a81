"""The report's speed, tokens and cost per system, every code explained where it stands, and
dialogues set side by side across systems."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import kgtest
from kgtest.report.glossary import GLOSSARY, term
from kgtest.report.rates import build_report
from kgtest.report.render import render_html
from kgtest.report.usage import Usage, percentile
from tests.api.harness_bots import QUESTIONS, REPLIES, Scripted
from tests.report.glossary_check import unexplained

from .rows import ROWS


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 21)]  # 1 .. 20
    assert percentile(values, 0.95) == 19.0 and percentile(values, 0.5) == 10.0
    assert percentile([3.0], 0.95) == 3.0 and percentile([5.0, 1.0], 0.95) == 5.0


class Counted(Scripted):
    """The scripted replies, with the tokens a served model would count, after a measured wait."""

    name = "counted"

    def respond(self, conversation: list[dict[str, str]]) -> Any:
        from kgtest.runner.plugin import PluginReply

        text = super().respond(conversation)
        return PluginReply(text, prompt_tokens=100, completion_tokens=len(text.split()))


@pytest.fixture(scope="module")
def reported(tmp_path_factory: pytest.TempPathFactory) -> tuple[kgtest.ReportFiles, Path]:
    """Two systems asked six questions of one's own: one counts its tokens and has a price."""
    root = tmp_path_factory.mktemp("usage")
    (root / "q.jsonl").write_text(QUESTIONS, encoding="utf-8")
    ws = root / "ws"
    suite = kgtest.import_questions(root / "q.jsonl", workspace=ws).path
    (ws / "kgtest.toml").write_text(
        '[[sut]]\nname = "counted"\nspec = "x"\nprice_in = 2.0\nprice_out = 10.0\n', encoding="utf-8"
    )
    for bot in (Counted(), Scripted()):
        kgtest.check(bot, suite, workspace=ws)
    return kgtest.make_report(workspace=ws), ws


def test_each_system_has_its_latency_tokens_and_cost(reported: tuple[kgtest.ReportFiles, Path]) -> None:
    report = reported[0].report
    rows = {u.system: u for u in report.usage}
    counted, scripted = rows["counted"], rows["scripted"]
    assert counted.replies == scripted.replies == 6 and counted.failed == 0
    assert counted.tokens_in == 600 and counted.counted == 6
    words = sum(len(r.split()) for r in REPLIES.values())
    assert counted.tokens_out == words
    assert counted.cost == pytest.approx((600 * 2.0 + words * 10.0) / 1_000_000)
    assert counted.latency_median is not None and counted.latency_p95 is not None
    assert 0 <= counted.latency_median <= counted.latency_p95
    # a system that does not count its tokens has none, and no cost rather than a cost of 0
    assert (scripted.tokens_in, scripted.tokens_out, scripted.cost, scripted.counted) == (None, None, None, 0)
    page = reported[0].paths["html"].read_text(encoding="utf-8")
    usage = page.split('id="usage"')[1].split("</table>")[0]
    assert f"<td>{words:,}</td>" in usage and f"<td>{counted.cost:.4f}</td>" in usage
    assert re.search(r"<td><b>scripted</b></td><td>6</td>.*?<td>-</td><td>-</td>\s*<td>-</td>", usage, re.S)
    json_rows = {u["system"]: u for u in reported[0].report.to_json()["usage"]}
    assert json_rows["counted"]["tokens_in"] == 600


def test_the_page_explains_every_code_it_shows(reported: tuple[kgtest.ReportFiles, Path]) -> None:
    page = reported[0].paths["html"].read_text(encoding="utf-8")
    assert unexplained(page) == []
    assert 'id="glossary"' in page and all(f'<dt id="term-{n.replace(" ", "-")}">' in page for n in GLOSSARY)
    # the checker finds a code left bare (it can fail)
    assert unexplained("<p>MR1 and <abbr title='x'>MSS</abbr> and <td class='said'>SWAN</td></p>") == ["MR1"]
    # each outcome of the page's table says what it means on hover
    for outcome in ("correct", "erroneous_inference", "both", "idk"):
        assert str(term(outcome)) in page


def test_a_dialogue_report_sets_systems_side_by_side_and_explains_its_codes() -> None:
    def section(system: str, answers: list[tuple[str, bool]]) -> dict[str, Any]:
        failed = sum(not p for _, p in answers)
        rows = [{"group": "MORTAR", "relation": "MR1", "tested": 2, "conflicts": failed, "bug_rate": 0.5,
                 "mean_mss": 0.5, "mean_mss_buggy": 0.1}]  # fmt: skip
        rounds = [
            {"case_id": "d1", "variant": "DS-1", "position": i + 1, "question": f"Q{i}?", "answer": a,
             "expected": ["Paris"], "passed": p, "why": "words"}
            for i, (a, p) in enumerate(answers)
        ]  # fmt: skip
        bugs = [{"method": "MORTAR", "questions": 1, "unique": 1, "severe": 0}]
        return {"system": system, "run_id": f"r-{system}", "rounds_judged": 2, "unjudged": [],
                "epsilons": {"answerable": 0.6, "between": 0.6}, "baseline_reverted": {}, "relations": rows,
                "perturbations": [{**rows[0], "group": "DS"}], "bugs": bugs, "conflicts": [],
                "rounds": rounds}  # fmt: skip

    report = build_report(ROWS, dialogues=[section("a", [("Paris", True), ("Lyon", False)]),
                                           section("b", [("Paris", True), ("Paris", True)])])  # fmt: skip
    page = render_html(report)
    assert unexplained(page) == []
    sides = page.split("Every dialogue, systems side by side")[1].split("</details>")[0]
    said = '<td class="said">'
    second = (f'{said}Q1?</td>{said}Paris</td>{said}<span class="s-denied" title="words">✗</span> Lyon</td>'
              f'{said}<span class="s-stated" title="words">✓</span> Paris</td>')  # fmt: skip
    assert second in sides
    table = page.split("Systems side by side")[1].split("</table>")[0]
    assert "<th>a<br>" in table and "<th>b<br>" in table and "1 / 2, 50%" in table
    assert str(term("DS")) in table and str(term("MR1")) in table


def test_usage_rows_read_as_json() -> None:
    usage = Usage("s", 2, 0, 0.5, 0.9, 10, 4, 2, 0.001)
    assert build_report(ROWS, usage=[usage]).to_json()["usage"][0]["latency_p95"] == 0.9


def test_every_outcome_a_verdict_can_have_is_explained() -> None:
    """`kgtest judge` printed 'inconsistent 6' with no word for it anywhere in the report."""
    from kgtest.oracle.judge import Outcome
    from kgtest.oracle.outcomes import CONSISTENT, FAILED, INCONSISTENT, NO_REPLY, PASSED, TRUNCATED, UNJUDGED

    runs = [NO_REPLY, UNJUDGED, TRUNCATED, CONSISTENT, INCONSISTENT, PASSED, FAILED]
    every = [o.value for o in Outcome] + runs
    assert [o for o in every if o not in GLOSSARY] == []
