"""The dialogue driver: a dialogue case's rounds in order, round k of every dialogue in one batch.

A judged question is sent with the dialogue so far: MORTAR's instruction and the story as the
system message, then the earlier rounds (question, and the gold answer, "Unknown" where the turn
is unanswerable, or with ``history="sut"`` the system's own earlier answer), then the question.
Rounds of one dialogue are sequential; different dialogues are not, so round k of all of them
goes to the system in one ``Asker.ask`` (hf batches them, openai keeps its concurrency). The
common prefix of perturbed variants is asked once: the cache key is the whole conversation.
With ``history="sut"`` a failed round stops its dialogue (the next round would show a failure
as an answer). See docs/runner.md ("Dialogue cases").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kgtest.generator.case import TestCase
from kgtest.generator.dialogue.records import DialogueCase
from kgtest.runner.ask import Asker
from kgtest.runner.sut import Conversation, Message, Reply
from kgtest.runner.transcript import Exchange, Transcript

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


def dialogue_problem(case: DialogueCase) -> str:
    """What keeps a dialogue case from being asked ('' when nothing does): a hand-edited suite's
    turn that points at no round, asks nothing, or expects nothing. Checked before a run starts,
    so a suite that breaks halfway through asking leaves no run behind."""
    if not case.turns:
        return "dialogue.turns is empty: nothing to ask"
    for t in case.turns:
        where = f"dialogue.turns[{t.position - 1}]"
        if not 1 <= t.origin <= len(case.rounds):
            return f"{where}.origin is {t.origin}, but dialogue.rounds holds {len(case.rounds)} round(s)"
        if not case.round(t.origin).question.strip():
            return f"dialogue.rounds[{t.origin - 1}].question is empty: {where} would ask nothing"
        if not t.expected:
            return f'{where}.expected is empty: give the gold answer (or "Unknown")'
    return ""


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


def ask_dialogues(
    asker: Asker, cases: Sequence[TestCase], history: str = "gold", probes: Sequence[Probe] = ()
) -> list[Transcript]:
    """Every round of every dialogue case (and every probe), round k of all dialogues at once."""
    dialogues = [(c, c.dialogue) for c in cases if c.dialogue is not None]
    gold = {c.id: [t.expected[0] for t in d.turns] for c, d in dialogues}
    by_turn: dict[tuple[str, int], list[Probe]] = {}
    for p in probes:
        by_turn.setdefault((p.case_id, p.position), []).append(p)
    said: dict[str, list[Exchange]] = {c.id: [] for c, _ in dialogues}
    answers: dict[str, list[str]] = {c.id: [] for c, _ in dialogues}
    stopped: dict[str, str] = {}
    for k in range(1, max((len(d.turns) for _, d in dialogues), default=0) + 1):
        wanted: list[tuple[str, int, str, str, Conversation]] = []
        for case, d in dialogues:
            if k > len(d.turns) or case.id in stopped:
                continue
            own = (ASKED, d.round(d.turns[k - 1].origin).question)
            for variant, question in [own, *((p.variant, p.question) for p in by_turn.get((case.id, k), ()))]:
                asked = conversation(d, case.prompt, k, answers[case.id], question)
                wanted.append((case.id, k, variant, question, asked))
        replies = asker.ask([w[4] for w in wanted], f"round {k}")
        for (cid, pos, variant, question, _), (key, reply) in zip(wanted, replies, strict=True):
            said[cid].append(Exchange(pos, question, key, reply, variant))
            if variant != ASKED:
                continue
            if history == "sut" and not reply.ok:
                stopped[cid] = f"round {pos} failed ({reply.error}): later rounds would show it as an answer"
            answers[cid].append(reply.text if history == "sut" else gold[cid][pos - 1])
    return [Transcript(c.id, c.kind, tuple(said[c.id]), stopped.get(c.id, "")) for c, _ in dialogues]


def round_replies(transcripts: Iterable[Transcript]) -> list[RoundReply]:
    """A dialogue run's exchanges as the metamorphic relations read them."""
    return [
        RoundReply(t.case_id, e.position, e.variant, e.asked, e.key, e.reply)
        for t in transcripts
        for e in t.exchanges
    ]
