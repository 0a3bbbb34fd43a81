"""``kgtest inspect``: one test case of any kind, its proof, and every judged reply, in the terminal.

The case is found in the workspace's suites and the suites its runs asked, so a case can be
read (with its proof, or a dialogue's answerability turn by turn) before any run.
"""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.tree import Tree

from kgtest import api
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.show import show
from kgtest.cli.text import line, literal


@click.command("inspect")
@click.argument("case_id")
@pass_app
def command(app: AppContext, case_id: str) -> None:
    """Show CASE_ID (or a unique prefix): question, expected answer, proof, and every judged reply.

    A dialogue case shows each turn with its answerability and proof; a conversation its
    partner's lines and the tests they inject; both before any run, and each run's answers after.
    """
    found = api.inspect(case_id, workspace=app.settings)
    case = found.case
    out = Console(highlight=False, soft_wrap=True)
    out.print(line(literal(case.id, "bold"), "  ", literal(f"{case.kind} / {case.rule} / {case.domain}")))
    out.print(line("[bold]Q:[/] ", literal(case.question)))
    how = f" ([prompt] template {found.template!r})" if found.template else " (as the suite has it)"
    out.print(line("[bold]prompt[/]", literal(how), "[bold]:[/]"))
    out.print(literal(found.prompt))
    for shown in found.lines:
        show(out, shown)
    if case.proof is not None:
        out.print(_proof_tree(case.proof), soft_wrap=False)  # wrapped, not cropped, at the width
    for answer in found.judged:
        record = answer.record
        style = (
            "red"
            if record.hallucination or record.outcome not in ("correct", "consistent", "passed")
            else "green"
        )
        out.print(line("\n", literal(answer.name, "bold"), " -> ", literal(record.outcome, style)))
        if answer.template:
            out.print(literal(f"  template: {answer.template!r}"))
        if found.shows_reply:
            for message in answer.sent:  # the exact messages the reply cache keys this reply on
                out.print(line(literal(f"  sent ({message['role']}): ", "dim"), literal(message["content"])))
            said = literal(record.reply)
            out.print(line("[bold]reply:[/] ", said) if answer.sent else said)
        if record.error:
            out.print(literal(f"  ! {record.error}"))
        for reason in record.why:
            out.print(literal(f"  - {reason}"))
        for sentence in record.verdict.unread if record.verdict else ():
            out.print(literal(f"  not read: {sentence}"))
        for t in record.verdict.triples if record.verdict else ():
            neg = "not " if t.negated else ""
            out.print(literal(f"  claim: {t.subject} | {neg}{t.relation} | {t.object}"))
    if not found.judged:
        out.print(literal("\nNo judged run has asked it yet."))
    # The id as a Cypher string literal (JSON's escapes are Cypher's), so any id pastes safely.
    out.print(
        literal(
            f"\nIn Neo4j Browser: MATCH (t:TestCase {{id: {json.dumps(case.id)}}})-[r]-(x) RETURN t, r, x"
        )
    )


def _proof_tree(proof: api.Proof) -> Tree:
    assuming = f"  (assuming {proof.assumption})" if proof.assumption else ""
    tree = Tree(literal(f"proof: {proof.rule}  {proof.said or proof.conclusion}{assuming}"))
    for premise in proof.premises:
        if isinstance(premise, api.EvidenceFact):
            years = f" [{premise.years()}]" if premise.years() else ""
            fact = f"{premise.subject_label} --{premise.property_label}--> {premise.object_label}"
            tree.add(literal(fact + years))
        else:
            tree.add(_proof_tree(premise))
    return tree
