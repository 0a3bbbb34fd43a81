"""Replies that say nothing new: echoes of the partner's line (A8) and repeats of an earlier reply (A9).

A parrot passes the seed's tests: a copy of the partner's line is "coherent" with it by cosine,
a reply said again and again "consistent" with itself. Both are measured here by what the reply
*copies*: the share of its words that lie in runs of at least ``block`` (4) words found, in order, in
the other text (difflib's matching blocks over words, case and punctuation aside), so "most of
it, with a word changed" counts as a copy too and a reply that quotes a line and adds its own
does not.

* echo (A8): the reply copies at least ``echo_share`` of its words from the partner's line of
  the same round, the copy holds at least ``source_share`` of that line, and it is at least
  ``echo_words`` words long ("Hello!" to "Hello!" is a greeting);
* repeat (A9): the reply copies at least ``repeat_share`` of its words from one earlier reply of
  the same speaker, the copy holds at least ``source_share`` of that reply (a short answer taking
  up a phrase of a long earlier reply says something new), and it is at least ``repeat_words``
  words long (a formula such as "Yes, it is." recurs in any conversation); unless that earlier
  reply answered the same line as this one: a question asked again may get the same answer
  (I13 asks so on purpose);
* a formula said again (A9 too): a reply under ``repeat_words`` words, word for word an earlier
  reply of the same speaker to another line, said to a line it does not answer: a line that is
  no question, a Yes/No to an open question, anything but a Yes/No or "I don't know" to a Yes/No
  question, or, once said to a line that asks nothing, anything but "I don't know" to an open
  question. "No, it is not." is an answer to "Is my hometown Rome?" however often it comes; to
  "My hometown is Rome." and "What is my secret word?" it is a loop (docs/battery.md).

The lengths and the half come from the labelling definitions (tests/oracle/battery/repeat_labels.py);
both shares were 0.8 before the labelled set was compared, which missed echoes with a phrase
changed (copies of 0.76-0.79): every echo share from 0.6 to 0.75 gives precision 1.00 and recall
>= 0.98 on it, and 0.75 is the strictest of them; the repeat share stays at 0.8 (precision 1.00,
recall 0.99), where a template filled with new information ("Thank you for telling me ... My
hometown is Rome, ...", 79% like an earlier one) is no repeat (docs/battery.md; test_repeats.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from kgtest.core.conversation_settings import RepeatSettings

_WORD = re.compile(r"[\w']+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_AUXILIARIES = frozenset(
    (
        *("am", "is", "are", "was", "were", "do", "does", "did", "have", "has", "had", "can", "could"),
        *("will", "would", "shall", "should", "may", "might", "must", "isn't", "aren't", "wasn't"),
        *("weren't", "don't", "doesn't", "didn't", "haven't", "hasn't", "can't", "couldn't", "won't"),
        "wouldn't",
    )
)
"""The words a Yes/No question opens with."""


@dataclass(frozen=True, slots=True)
class Copy:
    """How much of a reply another text holds: the share of its words, their number, and where."""

    share: float
    """Of the reply's words."""
    words: int
    turn: int
    """The round of the text copied from (0: none)."""
    text: str = ""
    held: float = 0.0
    """The share of the text copied from that the copy holds."""

    def counts(self, share: float, least: int, held: float) -> bool:
        return self.share >= share and self.words >= least and self.held >= held


NONE = Copy(0.0, 0, 0)


@dataclass(frozen=True, slots=True)
class Repeats:
    """What one reply copies: the partner's line (echo), and its own closest earlier reply."""

    echo: Copy
    repeat: Copy
    is_echo: bool
    is_repeat: bool

    @property
    def says_nothing_new(self) -> bool:
        return self.is_echo or self.is_repeat


def words(text: str) -> list[str]:
    """The words compared: lower case, punctuation dropped."""
    return [w.lower() for w in _WORD.findall(text)]


def copied(reply: Sequence[str], source: Sequence[str], block: int = 4) -> int:
    """Words of ``reply`` in runs of at least ``block`` words that ``source`` holds in the same order."""
    if not reply or not source:
        return 0
    matcher = SequenceMatcher(None, list(reply), list(source), autojunk=False)
    return sum(m.size for m in matcher.get_matching_blocks() if m.size >= block)


def copy_of(reply: str, source: str, turn: int, block: int = 4) -> Copy:
    mine, theirs = words(reply), words(source)
    n = copied(mine, theirs, block)
    return Copy(round(n / len(mine), 4), n, turn, source, round(n / len(theirs), 4)) if n else NONE


def find_repeats(rounds: Sequence[tuple[str, str]], config: RepeatSettings | None = None) -> list[Repeats]:
    """For each ``(line, reply)`` of one speaker's conversation, in round order: what the reply copies.

    Rounds are numbered from 1; an empty reply (a failed one) copies nothing and is never copied.
    """
    c = config or RepeatSettings()
    found: list[Repeats] = []
    for k, (line, reply) in enumerate(rounds, 1):
        echo = copy_of(reply, line, k, c.block) if reply.strip() else NONE
        repeat = NONE
        for j, (before_line, before) in enumerate(rounds[: k - 1], 1):
            if not before.strip() or _same_line(before_line, line):
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


def said_again(rounds: Sequence[tuple[str, str]], turn: int, config: RepeatSettings | None = None) -> Copy:
    """The earlier reply that round ``turn``'s short reply repeats word for word, where it answers nothing.

    Too short for A9's shares to mean anything, a formula is judged by what it replies to: said
    again to a line it cannot answer, it is the reply the system gives to anything. Once it has
    been said to a line that asks nothing ("Okay." to "I went for a walk."), it is no answer to an
    open question either ("Okay." to "What is my hometown?"), where a name would be one.
    """
    c = config or RepeatSettings()
    line, reply = rounds[turn - 1]
    mine = _tokens(reply)
    if not mine or len(mine) >= c.repeat_words:
        return NONE
    before = [(j, b_line, b) for j, (b_line, b) in enumerate(rounds[: turn - 1], 1) if _tokens(b) == mine]
    others = [(j, b) for j, b_line, b in before if not _same_line(b_line, line)]
    filler = any(asks(b_line) == "nothing" for _, b_line, _ in before) and not _dont_know(mine)
    if not others or (answers(line, mine) and not (filler and asks(line) == "open")):
        return NONE
    j, text = others[0]
    return Copy(1.0, len(mine), j, text, 1.0)


def asks(line: str) -> str:
    """What a line asks: ``yes/no`` (a last sentence asking "is ...?", "do ...?"), ``open`` or ``nothing``."""
    question = line.rstrip()
    if not question.endswith("?"):
        return "nothing"
    asked = words(_SENTENCE.split(question)[-1])
    return "yes/no" if asked and asked[0] in _AUXILIARIES else "open"


def answers(line: str, reply: Sequence[str]) -> bool:
    """Whether a short reply (its words) can be an answer to ``line``: a question of the right kind."""
    kind = asks(line)
    if kind == "nothing" or not reply or not _WORD.match(reply[0]):
        return False
    return _dont_know(reply) or (kind == "yes/no") == (reply[0] in ("yes", "no"))


def _tokens(text: str) -> list[str]:
    """A reply's words; for a reply of none ("...", "?!"), its text as one token, so it can be said again."""
    return words(text) or ([text.strip()] if text.strip() else [])


def _dont_know(reply: Sequence[str]) -> bool:
    return list(reply[:3]) in (["i", "don't", "know"], ["i", "do", "not"])


def canned(rounds: Sequence[tuple[str, str]], turn: int, config: RepeatSettings | None = None) -> Copy:
    """The reply of round ``turn`` given, all but word for word, to another line of the conversation.

    I13's agreement means nothing when the answer is the reply the system gives to anything.
    """
    c = config or RepeatSettings()
    line, reply = rounds[turn - 1]
    for j, (other_line, other) in enumerate(rounds, 1):
        if j == turn or not other.strip() or _same_line(other_line, line):
            continue
        both = copy_of(reply, other, j, c.block)
        if both.counts(c.repeat_share, c.repeat_words, c.source_share):
            return both
        theirs = _tokens(other)
        if theirs == _tokens(reply) and len(theirs) < c.repeat_words and not answers(other_line, theirs):
            return Copy(1.0, len(theirs), j, other, 1.0)  # a formula it also says to a line it cannot answer
    return NONE


def _same_line(a: str, b: str) -> bool:
    return words(a) == words(b)
