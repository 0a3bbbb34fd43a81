"""The partner system's side of a free conversation, turned round so the same audit judges it.

In a free conversation (``--partner``) both speakers are systems, and a parrot can sit on
either side: two SmolLM2s echoing each other scored SWAN 0.999 with only one side judged. The
partner's replies are judged as a system's: its round i is the other system's reply of round i
(its line) and its own reply of round i + 1. Verdicts and nuggets are then put back on the round
in which the partner spoke.
"""

from __future__ import annotations

from dataclasses import replace

from kgtest.generator.conversation.script_records import PartnerLine
from kgtest.runner.conversation import PARTNER, SCRIPTED, SUT, ChatRecord, Utterance


def turned(record: ChatRecord) -> ChatRecord | None:
    """The conversation from the partner system's side; None with the scripted partner or no reply of its."""
    if record.partner == SCRIPTED:
        return None
    mine = {u.turn: u for u in record.utterances if u.speaker == PARTNER and u.reply is not None}
    theirs = {u.turn: u for u in record.utterances if u.speaker == SUT}
    utterances: list[Utterance] = []
    lines: list[PartnerLine] = []
    for i in range(1, len(record.utterances)):
        if i not in theirs or i + 1 not in mine:
            break
        line, reply = theirs[i], mine[i + 1]
        utterances += [Utterance(i, PARTNER, line.text), Utterance(i, SUT, reply.text, reply.reply)]
        lines.append(PartnerLine(i, line.text, "partner"))
    if not lines:
        return None
    script = replace(record.script, turns=len(lines), lines=tuple(lines), tests=())
    return replace(
        record,
        sut=record.partner,
        partner=record.sut,
        settings=replace(record.settings, turns=len(lines)),
        script=script,
        utterances=tuple(utterances),
    )
