"""Conversations between a system under test and a partner: the scripted one, or a second system.

Each round the partner speaks, then the system replies. The scripted partner says its script's
line (generator/battery/); a partner system replies to the conversation with the roles turned
round, opening with the script's first small-talk line. Each speaker sees the last turns up to
its token budget (the seed framework's ``prev_conv_memory``: chatbots take inputs of different
sizes), counted in words and punctuation marks; a turn is seen whole or not at all, and the
newest always. Round k of every conversation goes to a system in one call (a local model
batches them), and every reply is cached by what determines it, so the same command after a
kill asks only what is missing and a greedy system gives the same conversations again.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgtest.core.errors import RunnerError
from kgtest.core.files import atomic_writer
from kgtest.core.progress import Progress, no_progress
from kgtest.core.records import from_plain, to_plain
from kgtest.generator.battery.model import Script
from kgtest.runner.cache import ReplyCache, reply_key
from kgtest.runner.sut import STORE_LIMIT, Conversation, Message, Reply, Sampling, SystemUnderTest

SCRIPTED = "script"
"""The partner name of the scripted partner."""
PARTNER, SUT = "partner", "sut"
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

    turns: int = 20
    """Rounds: a partner line and the system's reply."""
    context_tokens: int = 0
    """Tokens of the conversation the system under test sees; 0 for all of it."""
    partner_context_tokens: int = 512
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


def window(utterances: Sequence[Utterance], me: str, budget: int) -> list[Message]:
    """The newest turns whose tokens fit ``budget`` (0: all), as chat messages from ``me``'s side."""
    kept: list[Utterance] = []
    used = 0
    for u in reversed(utterances):
        used += tokens(u.text)
        if budget and kept and used > budget:
            break
        kept.append(u)
    return [{"role": "assistant" if u.speaker == me else "user", "content": u.text} for u in reversed(kept)]


def converse(
    scripts: Sequence[Script],
    sut: SystemUnderTest,
    sampling: Sampling,
    settings: ConverseSettings,
    cache_path: Path,
    *,
    partner: SystemUnderTest | None = None,
    progress: Progress | None = None,
) -> list[ChatRecord]:
    """One conversation per script, held in lockstep so each round is one call per system."""
    tick = progress or no_progress
    held: list[list[Utterance]] = [[] for _ in scripts]
    with ReplyCache(cache_path) as cache:
        for turn in range(1, settings.turns + 1):
            if partner is None or turn == 1:
                for said, script in zip(held, scripts, strict=True):
                    said.append(Utterance(turn, PARTNER, script.line(turn).text))
            else:
                asked = [window(said, PARTNER, settings.partner_context_tokens) for said in held]
                for said, reply in zip(held, _ask(cache, partner, sampling, asked), strict=True):
                    said.append(Utterance(turn, PARTNER, reply.text, reply))
            prompt = [{"role": "system", "content": settings.system_prompt}] if settings.system_prompt else []
            asked = [prompt + window(said, SUT, settings.context_tokens) for said in held]
            for said, reply in zip(held, _ask(cache, sut, sampling, asked), strict=True):
                said.append(Utterance(turn, SUT, reply.text, reply))
            tick("rounds", turn, settings.turns)
    name = SCRIPTED if partner is None else partner.spec
    return [
        _record(run, sut.spec, name, sampling, settings, script, tuple(said))
        for run, (script, said) in enumerate(zip(scripts, held, strict=True))
    ]


def _ask(
    cache: ReplyCache, system: SystemUnderTest, sampling: Sampling, asked: list[list[Message]]
) -> list[Reply]:
    """Replies to ``asked``, from the cache where known; the rest in one call, cached as they come."""
    conversations: list[Conversation] = [tuple(c) for c in asked]
    keys = [reply_key(system.spec, sampling, c) for c in conversations]
    known = cache.get(keys)
    todo = list(dict.fromkeys(k for k in keys if k not in known))
    unique = {k: c for k, c in zip(keys, conversations, strict=True)}
    for i, answer in system.replies([unique[k] for k in todo], sampling):
        reply = answer.capped(STORE_LIMIT)
        if not reply.transient:
            cache.put(todo[i], unique[todo[i]], reply)
        known[todo[i]] = reply
    return [known[k] for k in keys]


def _record(
    run: int,
    sut: str,
    partner: str,
    sampling: Sampling,
    settings: ConverseSettings,
    script: Script,
    said: tuple[Utterance, ...],
) -> ChatRecord:
    what = [sut, partner, to_plain(sampling), to_plain(settings), to_plain(script)]
    digest = hashlib.blake2b(json.dumps(what, sort_keys=True).encode("utf-8"), digest_size=6).hexdigest()
    return ChatRecord(f"c{run}-{digest}", run, sut, partner, sampling, settings, script, said)


def write_conversations(path: Path, records: Sequence[ChatRecord]) -> None:
    """One conversation per line, written whole or not at all."""
    with atomic_writer(path) as out:
        for record in records:
            out.write(json.dumps(to_plain(record), sort_keys=True, ensure_ascii=False) + "\n")


def read_conversations(path: Path) -> list[ChatRecord]:
    """The conversations ``write_conversations`` wrote; RunnerError names the file and line at fault."""
    records = []
    try:
        with path.open(encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                try:
                    data: Any = json.loads(line)
                    records.append(from_plain(ChatRecord, data, where=f"conversation on line {number}"))
                except ValueError as exc:  # JSON and record errors
                    raise RunnerError(f"{path}:{number}: not a kgtest conversation: {exc}") from None
    except OSError as exc:
        raise RunnerError(f"cannot read conversations from {path}: {exc.strerror or exc}") from exc
    return records
