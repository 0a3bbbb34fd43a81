"""Dialogue cases put to a system: round k of every dialogue in one batch, each prefix asked once.

A judged question is sent with the dialogue so far: MORTAR's instruction and the story as the
system message, then the earlier rounds (question, and the gold answer, "Unknown" where the turn
is unanswerable, or with ``history="sut"`` the system's own earlier answer), then the question.
Rounds of one dialogue are sequential; different dialogues are not, so round k of all of them
goes to the system in one ``replies`` call (hf batches them, openai keeps its concurrency).

Every reply goes to the workspace's reply cache, keyed by the whole conversation, the moment it
arrives: the common prefix of perturbed variants (and a question asked again by a later run) is
asked once, and a run killed or failed mid-dialogue resumes where it stopped. A transport failure
(timeout, HTTP 5xx) is never cached; a dialogue with one is not judged (``complete`` is False)
until a later run gets its answer. An empty reply is a failure with its reason.
See docs/runner.md ("Dialogue runs").
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from kgtest.core.errors import GenerationError
from kgtest.core.files import atomic_writer, write_atomic
from kgtest.core.progress import Progress, no_progress
from kgtest.core.records import from_plain, to_plain
from kgtest.core.settings import Settings
from kgtest.generator.case import TestCase
from kgtest.generator.dialogue.model import DialogueCase
from kgtest.runner.cache import ReplyCache, reply_key
from kgtest.runner.sut import STORE_LIMIT, Conversation, Message, Reply, Sampling, SystemUnderTest

HISTORIES = ("gold", "sut")
"""What earlier rounds show as answers: the expected ones, or the system's own."""

ASKED = ""
"""``Probe.variant`` of a turn asked as the dialogue has it (baselines name their perturbation)."""


@dataclass(frozen=True, slots=True)
class Probe:
    """A question to put in place of a turn's own: a single-turn baseline (SYR, L33t, Typo)."""

    case_id: str
    position: int
    variant: str
    question: str
    reverted: bool = False
    """The perturbed question was too far from the original (semantic filter): this is the original."""


@dataclass(frozen=True, slots=True)
class RoundReply:
    """The system's reply to one round of one dialogue case (or to a baseline's question there)."""

    case_id: str
    position: int
    variant: str
    question: str
    key: str
    """The reply cache's key: system, sampling and the whole conversation."""
    reply: Reply

    def to_json(self) -> str:
        return json.dumps(to_plain(self), ensure_ascii=False, sort_keys=True)

    @staticmethod
    def from_json(line: str) -> RoundReply:
        return from_plain(RoundReply, json.loads(line))


@dataclass(frozen=True, slots=True)
class DialogueRunSummary:
    run_id: str
    replies_path: Path
    rounds: int
    """Round replies the run holds (dialogue rounds and baseline questions)."""
    distinct: int
    """Distinct conversations among them: the rest share a prefix (and question) already asked."""
    asked: int
    """Sent to the system by this invocation; the rest came from the cache."""
    failed: int
    unasked: int
    """Rounds not asked because an earlier round of their dialogue failed (``history="sut"``)."""
    incomplete: int
    """Dialogue cases with a failed or unasked round from a transport failure: judged once complete."""
    completion_tokens: int
    seconds: float


def conversation(
    case: DialogueCase, instruction: str, position: int, answers: Sequence[str], question: str | None = None
) -> Conversation:
    """What the system is sent for the turn at ``position``: instruction and story, earlier rounds
    with ``answers`` (one per earlier turn), then the question (the turn's own unless given)."""
    system = instruction if case.story is None else f"{instruction}\n\nStory:\n{case.story.text}"
    messages: list[Message] = [{"role": "system", "content": system}]
    for turn, answer in zip(case.turns[: position - 1], answers, strict=True):
        messages.append({"role": "user", "content": case.round(turn.origin).question})
        messages.append({"role": "assistant", "content": answer})
    asked = case.round(case.turns[position - 1].origin).question if question is None else question
    messages.append({"role": "user", "content": asked})
    return tuple(messages)


def run_dialogues(
    cases: Sequence[TestCase],
    sut: SystemUnderTest,
    sampling: Sampling,
    settings: Settings,
    *,
    history: str = "gold",
    probes: Sequence[Probe] = (),
    progress: Progress | None = None,
    suite: Path | None = None,
) -> DialogueRunSummary:
    """Ask every round of every dialogue case (and every probe), round k of all dialogues at once.

    ``suite``: the file the cases came from, kept in run.json for ``kgtest inspect``."""
    started = time.perf_counter()
    dialogues = [c for c in cases if c.kind == "dialogue" and c.dialogue is not None]
    if not dialogues:
        raise GenerationError("the suite holds no dialogue cases; write some with `kgtest gen --dialogues N`")
    if history not in HISTORIES:
        raise GenerationError(f"history {history!r} is not one of {', '.join(HISTORIES)}")
    run_id = _run_id(sut.spec, sampling, history, dialogues, probes)
    files = settings.paths.run(run_id)
    by_turn: dict[tuple[str, int], list[Probe]] = {}
    for p in probes:
        by_turn.setdefault((p.case_id, p.position), []).append(p)
    state = _State(sut, sampling, history, progress or no_progress)
    with ReplyCache(settings.paths.reply_cache) as cache:
        for k in range(1, max(len(c.dialogue.turns) for c in dialogues if c.dialogue) + 1):
            state.ask_round(cache, dialogues, k, by_turn)
    results = state.results
    files.folder.mkdir(parents=True, exist_ok=True)
    path = files.folder / "dialogue_replies.jsonl"
    with atomic_writer(path) as out:  # a reader never sees half a run
        for r in results:
            out.write(r.to_json() + "\n")
    incomplete = len({r.case_id for r in results if r.reply.transient} | state.stopped)
    summary = DialogueRunSummary(
        run_id=run_id,
        replies_path=path,
        rounds=len(results),
        distinct=len({r.key for r in results}),
        asked=state.asked,
        failed=sum(not r.reply.ok for r in results),
        unasked=state.unasked,
        incomplete=incomplete,
        completion_tokens=state.tokens,
        seconds=time.perf_counter() - started,
    )
    manifest: dict[str, Any] = {
        "run_id": run_id,
        "kind": "dialogue",
        "system": sut.spec,
        "sampling": asdict(sampling),
        "history": history,
        "suite": str(suite.resolve()) if suite is not None else None,
        "cases": len(dialogues),
        "status": "complete" if not incomplete else "incomplete",
        **{k: v for k, v in asdict(summary).items() if k not in ("run_id", "replies_path", "seconds")},
    }
    write_atomic(files.manifest, json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    return summary


def read_round_replies(path: Path) -> list[RoundReply]:
    with path.open(encoding="utf-8") as lines:
        return [RoundReply.from_json(line) for line in lines if line.strip()]


class _State:
    """The answers so far of every dialogue, and what asking them cost."""

    def __init__(self, sut: SystemUnderTest, sampling: Sampling, history: str, tick: Progress) -> None:
        self.sut, self.sampling, self.history, self.tick = sut, sampling, history, tick
        self.results: list[RoundReply] = []
        self.answers: dict[str, list[str]] = {}
        """Per case: what earlier rounds show as answers."""
        self.stopped: set[str] = set()
        self.asked = self.tokens = self.unasked = 0

    def ask_round(
        self,
        cache: ReplyCache,
        dialogues: Sequence[TestCase],
        k: int,
        by_turn: dict[tuple[str, int], list[Probe]],
    ) -> None:
        wanted: list[tuple[str, int, str, str, Conversation]] = []
        expected: dict[str, list[str]] = {}
        for case in dialogues:
            d = case.dialogue
            if d is None or k > len(d.turns):
                continue
            if case.id in self.stopped:
                self.unasked += 1 + len(by_turn.get((case.id, k), ()))
                continue
            answers = self.answers.setdefault(case.id, [])
            expected[case.id] = [t.expected[0] for t in d.turns]
            own = (case.id, k, ASKED, d.round(d.turns[k - 1].origin).question)
            for cid, pos, variant, question in [
                own,
                *((p.case_id, p.position, p.variant, p.question) for p in by_turn.get((case.id, k), ())),
            ]:
                wanted.append(
                    (cid, pos, variant, question, conversation(d, case.prompt, k, answers, question))
                )
        keys = [reply_key(self.sut.spec, self.sampling, w[4]) for w in wanted]
        known = cache.get(set(keys))
        todo = {key: w[4] for key, w in zip(keys, wanted, strict=True) if key not in known}
        self._ask(cache, todo, known, k)
        for key, (cid, pos, variant, question, _) in zip(keys, wanted, strict=True):
            reply = known[key]
            self.results.append(RoundReply(cid, pos, variant, question, key, reply))
            if variant != ASKED:
                continue
            if self.history == "sut" and not reply.ok:
                self.stopped.add(cid)  # the next round would show a failure as an answer
            self.answers[cid].append(reply.text if self.history == "sut" else expected[cid][pos - 1])

    def _ask(self, cache: ReplyCache, todo: dict[str, Conversation], known: dict[str, Reply], k: int) -> None:
        if not todo:
            return
        keys = list(todo)
        self.tick(f"round {k}", 0, len(keys))
        replies = self.sut.replies([todo[key] for key in keys], self.sampling)
        for done, (i, answer) in enumerate(replies, 1):
            reply = _checked(answer.capped(STORE_LIMIT))
            if not reply.transient:  # a dropped connection or a 5xx says nothing about the question
                cache.put(keys[i], todo[keys[i]], reply)
            known[keys[i]] = reply
            self.tokens += reply.completion_tokens or 0
            self.tick(f"round {k}", done, len(keys))
        self.asked += len(keys)


def _checked(reply: Reply) -> Reply:
    """An answer with no text is no answer: a failure, with its reason."""
    if reply.ok and not reply.text.strip():
        return replace(reply, error=f"empty reply (finish reason {reply.finish_reason or 'unknown'})")
    return reply


def _run_id(
    system: str, sampling: Sampling, history: str, cases: Sequence[TestCase], probes: Sequence[Probe]
) -> str:
    text = json.dumps(
        [system, asdict(sampling), history, [c.id for c in cases], [to_plain(p) for p in probes]],
        sort_keys=True,
    )
    return "d" + hashlib.blake2b(text.encode("utf-8"), digest_size=6).hexdigest()
