"""``kgtest inspect``: one test case with its evidence, proof, replies and verdicts, in the terminal."""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.tree import Tree

from kgtest.cli.inspect_dialogue import show_dialogue
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import line, literal
from kgtest.core.errors import OracleError
from kgtest.generator.case import EvidenceFact, Proof, TestCase
from kgtest.oracle.verdicts import JudgedReply, read_verdicts, run_cases


@click.command("inspect")
@click.argument("case_id")
@pass_app
def command(app: AppContext, case_id: str) -> None:
    """Show CASE_ID (or a unique prefix): question, expected answer, proof, and every judged reply."""
    matches: dict[str, TestCase] = {}
    replies: list[JudgedReply] = []
    for run in app.settings.paths.all_runs():
        if not run.verdicts.exists():
            continue
        try:
            _, pairs = run_cases(run)
        except OracleError:
            continue  # a run whose suite is gone cannot say anything about this case
        hits = {case.id: case for case, _ in pairs if case.id.startswith(case_id)}
        matches.update(hits)
        replies += [r for r in read_verdicts(run) if r.case_id in hits]
    if len(matches) > 1:
        raise OracleError(f"{case_id!r} matches several cases: {', '.join(sorted(matches))}")
    if not matches and show_dialogue(app.settings, case_id):
        return
    if not matches:
        raise OracleError(f"no judged run has a case {case_id!r}; `kgtest judge` a run that asked it")
    (found,) = matches.values()
    out = Console(highlight=False, soft_wrap=True)
    out.print(line(literal(found.id, "bold"), "  ", literal(f"{found.kind} / {found.rule} / {found.domain}")))
    out.print(line("[bold]Q:[/] ", literal(found.question)))
    out.print(line("[bold]expected:[/] ", literal(found.expected.value)))
    if found.proof is not None:
        out.print(_proof_tree(found.proof), soft_wrap=False)  # wrapped, not cropped, at the width
    for record in replies:
        style = "red" if record.hallucination else "green"
        out.print(line("\n", literal(record.system, "bold"), " -> ", literal(record.outcome, style)))
        out.print(literal(record.reply))
        if record.error:
            out.print(literal(f"  ! {record.error}"))
        if record.verdict is None:
            continue
        for reason in record.verdict.reasons:
            out.print(literal(f"  - {reason}"))
        for t in record.verdict.triples:
            neg = "not " if t.negated else ""
            out.print(literal(f"  claim: {t.subject} | {neg}{t.relation} | {t.object}"))
    # The id as a Cypher string literal (JSON's escapes are Cypher's), so any id pastes safely.
    out.print(
        literal(
            f"\nIn Neo4j Browser: MATCH (t:TestCase {{id: {json.dumps(found.id)}}})-[r]-(x) RETURN t, r, x"
        )
    )


def _proof_tree(proof: Proof) -> Tree:
    assuming = f"  (assuming {proof.assumption})" if proof.assumption else ""
    tree = Tree(literal(f"proof: {proof.rule}  {proof.conclusion}{assuming}"))
    for premise in proof.premises:
        if isinstance(premise, EvidenceFact):
            years = f" [{premise.start_year}-{premise.end_year}]" if premise.start_year is not None else ""
            fact = f"{premise.subject_label} --{premise.property_label}--> {premise.object_label}"
            tree.add(literal(fact + years))
        else:
            tree.add(_proof_tree(premise))
    return tree
