"""``kgtest inspect`` for a dialogue case: its turns with answerability and proof, each dialogue
run's answers, and the conflicts the relations found on it."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from kgtest.cli.text import line, literal
from kgtest.core.errors import OracleError
from kgtest.core.settings import Settings
from kgtest.generator.case import TestCase, read_suite
from kgtest.report.dialogue import proof_lines
from kgtest.runner.dialogue import ASKED, read_round_replies


def show_dialogue(settings: Settings, case_id: str) -> bool:
    """Print the dialogue case ``case_id`` (or a unique prefix) if a dialogue run asked it."""
    matches: dict[str, TestCase] = {}
    runs: list[tuple[dict[str, object], Path]] = []
    for run in settings.paths.all_runs():
        manifest = json.loads(run.manifest.read_text(encoding="utf-8"))
        suite = manifest.get("suite")
        if manifest.get("kind") != "dialogue" or not suite or not Path(str(suite)).exists():
            continue
        hits = {c.id: c for c in read_suite(Path(str(suite))) if c.id.startswith(case_id) and c.dialogue}
        if hits:
            matches.update(hits)
            runs.append((manifest, run.folder))
    if not matches:
        return False
    if len(matches) > 1:
        raise OracleError(f"{case_id!r} matches several cases: {', '.join(sorted(matches))}")
    (case,) = matches.values()
    d = case.dialogue
    assert d is not None
    out = Console(highlight=False, soft_wrap=True)
    out.print(
        line(literal(case.id, "bold"), "  ", literal(f"dialogue / {d.name} of {d.title!r} ({d.dialogue})"))
    )
    if d.story is not None:
        out.print(
            line("[bold]story:[/] ", literal(d.story.text[:300] + ("..." if len(d.story.text) > 300 else "")))
        )
    answers: dict[int, list[str]] = {}
    for manifest, folder in runs:
        for r in read_round_replies(folder / "dialogue_replies.jsonl"):
            if r.case_id == case.id and r.variant == ASKED:
                text = r.reply.text if r.reply.ok else f"! {r.reply.error}"
                answers.setdefault(r.position, []).append(f"{manifest['system']}: {text}")
    for t in d.turns:
        status = "answerable" if t.answerable else "UNANSWERABLE"
        out.print(line(f"\n[bold]{t.position}.[/] ", literal(d.round(t.origin).question), f"  ({status})"))
        out.print(literal(f"   expected: {' / '.join(t.expected)}"))
        for p in proof_lines(d, t.position):
            out.print(literal(f"   proof: {p}"))
        for a in answers.get(t.position, []):
            out.print(literal(f"   -> {a}"))
    for _, folder in runs:
        report = folder / "dialogue_report.json"
        if report.exists():
            found = json.loads(report.read_text(encoding="utf-8"))["conflicts"]
            mine = [c for c in found if any(s["case_id"] == case.id for s in c["sides"])]
            for c in mine:
                where = ", ".join(f"{s['dialogue']} #{s['position']}" for s in c["sides"])
                out.print(literal(f"\nconflict {c['relation']} (MSS {c['mss']:.3f}): {where}", "red"))
    out.print(
        literal(
            f"\nIn Neo4j Browser: MATCH (t:TestCase {{id: {json.dumps(case.id)}}})-[r]-(x) RETURN t, r, x"
        )
    )
    return True
