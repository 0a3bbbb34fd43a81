"""The report as files people open: one self-contained HTML page with charts, JSON, and xlsx."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from types import ModuleType

from kgtest.report.rates import Rate, Report

_CSS = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#222}
h1{margin-bottom:.2rem} .sub{color:#666;margin-top:0}
.cards{display:flex;gap:1rem;flex-wrap:wrap}
.card{border:1px solid #ddd;border-radius:8px;padding:.8rem 1.2rem}
.card b{font-size:1.6rem;display:block} figure{margin:1.5rem 0} figcaption{color:#555;font-size:.9rem}
table{border-collapse:collapse;width:100%;font-size:.85rem} td,th{border-bottom:1px solid #eee;padding:.3rem;
text-align:left;vertical-align:top} th{background:#fafafa} .bad{color:#b00020} code{font-size:.8rem}
"""


def write_report(report: Report, out_dir: Path) -> dict[str, Path]:
    """Write report.html, report.json and report.xlsx into ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {
        "html": out_dir / "report.html",
        "json": out_dir / "report.json",
        "xlsx": out_dir / "report.xlsx",
    }
    paths["json"].write_text(json.dumps(report.to_json(), indent=2, sort_keys=True), encoding="utf-8")
    paths["html"].write_text(render_html(report), encoding="utf-8")
    _write_xlsx(report, paths["xlsx"])
    return paths


def render_html(report: Report) -> str:
    head = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>kgtest report</title><style>{_CSS}</style>"
    )
    parts = [
        head + "</head><body><h1>Where the models fail</h1>",
        "<p class='sub'>Hallucination rate = hallucinated answers / answered cases "
        "(abstentions counted apart).</p><div class='cards'>",
    ]
    for sut in report.suts:
        r = report.overall[sut]
        parts.append(
            f"<div class='card'>{_e(sut)}<b>{r.hallucination_rate:.0%}</b>{r.hallucinated} of {r.answered} "
            f"answered hallucinated, {r.abstained} abstained, {r.cases} cases</div>"
        )
    parts.append("</div>")
    overall = {s: report.overall[s] for s in report.suts}
    parts.append(_figure(_bars(overall, "hallucination rate per model"), "Hallucination rate per model"))
    parts.append(_figure(_grouped_bars(report.by_domain, "domain"), "Hallucination rate per domain"))
    parts.append(_figure(_grouped_bars(report.by_rule, "rule type"), "Hallucination rate per rule type"))
    parts.append(_figure(_heatmap(report), "Model x domain heatmap (hallucination rate)"))
    parts.append(_table(["model", "outcome", "cases"], [
        [sut, outcome, str(n)] for sut, counts in report.outcomes.items() for outcome, n in counts.items()
    ], "Outcomes"))  # fmt: skip
    parts.append(
        "<h2>Failing cases</h2><p>Open one in Neo4j Browser: "
        "<code>MATCH (c:TestCase {id: $id})-[r]-(x) RETURN c, r, x</code> "
        "or in the terminal: <code>kgtest inspect CASE_ID</code>.</p>"
    )
    rows = [[f.sut, f.case_id, f"{f.domain} / {f.rule}", f.question, f.expected, f.answer, f.outcome]
            for f in report.failures]  # fmt: skip
    parts.append(
        _table(["model", "case", "domain / rule", "question", "expected", "answer", "outcome"], rows)
    )
    parts.append("</body></html>")
    return "\n".join(parts)


def _e(text: str) -> str:
    return html.escape(text)


def _table(header: list[str], rows: list[list[str]], title: str = "") -> str:
    out = [f"<h2>{_e(title)}</h2>" if title else "", "<table><tr>"]
    out += [f"<th>{_e(h)}</th>" for h in header]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{_e(cell)}</td>" for cell in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


def _svg(fig: object) -> str:
    import matplotlib.pyplot as plt

    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})  # type: ignore[attr-defined]
    plt.close(fig)  # type: ignore[arg-type]
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _pyplot() -> ModuleType:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "kgtest"  # same data, same SVG
    return plt


def _bars(rates: dict[str, Rate], title: str) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * max(1, len(rates))))
    names = list(rates)
    values = [rates[n].hallucination_rate for n in names]
    ax.barh(names, values, color="#c0392b")
    for i, v in enumerate(values):
        ax.text(v + 0.01, i, f"{v:.0%}", va="center")
    ax.set_xlim(0, 1.1)
    ax.set_xlabel(title)
    ax.invert_yaxis()
    return _svg(fig)


def _grouped_bars(groups: dict[str, dict[str, Rate]], what: str) -> str:
    plt = _pyplot()
    keys = sorted({k for g in groups.values() for k in g})
    suts = list(groups)
    fig, ax = plt.subplots(figsize=(9, 0.6 + 0.35 * max(1, len(keys)) * max(1, len(suts)) ** 0.5))
    height = 0.8 / max(1, len(suts))
    for j, sut in enumerate(suts):
        ys = [i + j * height for i in range(len(keys))]
        ax.barh(ys, [groups[sut].get(k, Rate(0, 0, 0)).hallucination_rate for k in keys], height, label=sut)
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(keys))], keys)
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"hallucination rate per {what}")
    ax.invert_yaxis()
    ax.legend(loc="lower right", fontsize="small")
    return _svg(fig)


def _heatmap(report: Report) -> str:
    plt = _pyplot()
    domains = sorted({d for g in report.by_domain.values() for d in g})
    suts = report.suts
    grid = [[report.by_domain[s].get(d, Rate(0, 0, 0)).hallucination_rate for d in domains] for s in suts]
    fig, ax = plt.subplots(figsize=(1.2 + 0.9 * max(1, len(domains)), 0.8 + 0.5 * max(1, len(suts))))
    image = ax.imshow(grid, cmap="Reds", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(domains)), domains, rotation=30, ha="right")
    ax.set_yticks(range(len(suts)), suts)
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            ax.text(j, i, f"{v:.0%}", ha="center", va="center", color="white" if v > 0.5 else "black")
    fig.colorbar(image, ax=ax, fraction=0.03)
    return _svg(fig)


def _write_xlsx(report: Report, path: Path) -> None:
    """One sheet per view, as the chatbot test framework's xlsx results had."""
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    def clean(values: list[object]) -> list[object]:
        """Replies may hold control characters that xlsx cannot store."""
        return [ILLEGAL_CHARACTERS_RE.sub("", v) if isinstance(v, str) else v for v in values]

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "summary"
    sheet.append(["model", "cases", "answered", "hallucinated", "abstained", "hallucination rate"])
    for sut in report.suts:
        r = report.overall[sut]
        sheet.append([sut, r.cases, r.answered, r.hallucinated, r.abstained, round(r.hallucination_rate, 4)])
    for title, groups in (("by domain", report.by_domain), ("by rule", report.by_rule)):
        ws = book.create_sheet(title)
        ws.append(["model", title.split()[-1], "cases", "hallucinated", "abstained", "hallucination rate"])
        for sut, g in groups.items():
            for key, r in g.items():
                ws.append([sut, key, r.cases, r.hallucinated, r.abstained, round(r.hallucination_rate, 4)])
    ws = book.create_sheet("failures")
    ws.append(
        ["model", "case", "kind", "rule", "domain", "question", "expected", "answer", "outcome", "reply"]
    )
    for f in report.failures:
        ws.append(
            clean(
                [
                    f.sut,
                    f.case_id,
                    f.kind,
                    f.rule,
                    f.domain,
                    f.question,
                    f.expected,
                    f.answer,
                    f.outcome,
                    f.reply,
                ]
            )
        )
    book.save(path)
