"""Conversations between a system under test and a partner: the scripted one, or a second system.

Each round the partner speaks, then the system replies. The scripted partner says its script's
line (generator/conversation/); a partner system replies to the conversation with the roles turned
round, opening with the script's first small-talk line. Each speaker sees the last turns up to
its token budget (the seed framework's ``prev_conv_memory``: chatbots take inputs of different
sizes), counted in words and punctuation marks; a turn is seen whole or not at all, and the
newest always. Round k of every conversation goes to a system in one call (a local model
batches them), and every reply goes through the reply cache (runner/ask.py), so the same
command after a kill asks only what is missing and a greedy system gives the same
conversations again. The conversation driver of the one runner (runner/run.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from kgtest.core.errors import RunnerError
from kgtest.core.settings import BatterySettings
from kgtest.generator.case import TestCase
from kgtest.generator.conversation.script_records import DEFAULT_TURNS, Script
from kgtest.runner.ask import Asker
from kgtest.runner.cache import Prefix
from kgtest.runner.sut import Conversation, Message, Reply, Sampling
from kgtest.runner.transcript import PARTNER, SUT, Exchange, Transcript

_BATTERY = BatterySettings()
"""``[battery]``'s defaults: the one place the context budgets' defaults are written."""

SCRIPTED = "script"
"""The partner name of the scripted partner."""
_TOKEN = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True, slots=True)
class Utterance:
    """One turn: what one speaker said in one round."""

    turn: int
    """The round, from 1."""
    speaker: str
    """``partner`` or ``sut``."""
    text: str
    reply: Reply | None = None
    """The reply record when a system said it (latency, tokens, finish reason, error)."""

    @property
    def failed(self) -> bool:
        return self.reply is not None and not self.reply.ok


@dataclass(frozen=True, slots=True)
class ConverseSettings:
    """How conversations are held; part of each conversation's id."""

    turns: int = DEFAULT_TURNS
    """Rounds: a partner line and the system's reply."""
    context_tokens: int = _BATTERY.context_tokens
    """Tokens of the conversation the system under test sees; 0 for all of it."""
    partner_context_tokens: int = _BATTERY.partner_context_tokens
    """Tokens a partner system sees (the seed's prev_conv_memory_chatter1)."""
    system_prompt: str = ""
    """Sent first to the system under test when not empty."""


@dataclass(frozen=True, slots=True)
class ChatRecord:
    """A conversation as held: its script, settings and every turn, in order."""

    id: str
    run: int
    sut: str
    partner: str
    """``script``, or the spec of the partner system."""
    sampling: Sampling
    settings: ConverseSettings
    script: Script
    utterances: tuple[Utterance, ...]

    def said(self, turn: int, speaker: str = SUT) -> Utterance:
        """The utterance of ``speaker`` in round ``turn``."""
        return self.utterances[2 * (turn - 1) + (speaker == SUT)]

    @property
    def sut_turns(self) -> tuple[Utterance, ...]:
        return tuple(u for u in self.utterances if u.speaker == SUT)


def tokens(text: str) -> int:
    """Words and punctuation marks: the unit of the context budgets."""
    return len(_TOKEN.findall(text))


def window(utterances: Sequence[Utterance], me: str, budget: int, end: int | None = None) -> list[Message]:
    """The newest turns before ``end`` (all of them by default) whose tokens fit ``budget`` (0: all), as
    chat messages from ``me``'s side. Only the turns kept are read, so a window is no dearer late in a
    long conversation than early."""
    last = len(utterances) if end is None else end
    return [_message(u, me) for u in utterances[_kept(utterances, budget, last) : last]]


def _kept(utterances: Sequence[Utterance], budget: int, last: int) -> int:
    """Where the window of ``budget`` tokens (0: all) that ends before ``last`` starts; each turn is
    kept whole, the newest always."""
    if not budget:
        return 0
    used, first = 0, last
    while first > 0:
        used += tokens(utterances[first - 1].text)
        if first < last and used > budget:
            break
        first -= 1
    return first


def _message(u: Utterance, me: str) -> Message:
    return {"role": "assistant" if u.speaker == me else "user", "content": u.text}


@dataclass(slots=True)
class _Held:
    """One conversation as held: its turns, and each turn as a message from either side, made once
    (a turn of a 10,000-round conversation does not build 20,000 messages again)."""

    turns: list[Utterance] = field(default_factory=list)
    seen: dict[str, list[Message]] = field(default_factory=lambda: {SUT: [], PARTNER: []})

    def add(self, said: Utterance) -> None:
        self.turns.append(said)
        for me, messages in self.seen.items():
            messages.append(_message(said, me))

    def window(self, me: str, budget: int) -> list[Message]:
        return self.seen[me][_kept(self.turns, budget, len(self.turns)) :]


def ask_conversations(
    asker: Asker,
    cases: Sequence[TestCase],
    settings: ConverseSettings,
    partner: Asker | None = None,
) -> list[Transcript]:
    """One conversation per case, held in lockstep so each round is one call per system.

    A partner system's failed reply stops its conversation there (the system under test is not
    judged on a line nobody said); the transcript says why."""
    talks = [(c, c.script) for c in cases if c.script is not None]
    held = [_Held() for _ in talks]
    said: list[list[Exchange]] = [[] for _ in talks]
    stopped = ["" for _ in talks]
    # What each side was last sent, when that was the whole conversation: the next whole
    # conversation extends it, so only its new messages are keyed (runner/cache.py, Prefix).
    grown: dict[str, list[Prefix]] = {side: [Prefix() for _ in talks] for side in (SUT, PARTNER)}
    prompt: list[Message] = (
        [{"role": "system", "content": settings.system_prompt}] if settings.system_prompt else []
    )
    for turn in range(1, max((s.turns for _, s in talks), default=0) + 1):
        live = [i for i, (_, s) in enumerate(talks) if turn <= s.turns and not stopped[i]]
        if partner is None or turn == 1:
            for i in live:
                held[i].add(Utterance(turn, PARTNER, talks[i][1].line(turn).text))
        else:
            asked = [tuple(held[i].window(PARTNER, settings.partner_context_tokens)) for i in live]
            answers = _asked(
                partner, asked, [held[i].turns for i in live], grown[PARTNER], live, f"partner turn {turn}"
            )
            for i, (key, reply) in zip(live, answers, strict=True):
                said[i].append(Exchange(turn, held[i].turns[-1].text, key, reply, speaker=PARTNER))
                held[i].add(Utterance(turn, PARTNER, reply.text, reply))
                if not reply.ok:
                    stopped[i] = f"the partner system failed in round {turn}: {reply.error}"
            live = [i for i in live if not stopped[i]]
        sent: list[Conversation] = [
            tuple(prompt + held[i].window(SUT, settings.context_tokens)) for i in live
        ]
        answers = _asked(
            asker, sent, [held[i].turns for i in live], grown[SUT], live, f"turn {turn}", len(prompt)
        )
        for i, (key, reply) in zip(live, answers, strict=True):
            said[i].append(Exchange(turn, held[i].turns[-1].text, key, reply))
            held[i].add(Utterance(turn, SUT, reply.text, reply))
    return [
        Transcript(case.id, case.kind, tuple(s), why)
        for (case, _), s, why in zip(talks, said, stopped, strict=True)
    ]


def _asked(
    asker: Asker,
    sent: Sequence[Conversation],
    held: Sequence[Sequence[Utterance]],
    grown: list[Prefix],
    live: Sequence[int],
    phase: str,
    prompt: int = 0,
) -> list[tuple[str, Reply]]:
    """Each conversation asked, keyed from what was sent before when it extends that; ``grown`` kept."""
    whole = [len(c) == prompt + len(h) for c, h in zip(sent, held, strict=True)]
    bases = [grown[i] if w else Prefix() for i, w in zip(live, whole, strict=True)]
    answers = asker.ask_grown(sent, phase, bases)
    for i, w, (prefix, _, _) in zip(live, whole, answers, strict=True):
        grown[i] = prefix if w else Prefix()
    return [(key, reply) for _, key, reply in answers]


def chat_record(
    case: TestCase,
    transcript: Transcript,
    sut: str,
    sampling: Sampling,
    settings: ConverseSettings,
    partner: str,
) -> ChatRecord:
    """A conversation case's transcript as the battery oracle reads it: every turn, both sides."""
    script = case.script
    if script is None:
        raise RunnerError(f"case {case.id} is not a conversation (no script)")
    utterances: list[Utterance] = []
    for e in transcript.exchanges:
        if e.speaker == PARTNER:
            utterances.append(Utterance(e.position, PARTNER, e.reply.text, e.reply))
            continue
        if not utterances or utterances[-1].speaker != PARTNER:  # the scripted partner's line
            utterances.append(Utterance(e.position, PARTNER, e.asked))
        utterances.append(Utterance(e.position, SUT, e.reply.text, e.reply))
    return ChatRecord(
        case.id, script.run, sut, partner, sampling, replace(settings, turns=script.turns), script,
        tuple(utterances),
    )  # fmt: skip


__all__ = [
    "PARTNER", "SCRIPTED", "SUT", "ChatRecord", "ConverseSettings", "Utterance", "ask_conversations",
    "chat_record", "tokens", "window",
]  # fmt: skip
