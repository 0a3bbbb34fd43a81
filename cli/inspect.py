"""``kgtest inspect``: one test case of any kind, its proof, and every judged reply, in the terminal.

The case is found in the workspace's suites and the suites its runs asked, so a case can be
read (with its proof, or a dialogue's answerability turn by turn) before any run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.tree import Tree

from kgtest.cli.inspect_dialogue import show_conversation, show_dialogue
from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.text import line, literal
from kgtest.core.errors import OracleError, RunnerError
from kgtest.core.settings import Settings
from kgtest.generator.case import EvidenceFact, Proof, TestCase, cases_mentioning
from kgtest.runner.manifest import read_manifest
from kgtest.runner.transcript import Transcript, transcripts_mentioning

if TYPE_CHECKING:
    from kgtest.oracle.outcomes import JudgedReply


@click.command("inspect")
@click.argument("case_id")
@pass_app
def command(app: AppContext, case_id: str) -> None:
    """Show CASE_ID (or a unique prefix): question, expected answer, proof, and every judged reply.

    A dialogue case shows each turn with its answerability and proof; a conversation its
    partner's lines and the tests they inject; both before any run, and each run's answers after.
    """
    found = _find(app.settings, case_id)
    judged = _judged(app.settings, found.id)
    out = Console(highlight=False, soft_wrap=True)
    out.print(line(literal(found.id, "bold"), "  ", literal(f"{found.kind} / {found.rule} / {found.domain}")))
    out.print(line("[bold]Q:[/] ", literal(found.question)))
    if found.dialogue is not None:
        show_dialogue(out, found, [t for _, _, t in judged])
    elif found.script is not None:
        show_conversation(out, found, [t for _, _, t in judged])
    else:
        out.print(line("[bold]expected:[/] ", literal(found.expected.value)))
    if found.proof is not None:
        out.print(_proof_tree(found.proof), soft_wrap=False)  # wrapped, not cropped, at the width
    for name, record, _ in judged:
        style = (
            "red"
            if record.hallucination or record.outcome not in ("correct", "consistent", "passed")
            else "green"
        )
        out.print(line("\n", literal(name, "bold"), " -> ", literal(record.outcome, style)))
        if found.dialogue is None and found.script is None:
            out.print(literal(record.reply))
        if record.error:
            out.print(literal(f"  ! {record.error}"))
        for reason in record.why:
            out.print(literal(f"  - {reason}"))
        for sentence in record.verdict.unread if record.verdict else ():
            out.print(literal(f"  not read: {sentence}"))
        for t in record.verdict.triples if record.verdict else ():
            neg = "not " if t.negated else ""
            out.print(literal(f"  claim: {t.subject} | {neg}{t.relation} | {t.object}"))
    if not judged:
        out.print(literal("\nNo judged run has asked it yet."))
    # The id as a Cypher string literal (JSON's escapes are Cypher's), so any id pastes safely.
    out.print(
        literal(
            f"\nIn Neo4j Browser: MATCH (t:TestCase {{id: {json.dumps(found.id)}}})-[r]-(x) RETURN t, r, x"
        )
    )


def _find(settings: Settings, prefix: str) -> TestCase:
    """The case whose id starts with ``prefix`` in any suite of the workspace or of its runs."""
    matches: dict[str, TestCase] = {}
    for suite in _suites(settings):  # only the lines that hold the prefix are read as cases
        matches.update((c.id, c) for c in cases_mentioning(suite, prefix) if c.id.startswith(prefix))
    if len(matches) > 1:
        raise OracleError(f"{prefix!r} matches several cases: {', '.join(sorted(matches)[:10])}")
    if not matches:
        raise OracleError(
            f"no suite of {settings.paths.root} has a case {prefix!r}; `kgtest gen` writes suites"
        )
    return next(iter(matches.values()))


def _suites(settings: Settings) -> list[Path]:
    found = [*settings.suite_paths(), *sorted(settings.paths.suites.glob("*.jsonl"))]
    for run in settings.paths.all_runs():
        try:
            found.append(Path(str(read_manifest(run).get("suite", ""))))
        except Exception:
            continue
    return [p for p in dict.fromkeys(found) if p.is_file()]


def _judged(settings: Settings, case_id: str) -> list[tuple[str, JudgedReply, Transcript]]:
    """(system, verdict, transcript) of every judged run that asked the case: only the lines of
    its replies and verdicts that name the case are read, not the run's suite."""
    from kgtest.oracle.outcomes import verdicts_mentioning  # the oracle's records: only for a judged case

    out = []
    for run in settings.paths.all_runs():
        records = verdicts_mentioning(run.verdicts, case_id)
        if not records:  # a run that did not judge it
            continue
        asked = transcripts_mentioning(run.replies, case_id)
        transcript = next((t for t in asked if t.case_id == case_id), None)
        try:
            manifest = read_manifest(run)
        except RunnerError:
            continue  # a run that cannot say which system it asked
        if transcript is None:
            continue
        name = f"{manifest.get('name') or manifest.get('system')} (run {run.run_id})"
        out += [(name, record, transcript) for record in records]
    return out


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
