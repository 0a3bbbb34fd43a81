"""``kgtest inspect``'s view of a case, per kind: what the case asks, before any proof or verdict.

The command line shows a case's header, its proof and every judged reply the same way for every
kind; what lies between (the expected answer, a dialogue's turns with their answerability, a
conversation's script) is the kind's view (the kind registry's, api/kinds.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from kgtest.core.display import Line
from kgtest.generator.case import TestCase
from kgtest.runner.transcript import SUT, Exchange, Transcript

Named = tuple[str, Transcript]
"""A run's transcript of a case, with the name of the system that answered it (its [[sut]] name)."""


class CaseView(Protocol):
    """A kind's part of ``kgtest inspect``."""

    shows_reply: bool
    """Whether each judged reply's text is shown under its verdict (a multi-turn kind shows its
    answers turn by turn instead)."""

    def lines(self, case: TestCase, runs: Sequence[Named]) -> list[Line]:
        """What the case asks, with each run's answers where the kind shows them in place."""
        ...


class AnswerView:
    """A single question: its expected answer (the reply is shown with each verdict)."""

    shows_reply = True

    def lines(self, case: TestCase, runs: Sequence[Named]) -> list[Line]:
        return [Line(case.expected.value, bold="expected:")]


class TurnsView:
    """A dialogue case turn by turn: each question's answerability, its proof, and each run's answer."""

    shows_reply = False

    def lines(self, case: TestCase, runs: Sequence[Named]) -> list[Line]:
        # only here: the report's and the runner's dialogue modules import most of kgtest
        from kgtest.generator.dialogue.graph import undecided_reason
        from kgtest.report.dialogue_tables import proof_lines
        from kgtest.runner.dialogue_rounds import ASKED

        d = case.dialogue
        assert d is not None
        shown = [Line(f"dialogue / {d.name} of {d.title!r} ({d.dialogue}), {d.perturbation}")]
        if d.story is not None:
            story = d.story.text[:300] + ("..." if len(d.story.text) > 300 else "")
            shown.append(Line(story, bold="story:"))
        answers = _answers(runs, lambda e: e.variant == ASKED)
        for t in d.turns:
            status = d.answerability(t.position)
            loud = {"unanswerable": "UNANSWERABLE", "undecided": "UNDECIDED, not judged"}
            status = loud.get(status, status)
            judged = "" if t.judged else ", not judged"
            question = d.round(t.origin).question
            shown.append(Line(f"{question}  ({status}{judged})", bold=f"{t.position}.", gap=True))
            shown.append(Line(f"   expected: {' / '.join(t.expected)}"))
            if t.answerable is None:
                shown.append(Line(f"   undecided: {undecided_reason(t.decision, d)}"))
            shown += [Line(f"   proof: {p}") for p in proof_lines(d, t.position)]
            shown += [Line(f"   -> {a}") for a in answers.get(t.position, [])]
        return shown


class ScriptView:
    """A conversation: the partner's lines with the tests they inject, and each run's replies."""

    shows_reply = False

    def lines(self, case: TestCase, runs: Sequence[Named]) -> list[Line]:
        script = case.script
        assert script is not None
        replies = _answers(runs, lambda e: e.speaker == SUT)
        tests = {t.id: t for t in script.tests}
        shown = []
        for partner in script.lines:
            test = tests.get(partner.test)
            what = f"  ({test.code.value} {partner.role}, test {test.id})" if test else f"  ({partner.role})"
            shown.append(Line(partner.text + what, bold=f"{partner.turn}.", gap=True))
            if test is not None and partner.turn in test.ask_turns and test.expected:
                shown.append(Line(f"   expected: {' / '.join(test.expected)}"))
            shown += [Line(f"   -> {r}") for r in replies.get(partner.turn, [])]
        return shown


def _answers(runs: Sequence[Named], mine: Callable[[Exchange], bool]) -> dict[int, list[str]]:
    """Per round, what each run's system (by the name the user gave it) said in the exchanges
    ``mine`` picks."""
    found: dict[int, list[str]] = {}
    for name, run in runs:
        for e in run.exchanges:
            if mine(e):
                text = e.reply.text if e.reply.ok else f"! {e.reply.error}"
                found.setdefault(e.position, []).append(f"{name}: {text}")
    return found
