"""The report's charts, as inline SVG from matplotlib; drawn only where more than one bar says something.

A chart of one model, or of one domain, repeats the number beside it, so it is left out.
Bars carry their 95% Wilson intervals as whiskers. Text from the data (model names) is drawn
literally: mathtext is off, so a ``$`` in a name is a dollar sign, not a formula.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from kgtest.report.rates import Rate, Report

_RED = "#c0392b"


@dataclass(frozen=True, slots=True)
class Chart:
    title: str
    svg: str


def charts(report: Report) -> list[Chart]:
    out = []
    if len(report.suts) > 1:
        out.append(Chart("Hallucination rate per model", _bars(report.overall)))
    for title, groups in (("domain", report.by_domain), ("rule type", report.by_rule)):
        if len(_answered_keys(groups)) > 1:
            out.append(Chart(f"Hallucination rate per {title}", _grouped_bars(groups, title)))
    domains = _answered_keys(report.by_domain)
    if len(report.suts) > 1 and len(domains) > 1:
        out.append(Chart("Model x domain (hallucination rate)", _heatmap(report, domains)))
    return out


def _answered_keys(groups: dict[str, dict[str, Rate]]) -> list[str]:
    """The groups with at least one answered case: only they have a rate to show."""
    return sorted({k for g in groups.values() for k, r in g.items() if r.answered})


def _pyplot() -> ModuleType:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update(
        {
            "svg.hashsalt": "kgtest",  # same data, same SVG
            "svg.fonttype": "none",  # text as text: smaller, and found by the page's search
            "text.parse_math": False,  # a "$" in a model name is not mathtext
            "font.size": 9,
        }
    )
    return plt


def _svg(fig: Any) -> str:
    plt = _pyplot()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _whiskers(rates: list[Rate]) -> list[list[float]]:
    """matplotlib's xerr: distances below and above each rate."""
    low = [r.hallucination_rate - r.hallucination_interval[0] for r in rates]
    high = [r.hallucination_interval[1] - r.hallucination_rate for r in rates]
    return [low, high]


def _bars(rates: dict[str, Rate]) -> str:
    plt = _pyplot()
    names = list(rates)
    values = [rates[n] for n in names]
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.45 * len(names)))
    ax.barh(names, [r.hallucination_rate for r in values], xerr=_whiskers(values), color=_RED, capsize=3)
    for i, r in enumerate(values):
        ax.text(1.02, i, f"{r.hallucinated}/{r.answered}", va="center")
    ax.set_xlim(0, 1.15)
    ax.set_xlabel("hallucination rate (95% interval)")
    ax.invert_yaxis()
    return _svg(fig)


def _grouped_bars(groups: dict[str, dict[str, Rate]], what: str) -> str:
    return _svg(grouped_figure(groups, what))


def grouped_figure(groups: dict[str, dict[str, Rate]], what: str) -> Any:
    """Bars per group and model; the legend beside the axes, where it covers no bar."""
    plt = _pyplot()
    keys = _answered_keys(groups)
    suts = list(groups)
    fig, ax = plt.subplots(figsize=(8, 0.7 + 0.32 * len(keys) * max(1, len(suts)) ** 0.5))
    height = 0.8 / len(suts)
    for j, sut in enumerate(suts):
        rates = [groups[sut].get(k, Rate(0, 0, 0)) for k in keys]
        ys = [i + j * height for i in range(len(keys))]
        ax.barh(
            ys, [r.hallucination_rate for r in rates], height, xerr=_whiskers(rates), label=sut, capsize=2
        )
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(keys))], keys)
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"hallucination rate per {what} (95% interval)")
    ax.invert_yaxis()
    if len(suts) > 1:  # inside the axes it hid the bars of the rates near 1 (issue 41)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", frameon=False)
    return fig


def _heatmap(report: Report, domains: list[str]) -> str:
    plt = _pyplot()
    suts = report.suts
    cells = [[report.by_domain[s].get(d, Rate(0, 0, 0)) for d in domains] for s in suts]
    grid = [[r.hallucination_rate if r.answered else math.nan for r in row] for row in cells]
    fig, ax = plt.subplots(figsize=(1.2 + 0.9 * len(domains), 0.8 + 0.5 * len(suts)))
    image = ax.imshow(grid, cmap="Reds", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(domains)), domains, rotation=30, ha="right")
    ax.set_yticks(range(len(suts)), suts)
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            text, dark = ("n/a", False) if math.isnan(v) else (f"{v:.0%}", v > 0.5)
            ax.text(j, i, text, ha="center", va="center", color="white" if dark else "black")
    fig.colorbar(image, ax=ax, fraction=0.03)
    return _svg(fig)
