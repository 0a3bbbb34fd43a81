"""The report as files people open: one self-contained HTML page, JSON, and xlsx.

The page is rendered from jinja2 templates (report/templates/) with autoescaping on, so text
from replies and labels can never become markup; charts and graphs are inline SVG and the
filtering script is inline too, so the page works offline and from a CI artifact.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import jinja2
import markupsafe

from kgtest.core.files import write_atomic
from kgtest.core.settings import Criterion
from kgtest.core.version import kgtest_version
from kgtest.report import dialogue_sides
from kgtest.report.battery_files import histogram_parts, histogram_svg
from kgtest.report.charts import charts
from kgtest.report.dialogue_tables import shown_conflicts
from kgtest.report.glossary import GLOSSARY, explain_codes, explained, term
from kgtest.report.graph_svg import HEIGHT, WIDTH, panels
from kgtest.report.rates import Report
from kgtest.report.xlsx import write_xlsx

_ARROWS = {
    "stated": "#2e7d32",
    "matches": "#2e7d32",
    "denied": "#c62828",
    "contradicts": "#c62828",
    "missing": "#9e9e9e",
    "unmatched": "#ef6c00",
}


def write_report(report: Report, out_dir: Path) -> dict[str, Path]:
    """Write report.html, report.json and report.xlsx into ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {
        "html": out_dir / "report.html",
        "json": out_dir / "report.json",
        "xlsx": out_dir / "report.xlsx",
    }
    write_atomic(paths["json"], json.dumps(report.to_json(), indent=2, sort_keys=True, ensure_ascii=False))
    write_atomic(paths["html"], render_html(report))
    write_xlsx(report, paths["xlsx"])
    return paths


def render_html(report: Report) -> str:
    cases = report.cases
    selects = [
        ("sut", "model", report.suts),
        ("outcome", "outcome", sorted({c.outcome for c in cases})),
        ("domain", "domain", sorted({c.domain for c in cases})),
        ("rule", "rule", sorted({c.rule for c in cases})),
    ]
    changes = {
        (d.sut, c.case_id): kind
        for d in report.diffs
        for kind, changed in (("fixed", d.fixed), ("newly_failing", d.newly_failing))
        for c in changed
    }
    return (
        _templates()
        .get_template("report.html.j2")
        .render(
            report=report,
            version=kgtest_version(),
            charts=charts(report),
            outcomes=sorted({o for counts in report.outcomes.values() for o in counts}),
            selects=selects,
            changes=changes,
            arrows=sorted(_ARROWS.items()),
            pictures=panels,
            width=WIDTH,
            height=HEIGHT,
            pct=lambda x: f"{x:.0%}",
            score=lambda x: "n/a" if x is None else f"{x:.3f}",
            rate=lambda passed, total: f"{passed}/{total} ({passed / total:.0%})" if total else "-",
            criteria=[c.value for c in Criterion],
            weight=lambda c: _weight(report, c),
            wan=lambda s, c: next(w for w in s.wans if w.criterion == c),
            histogram=histogram_svg,
            histogram_parts=histogram_parts,
            shown_conflicts=shown_conflicts,
            interval=lambda pair: f"[{pair[0]:.0%}-{pair[1]:.0%}]",
            number=lambda x: "n/a" if x is None else f"{x:.2f}",
            term=term,
            explained=explained,
            explain_codes=explain_codes,
            glossary=sorted(GLOSSARY.items(), key=lambda kv: kv[0].lower()),
            sides=dialogue_sides,
            seconds=lambda x: "-" if x is None else f"{x:.2f} s",
            count=lambda x: "-" if x is None else f"{x:,}",
            money=lambda x: "-" if x is None else f"{x:.4f}",
        )
    )


def _weight(report: Report, criterion: str) -> str:
    swans = report.battery.swans if report.battery is not None else ()
    weights = [w.weight for s in swans[:1] for w in s.wans if w.criterion == criterion]
    return f"{weights[0]:g}" if weights else ""


_CONTROLS = {c: 0x2400 + c for c in range(32) if chr(c) not in "\t\n\r"} | {0x7F: 0x2421}
"""C0 controls and DEL as their Control Pictures (U+2400...): a model's NUL or ESC would make
the page invalid HTML (tools then take it for a binary file); shown, it stays the model's own."""


_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_RIGHT_TO_LEFT = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff]"
)
"""Hebrew, Arabic and the other right-to-left scripts: a Hebrew reply in a left-to-right cell had
its final full stop drawn at its right, after the last word read (probe-14b)."""


def _shown(value: object) -> object:
    """Every {{ value }} of the templates, before autoescaping: controls made visible, and text
    that sets its own direction isolated (FSI...PDI), so a right-to-left override a model or a
    label left open cannot turn round the rest of its line (the system's name, the case id), and
    right-to-left text takes its own direction from its first letter."""
    if isinstance(value, str):
        shown = value.translate(_CONTROLS)
        if not _BIDI.isdisjoint(shown) or _RIGHT_TO_LEFT.search(shown):
            shown = f"\u2068{shown}\u2069"
        return markupsafe.Markup(shown) if isinstance(value, markupsafe.Markup) else shown
    return value


@cache
def _templates() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
        finalize=_shown,
    )
