"""The battery section's pictures and sheets: success histograms as SVG, and the xlsx sheets.

The sheets are the ones the seed framework's users read (a summary per test with its
[successes, attempts] lists), plus SWAN and one row per nugget; every text cell is stored as
text, so a reply that starts with "=" is never a formula. The HTML is report/templates/battery.html.j2.
"""

from __future__ import annotations

import io

from openpyxl import Workbook

from kgtest.core.settings import Criterion
from kgtest.report.battery import BatteryReport, Bucket
from kgtest.report.sheet_rows import append_row


def histogram_parts(
    codes: dict[str, tuple[Bucket, ...]],
) -> tuple[dict[str, tuple[Bucket, ...]], list[tuple[str, str]]]:
    """The tests worth a histogram, and the others with why: a test tried at one strength (or
    distance) only, as in a short conversation, is one number the tests table already gives; drawn,
    it was an empty chart (issue 41)."""
    shown, apart = {}, []
    for code, buckets in codes.items():
        tried = [b for b in buckets if b.total]
        if len(tried) >= 2:
            shown[code] = buckets
            continue
        attempts = sum(b.total for b in tried)
        where = f", all at {tried[0].label}" if tried else ""
        apart.append((code, f"({attempts} attempt{'s' if attempts != 1 else ''}{where})"))
    return shown, apart


def histogram_svg(codes: dict[str, tuple[Bucket, ...]]) -> str:
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


def battery_sheets(book: Workbook, report: BatteryReport) -> None:
    """The battery's sheets, added to the report's workbook."""

    ws = book.create_sheet("battery tests")
    append_row(ws, ["system", "test", "passed", "judged", "not judged", "success rate", "score"])
    for r in report.tests:
        rate = None if r.rate is None else round(r.rate, 4)
        append_row(ws, [r.sut, r.code, r.passed, r.judged, r.not_judged, rate, f"[{r.passed}, {r.judged}]"])
    ws = book.create_sheet("battery histograms")
    append_row(ws, ["system", "test", "bucket", "passed", "total", "seed format"])
    for sut, codes in report.histograms.items():
        for code, buckets in codes.items():
            listing = "[" + ", ".join(f"[{b.passed}, {b.total}]" for b in buckets) + "]"
            for b in buckets:
                append_row(ws, [sut, code, b.label, b.passed, b.total, listing])
    ws = book.create_sheet("battery swan")
    append_row(ws, ["system", "SWAN", "criteria (eq. 1)", "replies", "saying nothing new",
                    *(f"WAN {c.value}" for c in Criterion), "left out"])  # fmt: skip
    for s in report.swans:
        wans = {w.criterion: w.value for w in s.wans}
        row = [s.sut, s.value, s.criteria, s.replies, s.nothing_new]
        append_row(ws, [*row, *(wans.get(c.value) for c in Criterion), "; ".join(s.left_out)])
    ws = book.create_sheet("battery turns")
    append_row(ws, ["run", "conversation", "system", "round", "partner", "reply", "tests", "k", "type",
                    "act / claim", "KB", *(c.value for c in Criterion), "NW", "why"])  # fmt: skip
    for c in report.conversations:
        for t in c.turns:
            tests = " ".join(
                f"{v.code.value}:{'-' if v.passed is None else int(v.passed)}" for v in t.verdicts
            )
            where = [c.battery, c.id, c.sut, t.turn, t.partner]
            for i, n in enumerate(t.nuggets):
                scores = [n.scores.get(k.value) for k in Criterion]
                what = [n.index, n.kind, n.act or n.claim, n.check, *scores, n.weight, "; ".join(n.notes)]
                # the reply once, on its first nugget's row: a 1 MB reply of 4,000 sentences, copied
                # to each, made a sheet of 133 MB that spreadsheets choke on (probe-14b)
                append_row(ws, [*where, t.reply if i == 0 else None, tests, *what])
            if not t.nuggets:
                append_row(ws, [*where, t.reply or t.error, tests])
