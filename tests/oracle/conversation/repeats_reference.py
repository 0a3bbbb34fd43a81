"""The repeat tests as first written (commit 2627fb5): difflib over every earlier reply, one by one.

Quadratic in the rounds and cubic at worst in a reply's length, so the oracle no longer runs it
(oracle/conversation/repeats.py); it stays here as the plain reference the bounded detector must
agree with on conversations of ordinary size (tests/oracle/conversation/test_matching.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

from kgtest.core.conversation_settings import RepeatSettings
from kgtest.oracle.conversation.lines import answers, asks, dont_know, words
from kgtest.oracle.conversation.repeats import NONE, Copy, Repeats

DEFAULT = RepeatSettings()


def _tokens(text: str) -> list[str]:
    return words(text) or ([text.strip()] if text.strip() else [])


def copied(reply: Sequence[str], source: Sequence[str], block: int = 4) -> int:
    if not reply or not source:
        return 0
    matcher = SequenceMatcher(None, list(reply), list(source), autojunk=False)
    return sum(m.size for m in matcher.get_matching_blocks() if m.size >= block)


def copy_of(reply: str, source: str, turn: int, block: int = 4) -> Copy:
    mine, theirs = words(reply), words(source)
    n = copied(mine, theirs, block)
    return Copy(round(n / len(mine), 4), n, turn, source, round(n / len(theirs), 4)) if n else NONE


def find_repeats(rounds: Sequence[tuple[str, str]], c: RepeatSettings = DEFAULT) -> list[Repeats]:
    found: list[Repeats] = []
    for k, (line, reply) in enumerate(rounds, 1):
        echo = copy_of(reply, line, k, c.block) if reply.strip() else NONE
        repeat = NONE
        for j, (before_line, before) in enumerate(rounds[: k - 1], 1):
            if not before.strip() or words(before_line) == words(line):
                continue
            candidate = copy_of(reply, before, j, c.block)
            best = candidate.counts(c.repeat_share, c.repeat_words, c.source_share)
            if (best, candidate.share, candidate.words) >= (
                repeat.counts(c.repeat_share, c.repeat_words, c.source_share),
                repeat.share,
                repeat.words,
            ):
                repeat = candidate
        is_repeat = repeat.counts(c.repeat_share, c.repeat_words, c.source_share)
        if not is_repeat:
            formula = said_again(rounds, k, c)
            repeat, is_repeat = (formula, True) if formula.turn else (repeat, False)
        found.append(
            Repeats(echo, repeat, echo.counts(c.echo_share, c.echo_words, c.source_share), is_repeat)
        )
    return found


def said_again(rounds: Sequence[tuple[str, str]], turn: int, c: RepeatSettings) -> Copy:
    line, reply = rounds[turn - 1]
    mine = _tokens(reply)
    if not mine or len(mine) >= c.repeat_words:
        return NONE
    before = [(j, b_line, b) for j, (b_line, b) in enumerate(rounds[: turn - 1], 1) if _tokens(b) == mine]
    others = [(j, b) for j, b_line, b in before if words(b_line) != words(line)]
    filler = any(asks(b_line) == "nothing" for _, b_line, _ in before) and not dont_know(mine)
    if not others or (answers(line, mine) and not (filler and asks(line) == "open")):
        return NONE
    j, text = others[0]
    return Copy(1.0, len(mine), j, text, 1.0)


def canned(rounds: Sequence[tuple[str, str]], turn: int, c: RepeatSettings = DEFAULT) -> Copy:
    line, reply = rounds[turn - 1]
    for j, (other_line, other) in enumerate(rounds, 1):
        if j == turn or not other.strip() or words(other_line) == words(line):
            continue
        both = copy_of(reply, other, j, c.block)
        if both.counts(c.repeat_share, c.repeat_words, c.source_share):
            return both
        theirs = _tokens(other)
        if theirs == _tokens(reply) and len(theirs) < c.repeat_words and not answers(other_line, theirs):
            return Copy(1.0, len(theirs), j, other, 1.0)
    return NONE
