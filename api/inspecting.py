"""``inspect``: one test case of any kind, its proof, and every judged reply (``kgtest inspect``).

The case is found in the workspace's suites and the suites its runs asked, so a case can be read
(with its proof, or a dialogue's answerability turn by turn) before any run. Only the lines of
suites, replies and verdicts that name the case are read: finding one case among thousands costs
a few lines, not the files.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from kgtest.api.kinds import KINDS
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.display import Line
from kgtest.core.errors import ConfigError, GenerationError, RunnerError
from kgtest.core.prompts import templates
from kgtest.core.settings import Settings
from kgtest.generator.case import TestCase, cases_mentioning
from kgtest.oracle.outcomes import JudgedReply, verdicts_mentioning
from kgtest.runner.cache import ReplyCache
from kgtest.runner.dialogue_rounds import dialogue_problem
from kgtest.runner.manifest import read_manifest
from kgtest.runner.plan import RunPlan
from kgtest.runner.runs import asked_suite
from kgtest.runner.sut import Conversation
from kgtest.runner.transcript import Transcript, transcripts_mentioning


@dataclass(frozen=True, slots=True)
class JudgedAnswer:
    """One judged run's answer to the case: who answered (``name (run id)``), the verdict, the transcript."""

    name: str
    record: JudgedReply
    transcript: Transcript
    system: str
    """The system's name in kgtest.toml (its spec when it has none)."""
    template: str = ""
    """The run's prompt template for the case's kind (core/prompts.py); empty: the suite's prompt."""
    sent: Conversation = ()
    """The messages its first reply answers, as the reply cache keys them (system prompt, turns,
    prompt); empty when the cache no longer holds them."""


@dataclass(frozen=True, slots=True)
class CaseReport:
    case: TestCase
    lines: tuple[Line, ...]
    """What the case asks, as its kind shows it (a dialogue's turns, a conversation's script)."""
    shows_reply: bool
    """Whether each answer's reply text belongs under its verdict (single questions)."""
    judged: tuple[JudgedAnswer, ...]
    prompt: str = ""
    """The case's prompt as the workspace's ``[prompt]`` template makes it (a ``[[sut]]``'s own
    template may make another: each judged answer says what it was sent)."""
    template: str = ""
    """That template; empty: the suite's prompt is sent as it is."""


def inspect(case_id: str, *, workspace: WorkspaceLike = None) -> CaseReport:
    """The case whose id is or starts with ``case_id``, with every judged run's answer to it."""
    settings = settings_of(workspace)
    case = _find(settings, case_id)
    if case.dialogue is not None and (problem := dialogue_problem(case.dialogue)):  # as `run` says it
        raise GenerationError(
            f"case {case.id}: {problem}. Fix the case's line in its suite, or write the suite again "
            "with `kgtest gen`"
        )
    judged = tuple(_judged(settings, case.id))
    view = KINDS.part(KINDS[case.kind].view)
    lines = view.lines(case, [(a.system, a.transcript) for a in judged])
    plan = RunPlan(prompts=templates((case.kind,), settings.prompt))
    template = plan.prompts.get(case.kind, "")
    return CaseReport(case, tuple(lines), view.shows_reply, judged, plan.shaped(case).prompt, template)


def _find(settings: Settings, prefix: str) -> TestCase:
    """The case whose id is ``prefix``, else the one whose id starts with it, in any suite of the
    workspace or of its runs: an id is never hidden by a longer one (imported ``q1`` beside ``q10``)."""
    if not prefix.strip():
        raise ConfigError("give a case id (or the start of one): `kgtest report` lists them, case by case")
    matches: dict[str, TestCase] = {}
    for suite in _suites(settings):  # only the lines that hold the prefix are read as cases
        matches.update((c.id, c) for c in cases_mentioning(suite, prefix) if c.id.startswith(prefix))
    if prefix in matches:
        return matches[prefix]
    if len(matches) > 1:
        raise ConfigError(f"{prefix!r} matches several cases: {', '.join(sorted(matches)[:10])}")
    if not matches:  # a case id that is not there is a usage error (exit 2), as an unknown flag is
        shown = prefix if len(prefix) <= 80 else f"{prefix[:80]}..."  # a pasted file is no id
        if gone := _suite_gone(settings, prefix):
            raise ConfigError(f"case {shown!r} was {gone}")
        raise ConfigError(
            f"no suite of {settings.paths.root} has a case {shown!r}; `kgtest gen` writes suites"
        )
    return next(iter(matches.values()))


def _suite_gone(settings: Settings, case_id: str) -> str:
    """Which judged run asked ``case_id`` from a suite that is gone, in words; empty: none did. It
    said "no suite has a case ...; `kgtest gen` writes suites", of a case the runs had judged."""
    for run in settings.paths.all_runs():
        if not verdicts_mentioning(run.verdicts, case_id):
            continue
        try:
            suite = asked_suite(run, read_manifest(run))
        except RunnerError:
            continue
        return f"judged in run {run.run_id}, asked from {suite}, which no longer exists; put it back there"
    return ""


def _suites(settings: Settings) -> list[Path]:
    found = [*settings.suite_paths(), *sorted(settings.paths.suites.glob("*.jsonl"))]
    for run in settings.paths.all_runs():
        found.append(run.suite)  # the copy a run keeps of its suite made again since (probe-14b)
        try:
            found.append(asked_suite(run, read_manifest(run)))
        except RunnerError:
            continue
    return [p for p in dict.fromkeys(found) if p.is_file()]


def _judged(settings: Settings, case_id: str) -> list[JudgedAnswer]:
    """Every judged run that asked the case: only the lines of its replies and verdicts that name
    the case are read, not the run's suite."""
    out: list[JudgedAnswer] = []
    with _messages(settings.paths.reply_cache) as sent:
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
            name = f"{manifest.name} (run {run.run_id})"
            template = manifest.plan.prompts.get(transcript.kind, "")
            messages = sent(transcript.exchanges[0].key) or ()
            out += [
                JudgedAnswer(name, record, transcript, manifest.name, template, messages)
                for record in records
            ]
    return out


@contextmanager
def _messages(path: Path) -> Iterator[Callable[[str], Conversation | None]]:
    """The messages the workspace's reply cache holds for a key, the cache opened once; None when
    it cannot say."""
    try:
        cache = ReplyCache(path) if path.exists() else None
    except sqlite3.Error:  # a cache another kgtest wrote, or one this user may not open
        cache = None

    def read(key: str) -> Conversation | None:
        if cache is None:
            return None
        try:
            return tuple(cache.conversation(key)) or None  # the exact messages its reply answers
        except sqlite3.Error:
            return None

    try:
        yield read
    finally:
        if cache is not None:
            cache.close()
