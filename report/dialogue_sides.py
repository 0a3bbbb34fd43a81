"""Dialogues compared across systems, as fact cases are: each system's tables in one, and each
dialogue's rounds with every system's answer beside the gold one (docs/report.md).

Read from the dialogue sections of the report (report/dialogue_tables.py, one per judged run), so the
page and report.json say the same; a system is its run's name, and the same name twice (two runs)
is told apart by its run id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

HTML_DIALOGUES = 60
"""Dialogues the page sets side by side (every one of their rounds); report.json has them all."""


def systems(sections: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each section's column name: its system, with its run id where two sections share a system."""
    names = [s["system"] for s in sections]
    return [
        n if names.count(n) == 1 else f"{n} ({s['run_id']})" for n, s in zip(names, sections, strict=True)
    ]


def table_rows(sections: Sequence[Mapping[str, Any]], part: str) -> list[tuple[str, str, list[Any]]]:
    """``(group, relation, [each system's row or None])`` for ``part`` (``relations`` or
    ``perturbations``), in the order the rows first come up."""
    keys: dict[tuple[str, str], None] = {}
    for s in sections:
        keys.update(((r["group"], r["relation"]), None) for r in s[part])
    found = [{(r["group"], r["relation"]): r for r in s[part]} for s in sections]
    return [(g, rel, [f.get((g, rel)) for f in found]) for g, rel in keys]


def dialogues(sections: Sequence[Mapping[str, Any]], limit: int = HTML_DIALOGUES) -> list[dict[str, Any]]:
    """The first ``limit`` dialogues: each round's question and gold answer, and each system's answer
    with its MR1 verdict (None where that system's run did not answer the round)."""
    order: dict[str, str] = {}
    rounds: dict[tuple[str, int], dict[str, Any]] = {}
    for i, s in enumerate(sections):
        for a in s.get("rounds", []):
            order.setdefault(a["case_id"], a["variant"])
            row = rounds.setdefault((a["case_id"], a["position"]), {
                "position": a["position"], "question": a["question"], "expected": a["expected"],
                "answers": [None] * len(sections),
            })  # fmt: skip
            row["answers"][i] = {"answer": a["answer"], "passed": a["passed"], "why": a["why"]}
    shown = list(order.items())[:limit]
    return [
        {"case_id": case, "variant": variant,
         "rounds": sorted((r for (c, _), r in rounds.items() if c == case), key=lambda r: r["position"])}
        for case, variant in shown
    ]  # fmt: skip
