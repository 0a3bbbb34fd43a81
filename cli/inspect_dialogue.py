"""``kgtest inspect`` for the multi-turn kinds: a dialogue case turn by turn with each answerability
decision and its proof, a conversation's script with the tests it injects; each run's answers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console

from kgtest.cli.text import line, literal
from kgtest.generator.case import TestCase
from kgtest.runner.transcript import SUT, Exchange, Transcript


def show_dialogue(out: Console, case: TestCase, runs: Sequence[Transcript]) -> None:
    # only here: the report's and the runner's dialogue modules import most of kgtest
    from kgtest.generator.dialogue.graph import undecided_reason
    from kgtest.report.dialogue import proof_lines
    from kgtest.runner.dialogue import ASKED

    d = case.dialogue
    assert d is not None
    out.print(literal(f"dialogue / {d.name} of {d.title!r} ({d.dialogue}), {d.perturbation}"))
    if d.story is not None:
        story = d.story.text[:300] + ("..." if len(d.story.text) > 300 else "")
        out.print(line("[bold]story:[/] ", literal(story)))
    answers = _answers(runs, lambda e: e.variant == ASKED)
    for t in d.turns:
        status = {True: "answerable", False: "UNANSWERABLE", None: "UNDECIDED, not judged"}[t.answerable]
        judged = "" if t.judged else ", not judged"
        out.print(
            line(f"\n[bold]{t.position}.[/] ", literal(d.round(t.origin).question), f"  ({status}{judged})")
        )
        out.print(literal(f"   expected: {' / '.join(t.expected)}"))
        if t.answerable is None:
            out.print(literal(f"   undecided: {undecided_reason(t.decision, d)}"))
        for p in proof_lines(d, t.position):
            out.print(literal(f"   proof: {p}"))
        for a in answers.get(t.position, []):
            out.print(literal(f"   -> {a}"))


def show_conversation(out: Console, case: TestCase, runs: Sequence[Transcript]) -> None:
    script = case.script
    assert script is not None
    replies = _answers(runs, lambda e: e.speaker == SUT)
    tests = {t.id: t for t in script.tests}
    for partner in script.lines:
        test = tests.get(partner.test)
        what = f"  ({test.code.value} {partner.role}, test {test.id})" if test else f"  ({partner.role})"
        out.print(line(f"\n[bold]{partner.turn}.[/] ", literal(partner.text), literal(what)))
        if test is not None and partner.turn in test.ask_turns and test.expected:
            out.print(literal(f"   expected: {' / '.join(test.expected)}"))
        for r in replies.get(partner.turn, []):
            out.print(literal(f"   -> {r}"))


def _answers(runs: Sequence[Transcript], mine: Callable[[Exchange], bool]) -> dict[int, list[str]]:
    """Per round, what each run's system said in the exchanges ``mine`` picks."""
    found: dict[int, list[str]] = {}
    for run in runs:
        for e in run.exchanges:
            if mine(e):
                text = e.reply.text if e.reply.ok else f"! {e.reply.error}"
                found.setdefault(e.position, []).append(f"{e.reply.system}: {text}")
    return found
