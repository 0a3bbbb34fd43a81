"""The report: rates and intervals computed right, files that open safely, charts only where they speak."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgtest.oracle.chance import kind_score
from kgtest.oracle.kind_judge import Credit
from kgtest.oracle.scores import KindScore
from kgtest.report.compare import diff
from kgtest.report.graph_svg import HEIGHT, WIDTH, panels
from kgtest.report.rates import build_report
from kgtest.report.render import render_html, write_report
from kgtest.report.scores import ScoreRow
from kgtest.report.stats import Z95, cohen_kappa, wilson

from .rows import DICKENS, ROWS, case


def test_rates_count_abstentions_and_truncated_replies_apart() -> None:
    report = build_report(ROWS)
    a = report.overall["a"]
    assert (a.cases, a.answered, a.hallucinated, a.abstained, a.truncated, a.correct) == (5, 3, 2, 1, 1, 1)
    assert a.hallucination_rate == pytest.approx(2 / 3) and a.abstention_rate == 0.2
    assert a.correct_rate == 0.2
    assert report.by_domain["a"]["places"].hallucination_rate == 1.0
    assert report.by_domain["a"]["places"].truncated == 1
    assert report.by_rule["b"]["inverse"].hallucination_rate == 0.0
    failed = build_report([*ROWS, case("a", 9, "people", "inverse", "unjudged")]).overall["a"]
    assert (failed.cases, failed.unjudged, failed.correct_rate) == (6, 1, 0.2)  # the oracle's failure: out
    assert report.outcomes["a"] == {
        "correct": 1,
        "erroneous_inference": 1,
        "erroneous_knowledge": 1,
        "idk": 1,
        "truncated": 1,
    }
    assert [f.case_id for f in report.failures] == ["c2", "c3"]
    assert [c.case_id for c in report.cases] == ["c1", "c2", "c3", "c4", "c5", "c1", "c2"]


def _score_rejects(p: float, k: int, n: int) -> bool:
    """The score test: |k/n - p| > z * sqrt(p(1-p)/n)."""
    return abs(k / n - p) > Z95 * math.sqrt(p * (1 - p) / n)


def _edge(k: int, n: int, low: bool) -> float:
    """Where the score test stops rejecting, found by bisection: the brute-force reference."""
    inside, outside = k / n, (0.0 if low else 1.0)
    if not _score_rejects(outside, k, n) or outside == inside:
        return outside
    for _ in range(80):
        middle = (inside + outside) / 2
        if _score_rejects(middle, k, n):
            outside = middle
        else:
            inside = middle
    return inside


@given(st.integers(1, 400).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_is_every_rate_the_score_test_keeps(pair: tuple[int, int]) -> None:
    k, n = pair
    low, high = wilson(k, n)
    assert low == pytest.approx(_edge(k, n, low=True), abs=1e-9)
    assert high == pytest.approx(_edge(k, n, low=False), abs=1e-9)
    assert 0 <= low <= k / n <= high <= 1


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=60))
def test_cohen_kappa_is_agreement_beyond_chance_by_its_definition(pairs: list[tuple[bool, bool]]) -> None:
    """Against the definition from the 2x2 table: (p_o - p_e) / (1 - p_e)."""
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    n = len(pairs)
    table = {(x, y): sum(p == (x, y) for p in pairs) / n for x in (True, False) for y in (True, False)}
    p_o = table[(True, True)] + table[(False, False)]
    p_e = sum(
        (table[(x, True)] + table[(x, False)]) * (table[(True, x)] + table[(False, x)]) for x in (True, False)
    )
    expected = 1.0 if p_e == 1 else (p_o - p_e) / (1 - p_e)
    assert cohen_kappa(a, b) == pytest.approx(expected)
    assert cohen_kappa(a, a) == 1.0


def test_two_of_twenty_four_is_a_range_not_eight_percent() -> None:
    low, high = wilson(2, 24)
    assert round(low, 3) == 0.023 and round(high, 3) == 0.258
    assert wilson(0, 0) == (0.0, 1.0)


def test_files_are_written_and_read_back(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    paths = write_report(build_report(ROWS), tmp_path)
    data = json.loads(paths["json"].read_text())
    assert data["overall"]["a"]["hallucination_rate"] == round(2 / 3, 4)
    assert data["overall"]["a"]["hallucination_rate_95"] == [round(x, 4) for x in wilson(2, 3)]
    assert data["overall"]["a"]["truncated"] == 1
    book = load_workbook(paths["xlsx"])
    assert book.sheetnames == ["summary", "by domain", "by rule", "failures"]
    assert [c.value for c in book["summary"][2]][:7] == ["a", 5, 1, 3, 2, 1, 1]
    page = paths["html"].read_text()
    assert "Q2 &lt;b&gt;&amp;&lt;/b&gt;?" in page and "<b>&</b>" not in page
    assert "reason 222 &lt;i&gt;" in page
    assert write_report(build_report(ROWS), tmp_path / "again")["html"].read_text() == page  # deterministic


def test_a_reply_that_looks_like_a_formula_is_text_in_the_xlsx(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    path = write_report(build_report(ROWS), tmp_path)["xlsx"]
    cell = next(
        c for row in load_workbook(path)["failures"].iter_rows() for c in row if c.value == ROWS[1].reply
    )
    assert cell.data_type == "s"
    with zipfile.ZipFile(path) as book:
        sheets = [book.read(n).decode() for n in book.namelist() if n.startswith("xl/worksheets/")]
    assert not any("<f>" in s or "<f " in s for s in sheets), "no cell of the report is a formula"


def test_a_report_that_fails_while_writing_keeps_the_last_whole_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl import Workbook

    paths = write_report(build_report(ROWS), tmp_path)
    before = {kind: path.read_bytes() for kind, path in paths.items()}

    def half_then_fail(book: Workbook, filename: Path) -> None:
        Path(filename).write_bytes(b"PK half a workbook")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Workbook, "save", half_then_fail)
    with pytest.raises(OSError, match="No space"):
        write_report(build_report(ROWS[:1]), tmp_path)
    assert paths["xlsx"].read_bytes() == before["xlsx"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.html", "report.json", "report.xlsx"]


def test_a_dollar_or_markup_in_a_model_name_is_drawn_literally() -> None:
    name = "cheap $x^$ model [/bold] $\\frac{"
    rows = [dataclasses.replace(r, sut=name) if r.sut == "a" else r for r in ROWS]
    page = render_html(build_report(rows))
    assert "cheap $x^$ model [/bold] $\\frac{" in page  # in the cards, tables and the charts' <text>
    assert page.count("<figure>") == 4


def test_control_characters_are_shown_and_an_open_override_is_isolated() -> None:
    """A reply's NUL and ESC went into the page raw (invalid HTML; grep calls it binary), and a
    label's unclosed right-to-left override turned round the rest of its line."""
    rows = [
        dataclasses.replace(r, reply="Yes\x00\x1b[31mred\x7f", question="Was \u202eevil married?")
        if r.case_id == "c2"
        else r
        for r in ROWS
    ]
    page = render_html(build_report(rows))
    assert not re.search(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", page)
    assert "Yes\u2400\u241b[31mred\u2421" in page
    assert "\u202e" in page and page.count("\u202e") == page.count("\u2068Was \u202eevil married?\u2069")


def test_right_to_left_replies_take_their_own_direction() -> None:
    # A Hebrew reply sat in a left-to-right cell: its full stop drawn at its right end (probe-14b)
    hebrew = "כן, זה נכון."
    rows = [dataclasses.replace(r, reply=hebrew) if r.case_id == "c2" else r for r in ROWS]
    page = render_html(build_report(rows))
    assert f"\u2068{hebrew}\u2069" in page and hebrew not in page.replace(f"\u2068{hebrew}\u2069", "")
    assert "\u2068" not in render_html(build_report(ROWS)).replace(
        "\u2068Was", ""
    )  # left-to-right: as it was


def test_charts_only_where_more_than_one_bar_says_something() -> None:
    one_model_one_domain = [r for r in ROWS if r.sut == "b"]
    assert "<figure>" not in render_html(build_report(one_model_one_domain))
    one_model = [r for r in ROWS if r.sut == "a"]  # two domains, two rules: those charts stay
    page = render_html(build_report(one_model))
    assert page.count("<figure>") == 2 and "per model" not in page.split("<h2>Per domain")[0]


def test_the_graphs_are_drawn_inside_their_frame_and_marked() -> None:
    proof, reply = panels(DICKENS)
    assert [n.label for n in proof.nodes] == ["Charles Dickens", "Catherine Dickens", "Portsmouth"]
    assert [n.matched for n in proof.nodes] == [True, True, False]
    assert [e.status for e in proof.edges] == ["stated", "denied", "missing"]
    assert [e.status for e in reply.edges] == ["matches", "unmatched"]  # the ignored claim is not drawn
    assert {n.label for n in reply.nodes} == {"Charles Dickens", "Catherine Dickens", "London"}
    for panel in (proof, reply):
        for n in panel.nodes:
            assert 0 < n.x < WIDTH and 0 < n.y < HEIGHT
        for e in panel.edges:
            numbers = [float(x) for x in re.findall(r"-?\d+\.?\d*", e.path)]
            assert all(0 <= x <= max(WIDTH, HEIGHT) for x in numbers)
    # The two spouse edges of one pair bow apart instead of lying on each other.
    stated, denied = proof.edges[0], proof.edges[1]
    assert (stated.lx, stated.ly) != (denied.lx, denied.ly)


def test_two_runs_compared_case_by_case() -> None:
    before = [case("b", i, "d", "r", o) for i, o in ((1, "correct"), (2, "idk"), (3, "both"), (4, "correct"))]
    before.append(case("b", 9, "d", "r", "correct"))
    outcomes = ((1, "erroneous_knowledge"), (2, "correct"), (3, "truncated"), (4, "correct"), (5, "correct"))
    now = [case("a", i, "d", "r", o) for i, o in outcomes]
    d = diff("old", "a", before, now)
    assert [c.case_id for c in d.fixed] == ["c2"] and [c.case_id for c in d.newly_failing] == ["c1"]
    assert (d.still_passing, d.still_failing, d.only_baseline, d.only_now) == (1, 1, 1, 1)
    assert (d.newly_failing[0].before, d.newly_failing[0].after) == ("correct", "erroneous_knowledge")
    page = render_html(build_report(now, diffs=[d]))
    assert "1 fixed" in page and "1 newly failing" in page and 'class="change newly_failing"' in page


def test_the_legend_of_grouped_bars_covers_no_bar() -> None:
    """Issue 41: the legend sat inside the axes, in the lower right, over the bars near 1."""
    from kgtest.report.charts import grouped_figure
    from kgtest.report.rates import Rate

    groups = {
        sut: {key: Rate(cases=4, hallucinated=4, abstained=0) for key in ("people", "places", "society")}
        for sut in ("first model", "second model", "third model")
    }
    fig = grouped_figure(groups, "domain")
    fig.canvas.draw()
    (ax,) = fig.axes
    legend = ax.get_legend().get_window_extent()
    bars = [patch.get_window_extent() for patch in ax.patches]
    assert len(bars) == 9 and not [b for b in bars if b.overlaps(legend)]


def test_the_score_table_says_how_many_units_the_oracle_failed_to_judge() -> None:
    """Left out of the score, they are shown beside it: a score over few judged units says little."""
    baselines = {"baseline:yes": Credit("correct replies", {"c1": 1.0, "c2": 0.0, "c3": 0.0}, 1 / 3)}
    scored = kind_score(
        "fact", Credit("correct replies", {"c1": 1.0, "c2": 1.0}, 1.0, frozenset({"c3"})), baselines
    )
    html = render_html(build_report(ROWS, scores=[ScoreRow("a", "run-a", "fact", scored)]))
    assert ">1 not judged</abbr>" in html
    clean = kind_score("fact", Credit("correct replies", {"c1": 1.0, "c2": 1.0, "c3": 1.0}, 1.0), baselines)
    page = render_html(build_report(ROWS, scores=[ScoreRow("a", "run-a", "fact", clean)]))
    assert not re.search(r"\d+ not judged", page)


def test_the_workbook_has_each_score_beside_chance_and_the_differences(tmp_path: Path) -> None:
    """The xlsx had hallucination rates only, which rank a system that answers nothing first."""
    from openpyxl import load_workbook

    keys = [f"c{i}" for i in range(12)]
    yes = {k: float(i % 2) for i, k in enumerate(keys)}
    baselines = {"baseline:yes": Credit("correct replies", yes, 0.5)}

    def scored(units: dict[str, float]) -> KindScore:
        value = sum(units.values()) / len(units)
        return kind_score("fact", Credit("correct replies", units, value), baselines)

    rows = [
        ScoreRow(name, f"run-{name}", "fact", scored(units))
        for name, units in (("knower", dict.fromkeys(keys, 1.0)), ("guesser", yes))
    ]
    path = write_report(build_report(ROWS, scores=rows), tmp_path)["xlsx"]
    sheet = load_workbook(path)["scores"]
    table = [[c.value for c in row] for row in sheet.iter_rows()]
    assert table[0][:4] == ["kind", "system", "score", "chance"]
    assert [r[:2] for r in table[1:4]] == [["fact", "knower"], ["fact", "guesser"], ["fact", "baseline:yes"]]
    assert table[1][3] == 0.5 and table[2][2] == 0.0
    between = next(r for r in table if r[:3] == ["fact", "knower", "guesser"])
    assert between[7] is True and str(between[8]).startswith("knower scores higher than guesser")
