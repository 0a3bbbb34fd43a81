"""``kgtest inspect``: one test case with its evidence, proof, replies and verdicts, in the terminal."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.tree import Tree

from kgtest.cli.main import AppContext, pass_app
from kgtest.core.errors import OracleError
from kgtest.generator.case import EvidenceFact, Proof, TestCase
from kgtest.oracle.results import VERDICTS, run_cases, runs_dir


@click.command("inspect")
@click.argument("case_id")
@pass_app
def command(app: AppContext, case_id: str) -> None:
    """Show CASE_ID (or a unique prefix): question, expected answer, proof, and every judged reply."""
    found: TestCase | None = None
    replies: list[dict[str, Any]] = []
    for folder in sorted(runs_dir(app.settings.workspace).glob("*")):
        if not (folder / VERDICTS).exists():
            continue
        _, pairs = run_cases(folder)
        matches = {case.id: case for case, _ in pairs if case.id.startswith(case_id)}
        if len(matches) > 1:
            raise OracleError(f"{case_id!r} matches several cases: {', '.join(sorted(matches))}")
        if matches:
            found = next(iter(matches.values()))
            for line in (folder / VERDICTS).read_text(encoding="utf-8").splitlines():
                record = json.loads(line)
                if record["case_id"] == found.id:
                    replies.append(record)
    if found is None:
        raise OracleError(f"no judged run has a case {case_id!r}; `kgtest judge` a run that asked it")
    out = Console(highlight=False, soft_wrap=True)
    out.print(f"[bold]{found.id}[/]  {found.kind} / {found.rule} / {found.domain}")
    out.print(f"[bold]Q:[/] {found.question}")
    out.print(f"[bold]expected:[/] {found.expected.value}")
    if found.proof is not None:
        out.print(_proof_tree(found.proof))
    for record in replies:
        style = "red" if record["hallucination"] else "green"
        out.print(f"\n[bold]{record['system']}[/] -> [{style}]{record['outcome']}[/]")
        out.print(record["reply"], markup=False)
        verdict = record["verdict"] or {}
        for reason in verdict.get("reasons", []):
            out.print(f"  - {reason}", markup=False)
        for t in verdict.get("triples", []):
            neg = "not " if t.get("negated") else ""
            out.print(f"  claim: {t['subject']} | {neg}{t['relation']} | {t['object']}", markup=False)
    out.print(
        f"\nIn Neo4j Browser: MATCH (t:TestCase {{id: '{found.id}'}})-[r]-(x) RETURN t, r, x", markup=False
    )


def _proof_tree(proof: Proof) -> Tree:
    tree = Tree(
        f"proof: {proof.rule}  {proof.conclusion}"
        + (f"  (assuming {proof.assumption})" if proof.assumption else "")
    )
    for premise in proof.premises:
        if isinstance(premise, EvidenceFact):
            years = f" [{premise.start_year}-{premise.end_year}]" if premise.start_year is not None else ""
            tree.add(f"{premise.subject_label} --{premise.property_label}--> {premise.object_label}{years}")
        else:
            tree.add(_proof_tree(premise))
    return tree
