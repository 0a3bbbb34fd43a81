"""The battery report as files: one HTML page (tables, histograms, per-turn view), JSON, and xlsx.

The xlsx has the sheets the seed framework's users read (a summary per test with its
[successes, attempts] lists), plus SWAN and one row per nugget; every text cell is stored as
text, so a reply that starts with "=" is never a formula.
"""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

from kgtest.core.records import to_plain
from kgtest.core.settings import Criterion
from kgtest.oracle.battery.verdicts import TestVerdict
from kgtest.report.battery import BatteryReport, Bucket, ConversationView, TestRow
from kgtest.runner.converse import SCRIPTED

_CSS = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1200px;color:#222}
table{border-collapse:collapse;font-size:.85rem;margin:.5rem 0} td,th{border-bottom:1px solid #eee;
padding:.25rem .4rem;text-align:left;vertical-align:top} th{background:#fafafa}
.fail{color:#b00020} .pass{color:#1b7f3b} .skip{color:#888} details{margin:.4rem 0}
.cards{display:flex;gap:1rem;flex-wrap:wrap} .card{border:1px solid #ddd;border-radius:8px;padding:.6rem 1rem}
.card b{font-size:1.5rem;display:block} .turn{border-left:3px solid #ddd;padding-left:.6rem;margin:.6rem 0}
"""


def write_battery_report(report: BatteryReport, out_dir: Path) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {k: out_dir / f"battery.{k}" for k in ("html", "json", "xlsx")}
    paths["json"].write_text(
        json.dumps(to_plain(report), indent=2, sort_keys=True, ensure_ascii=False), encoding="utf-8"
    )
    paths["html"].write_text(render_html(report), encoding="utf-8")
    write_xlsx(report, paths["xlsx"])
    return paths


def _e(value: object) -> str:
    return html.escape(str(value))


def _rate(passed: int, total: int) -> str:
    return f"{passed}/{total} ({passed / total:.0%})" if total else "-"


def _cell(row: TestRow | None) -> str:
    if row is None:
        return "-"
    skipped = f" ({row.not_judged} not judged)" if row.not_judged else ""
    return _rate(row.passed, row.judged) + skipped


def _score(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def _mark(v: TestVerdict) -> str:
    kind, sign = ("skip", "") if v.passed is None else ("pass", " ✓") if v.passed else ("fail", " ✗")
    return f"<span class='{kind}' title='{_e(v.reason)}'>{_e(v.code.value)}{sign}</span>"


_NUGGET_HEADER = "".join(f"<th>{h}</th>" for h in ("k", "type", "act / claim", "KB", "scores", "NW", "why"))


def render_html(report: BatteryReport) -> str:
    parts = [
        f"<!doctype html><html><head><meta charset='utf-8'><title>kgtest battery</title><style>{_CSS}</style>"
        "</head><body><h1>Conversation battery</h1>",
        f"<p>Batteries: {_e(', '.join(report.batteries))}. Tests as in the chatbot test framework "
        "(U3-U6, I1-I13, P1, A6, A7); SWAN as in Sakai 2023. docs/battery.md explains each.</p>",
        "<div class='cards'>",
    ]
    for s in report.swans:
        value = "n/a" if s.value is None else f"{s.value:.3f}"
        parts.append(f"<div class='card'>{_e(s.sut)}<b>SWAN {value}</b></div>")
    parts.append("</div><h2>Tests per system</h2>")
    header = "".join(f"<th>{_e(s)}</th>" for s in report.suts)
    codes = list(dict.fromkeys(r.code for r in report.tests))
    cells = {(r.sut, r.code): r for r in report.tests}
    parts.append(f"<table><tr><th>test</th>{header}</tr>")
    for code in codes:
        row = "".join(f"<td>{_cell(cells.get((s, code)))}</td>" for s in report.suts)
        parts.append(f"<tr><td>{_e(code)}</td>{row}</tr>")
    parts.append("</table><h2>SWAN and WAN per system</h2>")
    parts.append(f"<table><tr><th>criterion</th><th>CW</th>{header}</tr>")
    for c in Criterion:
        row = ""
        for s in report.swans:
            w = next(x for x in s.wans if x.criterion == c.value)
            row += f"<td>{_score(w.value)} <small>({w.nuggets} nuggets)</small></td>"
        weight = report.swans[0].wans[list(Criterion).index(c)].weight if report.swans else 0
        parts.append(f"<tr><td>{c.value}</td><td>{weight:g}</td>{row}</tr>")
    swan_row = "".join(
        f"<td><b>{'n/a' if s.value is None else f'{s.value:.3f}'}</b></td>" for s in report.swans
    )
    parts.append(f"<tr><td><b>SWAN</b></td><td></td>{swan_row}</tr></table>")
    for s in report.swans:
        for why in s.left_out:
            parts.append(f"<p class='skip'>{_e(s.sut)}: left out of SWAN: {_e(why)}</p>")
    parts.append("<h2>Success by strength (U3-U6) and by distance (I1)</h2>")
    for sut, codes_ in report.histograms.items():
        parts.append(f"<h3>{_e(sut)}</h3>{_histogram_svg(codes_)}")
    parts.append("<h2>Conversations, turn by turn</h2>")
    parts += [_conversation(c) for c in report.conversations]
    parts.append("</body></html>")
    return "\n".join(parts)


def _conversation(c: ConversationView) -> str:
    value = "n/a" if c.swan is None or c.swan.value is None else f"{c.swan.value:.3f}"
    who = c.sut if c.partner != SCRIPTED else f"{c.sut} with the scripted partner"
    title = f"{_e(c.id)} ({_e(who)}, battery {_e(c.battery)}): SWAN {value}"
    out = [f"<details><summary>{title}</summary>"]
    for t in c.turns:
        verdicts = " ".join(_mark(v) for v in t.verdicts)
        reply = _e(t.reply) or f"<span class=skip>(no reply: {_e(t.error)})</span>"
        out.append(
            f"<div class='turn'><b>{t.turn}</b> <i>partner ({_e(t.role)}):</i> {_e(t.partner)}<br>"
            f"<i>system:</i> {reply}<br>{verdicts}"
        )
        if t.nuggets:
            out.append(f"<table><tr>{_NUGGET_HEADER}</tr>")
            for n in t.nuggets:
                scores = ", ".join(f"{k} {v:.2f}" for k, v in n.scores.items())
                what = n.act or n.claim
                out.append(
                    f"<tr><td>{n.index}</td><td>{n.kind}</td><td>{_e(what)}</td><td>{_e(n.check)}</td>"
                    f"<td>{_e(scores)}</td><td>{n.weight:.3f}</td><td>{_e('; '.join(n.notes))}</td></tr>"
                )
            out.append("</table>")
        out.append("</div>")
    out.append("</details>")
    return "".join(out)


def _histogram_svg(codes: dict[str, tuple[Bucket, ...]]) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "kgtest"  # same data, same SVG
    columns = min(3, len(codes))
    rows = -(-len(codes) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(3.4 * columns, 2.9 * rows), squeeze=False)
    for ax in axes.flat[len(codes) :]:
        ax.set_visible(False)
    for ax, (code, buckets) in zip(axes.flat, codes.items(), strict=False):
        rates = [b.passed / b.total if b.total else 0 for b in buckets]
        ax.bar(range(len(buckets)), rates, color="#2e86c1")
        for i, b in enumerate(buckets):
            ax.text(i, 0.02, f"{b.passed}/{b.total}", ha="center", fontsize=7, rotation=90)
        ax.set_xticks(range(len(buckets)), [b.label for b in buckets], rotation=60, fontsize=7)
        ax.set_ylim(0, 1)
        ax.set_title(code, fontsize=9)
    for row in axes:
        row[0].set_ylabel("success rate")
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def write_xlsx(report: BatteryReport, path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
    from openpyxl.worksheet.worksheet import Worksheet

    def put(ws: Worksheet, values: list[Any]) -> None:
        row = ws.max_row + 1 if ws.max_row > 1 or ws.cell(1, 1).value is not None else 1
        for col, value in enumerate(values, 1):
            cell = ws.cell(
                row, col, ILLEGAL_CHARACTERS_RE.sub("", value) if isinstance(value, str) else value
            )
            if isinstance(value, str):
                cell.data_type = "s"  # never a formula, whatever the text starts with

    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "tests"
    put(ws, ["system", "test", "passed", "judged", "not judged", "success rate", "score"])
    for r in report.tests:
        rate = None if r.rate is None else round(r.rate, 4)
        put(ws, [r.sut, r.code, r.passed, r.judged, r.not_judged, rate, f"[{r.passed}, {r.judged}]"])
    ws = book.create_sheet("histograms")
    put(ws, ["system", "test", "bucket", "passed", "total", "seed format"])
    for sut, codes in report.histograms.items():
        for code, buckets in codes.items():
            listing = "[" + ", ".join(f"[{b.passed}, {b.total}]" for b in buckets) + "]"
            for b in buckets:
                put(ws, [sut, code, b.label, b.passed, b.total, listing])
    ws = book.create_sheet("swan")
    put(ws, ["system", "SWAN", *(f"WAN {c.value}" for c in Criterion), "left out"])
    for s in report.swans:
        wans = {w.criterion: w.value for w in s.wans}
        put(ws, [s.sut, s.value, *(wans.get(c.value) for c in Criterion), "; ".join(s.left_out)])
    ws = book.create_sheet("turns")
    put(ws, ["battery", "conversation", "system", "round", "partner", "reply", "tests", "k", "type",
             "act / claim", "KB", *(c.value for c in Criterion), "NW", "why"])  # fmt: skip
    for c in report.conversations:
        for t in c.turns:
            tests = " ".join(
                f"{v.code.value}:{'-' if v.passed is None else int(v.passed)}" for v in t.verdicts
            )
            where = [c.battery, c.id, c.sut, t.turn, t.partner]
            for n in t.nuggets:
                scores = [n.scores.get(k.value) for k in Criterion]
                what = [n.index, n.kind, n.act or n.claim, n.check, *scores, n.weight, "; ".join(n.notes)]
                put(ws, [*where, t.reply, tests, *what])
            if not t.nuggets:
                put(ws, [*where, t.reply or t.error, tests])
    book.save(path)
