"""Conversations held with the runner's real conversation driver, for the battery oracle's tests.

One helper, so the tests do not each follow the runner's API: scripts become conversation
cases, the driver asks the plug-in bots through the real reply cache, and each transcript
becomes the ``ChatRecord`` the oracle reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from kgtest.generator.conversation.cases import conversation_cases
from kgtest.generator.conversation.script_records import Script
from kgtest.runner.ask import Asker
from kgtest.runner.cache import ReplyCache
from kgtest.runner.conversation import SCRIPTED, ChatRecord, ConverseSettings, ask_conversations, chat_record
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Sampling


def hold(
    scripts: Sequence[Script],
    spec: str,
    settings: ConverseSettings,
    cache: Path,
    partner: str | None = None,
) -> list[ChatRecord]:
    """One conversation per script between ``spec`` and the scripted partner (or ``partner``)."""
    cases = conversation_cases(scripts)
    sampling = Sampling()
    sut = open_sut(spec)
    other = open_sut(partner) if partner is not None else None
    try:
        with ReplyCache(cache) as replies:
            asker = Asker(replies, sut, sampling)
            partner_asker = Asker(replies, other, sampling) if other is not None else None
            transcripts = ask_conversations(asker, cases, settings, partner_asker)
    finally:
        sut.close()
        if other is not None:
            other.close()
    name = SCRIPTED if other is None else other.spec
    return [
        chat_record(c, t, sut.spec, sampling, settings, name) for c, t in zip(cases, transcripts, strict=True)
    ]
