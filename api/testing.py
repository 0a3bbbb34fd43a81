"""kgtest inside a test suite: ask a system a suite (or part of it), judge it, and assert per case or
on the headline score (docs/pytest.md). The pytest plugin (api/pytest_plugin.py) is built on this;
nothing here needs pytest.

Everything goes through the one spine: the cases chosen are written as a suite of their own in the
workspace, asked with ``run``, judged with ``judge``. A system asked the same cases in one process
is asked and judged once, however many tests read the result; across processes the reply cache
answers what was asked before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kgtest.api.asking import run
from kgtest.api.importing import import_questions
from kgtest.api.judging import Judged, judge
from kgtest.api.kinds import KINDS
from kgtest.api.systems import SystemLike
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.errors import ConfigError
from kgtest.core.settings import Settings
from kgtest.generator.case import EvidenceFact, Proof, TestCase, read_suite, write_suite
from kgtest.oracle.outcomes import PASSING, JudgedReply
from kgtest.oracle.scores import KindScore
from kgtest.runner.transcript import Transcript


@dataclass(frozen=True)
class Ask:
    """What to ask and of whom: a suite (or a file of your own questions), the cases chosen from it,
    the system, its settings, and the workspace."""

    system: SystemLike
    suite: str | Path | None = None
    """A suite file (JSON Lines, as ``kgtest gen`` writes); default: the workspace's suite."""
    questions: str | Path | None = None
    """Or a file of your own questions (docs/suite-format.md), imported into the workspace first."""
    kinds: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    """Case ids, or unique prefixes of them."""
    workspace: WorkspaceLike = None
    settings: dict[str, Any] = field(default_factory=dict)
    """The system's settings over kgtest.toml's (``max_tokens``, ``prompt``, ``system_prompt`` ...)."""

    def key(self, settings: Settings) -> tuple[object, ...]:
        """Equal for two asks of the same cases of the same system (the same object, or spec) in
        the workspace of ``settings``."""
        who = self.system if isinstance(self.system, str) else id(self.system)
        return (who, str(self.suite), str(self.questions), self.kinds, self.rules, self.domains, self.ids,
                str(settings.workspace), repr(sorted(self.settings.items(), key=str)))  # fmt: skip


@dataclass(frozen=True, slots=True)
class CaseResult:
    """One case as judged: its verdict, the transcript it rests on, and why, in words."""

    case: TestCase
    record: JudgedReply
    transcript: Transcript
    run_id: str

    @property
    def id(self) -> str:
        return self.case.id

    @property
    def passed(self) -> bool:
        return self.record.outcome in PASSING

    @property
    def outcome(self) -> str:
        return self.record.outcome

    @property
    def reply(self) -> str:
        return self.record.reply

    @property
    def reasons(self) -> tuple[str, ...]:
        return self.record.why

    def explain(self) -> str:
        """The case, the prompt sent, the reply, the verdict and its reasons, and the proof."""
        c, r = self.case, self.record
        lines = [f"case {c.id} ({c.kind} / {c.rule} / {c.domain}), run {self.run_id}: {r.outcome}",
                 f"question: {c.question}"]  # fmt: skip
        view = KINDS.part(KINDS[c.kind].view)
        shown = view.lines(c, [(self.run_id, self.transcript)])
        lines += [f"{line.bold} {line.text}".strip() for line in shown]
        if view.shows_reply:
            if r.verdict is not None:
                lines.append(f"answer read: {r.verdict.answer.stance.value}")
            lines += ["prompt sent:", *_indented(self.transcript.exchanges[0].asked), "reply:",
                      *_indented(r.reply)]  # fmt: skip
        lines += ["why:", *(f"  - {reason}" for reason in self.reasons or ("(no reason given)",))]
        if c.proof is not None:
            lines += ["proof:", *_proof(c.proof, "  ")]
        elif c.evidence:
            lines += ["evidence:", *(f"  {_fact(f)}" for f in c.evidence)]
        return "\n".join(lines)

    def assert_passed(self) -> None:
        """Fails (AssertionError) with ``explain()`` unless the case passed."""
        __tracebackhide__ = True
        if not self.passed:
            raise AssertionError(self.explain())


@dataclass(frozen=True, slots=True)
class Checked:
    """A system's judged run of the cases asked."""

    judged: Judged
    results: dict[str, CaseResult]
    """By case id, in suite order."""

    def __getitem__(self, case_id: str) -> CaseResult:
        return self.results[case_id]

    def score(self, kind: str) -> KindScore | None:
        return self.judged.verdicts.score(kind)

    def assert_score(self, at_least: float, kind: str | None = None) -> None:
        """Fails unless each kind's headline score (or ``kind``'s) is at least ``at_least``: 0 is
        what a system that knows nothing gets, 1 every case right (docs/scores.md)."""
        __tracebackhide__ = True
        kinds = (
            [kind] if kind is not None else list(dict.fromkeys(r.case.kind for r in self.results.values()))
        )
        low = []
        for name in kinds:
            scored = self.score(name)
            if scored is None:
                raise AssertionError(f"no {name} cases were judged, so {name} has no score")
            if scored.score is None or scored.score < at_least:
                low.append(_score_words(scored, at_least))
        if low:
            failing = [r.id for r in self.results.values() if not r.passed]
            shown = ", ".join(failing[:10]) + (" ..." if len(failing) > 10 else "")
            raise AssertionError("\n".join([*low, f"{len(failing)} cases did not pass: {shown}"]))


_DONE: dict[tuple[object, ...], tuple[Ask, Checked]] = {}
"""Asks already asked and judged in this process (the ask kept, so an object's id stays its own)."""


def check(
    system: SystemLike,
    suite: str | Path | None = None,
    *,
    questions: str | Path | None = None,
    kinds: Sequence[str] = (),
    rules: Sequence[str] = (),
    domains: Sequence[str] = (),
    ids: Sequence[str] = (),
    workspace: WorkspaceLike = None,
    **settings: Any,
) -> Checked:
    """Ask ``system`` the cases of ``suite`` (or of a ``questions`` file) of ``kinds``, ``rules``,
    ``domains`` and ``ids`` (each: any of them; none: all), and judge its replies; once per process
    for the same choice and system. ``settings`` override the system's (``max_tokens``, ``prompt``)."""
    ask = Ask(system, suite, questions, tuple(kinds), tuple(rules), tuple(domains), tuple(ids), workspace,
              settings)  # fmt: skip
    return asked(ask)


def assert_score(
    system: SystemLike,
    at_least: float,
    suite: str | Path | None = None,
    *,
    kind: str | None = None,
    **choice: Any,
) -> Checked:
    """One line for a test: ``check(system, suite, **choice)``, then fail unless every kind's
    headline score (or ``kind``'s) is at least ``at_least`` (0: knowing nothing, 1: every case
    right; docs/scores.md). The message gives the score, chance, the interval and the failing ids."""
    __tracebackhide__ = True
    checked = check(system, suite, **choice)
    checked.assert_score(at_least, kind)
    return checked


def asked(ask: Ask) -> Checked:
    """The system asked the chosen cases and judged, once per process for the same ask."""
    settings = settings_of(ask.workspace)
    found = _DONE.get(ask.key(settings))
    if found is not None:
        return found[1]
    suite = chosen_suite(ask, settings)
    [asked] = run([suite], [ask.system], workspace=settings, kinds=ask.kinds or None, **ask.settings)
    judged = judge(asked.summary.run_id, workspace=settings, graph=False)
    verdicts = judged.verdicts
    records = {r.case_id: r for r in verdicts.records}
    results = {
        case.id: CaseResult(case, records[case.id], transcript, verdicts.run_id)
        for case, transcript in verdicts.pairs
    }
    checked = Checked(judged, results)
    _DONE[ask.key(settings)] = (ask, checked)
    return checked


def case_ids(ask: Ask) -> list[str]:
    """The ids of the cases ``ask`` chooses, in suite order, without asking anything."""
    return [c.id for c in _chosen(ask, _source(ask, settings_of(ask.workspace)))]


def chosen_suite(ask: Ask, settings: Settings) -> Path:
    """The suite to run: the file itself when nothing but kinds is chosen, else the chosen cases
    written as a suite of their own in the workspace (named by their content: the same choice is
    the same file, the same run)."""
    source = _source(ask, settings)
    if not (ask.rules or ask.domains or ask.ids):
        return source
    cases = _chosen(ask, source)
    text = "\n".join(c.to_json() for c in cases)
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=5).hexdigest()
    path = settings.paths.suites / f"{source.stem}-{digest}.jsonl"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_suite(path, cases)
    return path


def _source(ask: Ask, settings: Settings) -> Path:
    if ask.questions is not None and ask.suite is not None:
        raise ConfigError("give a suite or a questions file, not both")
    if ask.questions is not None:
        return import_questions(ask.questions, workspace=settings).path
    return Path(ask.suite) if ask.suite is not None else settings.paths.default_suite


def _chosen(ask: Ask, source: Path) -> list[TestCase]:
    cases = [
        c
        for c in read_suite(source)
        if _kept(c.kind, ask.kinds) and _kept(c.rule, ask.rules) and _kept(c.domain, ask.domains)
    ]
    if ask.ids:
        unmatched = [i for i in ask.ids if not any(c.id.startswith(i) for c in cases)]
        if unmatched:
            raise ConfigError(f"{source}: no case chosen has an id starting with {unmatched[0]!r}")
        cases = [c for c in cases if any(c.id.startswith(i) for i in ask.ids)]
    if not cases:
        wanted = {"kinds": ask.kinds, "rules": ask.rules, "domains": ask.domains}
        said = "; ".join(f"{k} {', '.join(v)}" for k, v in wanted.items() if v)
        raise ConfigError(f"{source} holds no case of {said or 'any kind'}")
    return cases


def _kept(value: str, wanted: Sequence[str]) -> bool:
    return not wanted or value in wanted


def _score_words(scored: KindScore, at_least: float) -> str:
    def n(x: float | None) -> str:
        return "n/a" if x is None else f"{x:.3f}"

    interval = f" [{n(scored.interval[0])}, {n(scored.interval[1])}]" if scored.interval else ""
    return (
        f"{scored.kind}: score {n(scored.score)} is under {at_least:g} ({scored.measure} {n(scored.value)}, "
        f"chance {n(scored.chance)} by {scored.best_constant or 'no constant'}, estimate "
        f"{n(scored.estimate)}{interval}, over {len(scored.units)} units{_left_out(scored.unjudged)})"
    )


def _left_out(unjudged: int) -> str:
    return f"; {unjudged} the oracle failed to judge, left out" if unjudged else ""


def _indented(text: str) -> list[str]:
    return [f"  {line}" for line in text.splitlines() or [""]]


def _proof(proof: Proof, indent: str) -> Iterable[str]:
    assuming = f" (assuming {proof.assumption})" if proof.assumption else ""
    yield f"{indent}{proof.rule}: {proof.said or proof.conclusion}{assuming}"
    for premise in proof.premises:
        if isinstance(premise, EvidenceFact):
            yield f"{indent}  {_fact(premise)}"
        else:
            yield from _proof(premise, indent + "  ")


def _fact(fact: EvidenceFact) -> str:
    years = f" [{fact.start_year}-{fact.end_year if fact.end_year is not None else ''}]"
    shown = years if fact.start_year is not None else ""
    return f"{fact.subject_label} --{fact.property_label}--> {fact.object_label}{shown}"
