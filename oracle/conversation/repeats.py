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

The lengths and the half come from the labelling definitions (tests/oracle/conversation/repeat_labels.py);
both shares were 0.8 before the labelled set was compared, which missed echoes with a phrase
changed (copies of 0.76-0.79): every echo share from 0.6 to 0.75 gives precision 1.00 and recall
>= 0.98 on it, and 0.75 is the strictest of them; the repeat share stays at 0.8 (precision 1.00,
recall 0.99), where a template filled with new information ("Thank you for telling me ... My
hometown is Rome, ...", 79% like an earlier one) is no repeat (docs/battery.md; test_repeats.py).

Bounded, whatever the system says (issue 42): the shares are counted by oracle/conversation/matching.py
(difflib's blocks, exactly, without difflib's cubic worst case), over each text's first
``COMPARED_WORDS`` words; and a reply is compared word by word only with the earlier replies it
shares a run of ``block`` words with (an index of every reply's runs), the most promising first,
stopping as soon as no other can do better, at most ``COMPARED_REPLIES`` of them. Replies said
word for word again are one text. A conversation of 10,000 rounds costs about 10,000 times
one round, not 50 million comparisons. Where a limit left the answer open (texts built to
defeat the comparison), ``Repeats`` says so and the test is not judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from kgtest.core.conversation_settings import RepeatSettings
from kgtest.oracle.conversation.lines import answers, asks, dont_know, words
from kgtest.oracle.conversation.matching import (
    COMPARED_WORDS,
    Coded,
    Copied,
    Ints,
    Vocabulary,
    matched,
    shingles,
)

COMPARED_REPLIES = 32
"""Earlier replies compared word by word with one reply, at most (those sharing most with it first)."""
RECENT = 64
"""Replies the index keeps per run of words: the latest to say it first."""
_LOOKUPS = 8_192
"""Index entries read to find one reply's candidates, at most."""


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
    echo_open: str = ""
    """Why A8 cannot tell (the comparison reached its limit); empty when it can."""
    repeat_open: str = ""
    """Why A9 cannot tell; empty when it can."""

    @property
    def says_nothing_new(self) -> bool:
        return self.is_echo or self.is_repeat


def copied(reply: Sequence[str], source: Sequence[str], block: int = 4) -> int:
    """Words of ``reply`` in runs of at least ``block`` words that ``source`` holds in the same order."""
    vocabulary = Vocabulary()
    return matched(vocabulary.code(reply), vocabulary.code(source), block).words


def copy_of(reply: str, source: str, turn: int, block: int = 4) -> Copy:
    vocabulary = Vocabulary()
    mine, theirs = words(reply, COMPARED_WORDS), words(source, COMPARED_WORDS)
    return _copy(vocabulary.code(mine), vocabulary.code(theirs), turn, source, block)[0]


def find_repeats(rounds: Sequence[tuple[str, str]], config: RepeatSettings | None = None) -> list[Repeats]:
    """For each ``(line, reply)`` of one speaker's conversation, in round order: what the reply copies.

    Rounds are numbered from 1; an empty reply (a failed one) copies nothing and is never copied.
    """
    return RepeatFinder(rounds, config).found


def canned(rounds: Sequence[tuple[str, str]], turn: int, config: RepeatSettings | None = None) -> Copy:
    """The reply of round ``turn`` given, all but word for word, to another line of the conversation."""
    return RepeatFinder(rounds, config).canned(turn)


@dataclass(slots=True, eq=False)
class _Text:
    """A reply as compared (its first words), and the rounds that said it."""

    coded: Coded
    runs: Ints
    """The hash of each run of ``block`` words, in order."""
    distinct: Ints
    turns: list[int] = field(default_factory=list)
    last: int = 0
    """The latest round that said it."""
    other: int = 0
    """The latest round whose line differs from the latest's."""


@dataclass(slots=True)
class _Formula:
    """A short reply said word for word in ``turns`` (formula rule)."""

    turns: list[int]
    first_other: int = 0
    """The first round whose line differs from the first's."""
    filler: bool = False
    """Said to a line that asks nothing."""


class RepeatFinder:
    """What each reply of one speaker's conversation copies (``found``); ``canned`` for I13."""

    def __init__(self, rounds: Sequence[tuple[str, str]], config: RepeatSettings | None = None) -> None:
        self._rounds = list(rounds)
        self._c = config or RepeatSettings()
        self._vocabulary = Vocabulary()
        self._lines = [tuple(words(line)) for line, _ in self._rounds]
        self._texts: list[_Text] = []
        self._text_of: dict[tuple[str, ...], int] = {}
        self._said: list[int] = []
        """Per round: its reply's text, -1 for a reply without words."""
        self._postings: dict[int, list[int]] = {}
        self._formulas: dict[tuple[str, ...], _Formula] = {}
        self._exact: dict[tuple[int, int], Copied] = {}
        self.found = [self._judge(k) for k in range(1, len(self._rounds) + 1)]

    def canned(self, turn: int) -> Copy:
        """The reply of round ``turn`` given, all but word for word, to another line of the conversation.

        I13's agreement means nothing when the answer is the reply the system gives to anything.
        """
        c, line = self._c, self._lines[turn - 1]
        best, first = NONE, 0
        mine = self._said[turn - 1]
        if mine >= 0:
            rows = []
            for tid in self._candidates(mine):
                j = next((j for j in self._texts[tid].turns if j != turn and self._lines[j - 1] != line), 0)
                if j and self._bound(mine, tid, j)[0]:
                    rows.append((j, tid))
            for j, tid in sorted(rows)[:COMPARED_REPLIES]:
                copy, _ = self._exact_copy(mine, tid, j)
                if copy.counts(c.repeat_share, c.repeat_words, c.source_share):
                    best, first = copy, j
                    break
        theirs = _short(self._rounds[turn - 1][1], self._c.repeat_words)
        group = self._formulas.get(tuple(theirs))
        if group is not None:
            for j in group.turns:
                if first and j >= first:
                    break
                other_line, other = self._rounds[j - 1]
                if j != turn and self._lines[j - 1] != line and not answers(other_line, theirs):
                    # a formula it also says to a line it cannot answer
                    return Copy(1.0, len(theirs), j, other, 1.0)
        return best

    def _judge(self, k: int) -> Repeats:
        c = self._c
        line, reply = self._rounds[k - 1]
        mine = words(reply, COMPARED_WORDS) if reply.strip() else []
        tid = self._text(mine) if mine else -1
        echo, echo_whole = NONE, True
        if tid >= 0:
            theirs = self._vocabulary.code(words(line, COMPARED_WORDS))
            echo, echo_whole = _copy(self._texts[tid].coded, theirs, k, line, c.block)
        repeat, repeat_open = self._earlier(tid, k) if tid >= 0 else (NONE, "")
        is_repeat = repeat.counts(c.repeat_share, c.repeat_words, c.source_share)
        if not is_repeat:
            formula = self._formula(k)
            if formula.turn:
                repeat, is_repeat, repeat_open = formula, True, ""
        self._remember(k, tid)
        is_echo = echo.counts(c.echo_share, c.echo_words, c.source_share)
        echo_open = "" if is_echo or echo_whole else _LIMIT
        return Repeats(echo, repeat, is_echo, is_repeat, echo_open, "" if is_repeat else repeat_open)

    def _earlier(self, mine: int, k: int) -> tuple[Copy, str]:
        """The earlier reply (to another line) this one copies most, by (counts, share, words, round)."""
        line = self._lines[k - 1]
        keyed = []
        for tid in self._candidates(mine):
            t = self._texts[tid]
            j = t.last if t.last and self._lines[t.last - 1] != line else t.other
            if j:
                keyed.append((self._bound(mine, tid, j), tid, j))
        keyed.sort(reverse=True)
        best, best_key, why = NONE, (False, 0.0, 0, 0), ""
        for tried, (bound, tid, j) in enumerate(keyed):
            if bound <= best_key:
                break  # sorted by what each could reach at best: none left can do better
            if tried == COMPARED_REPLIES:
                why = (
                    f"{len(keyed) - tried} more earlier replies could be copied: {_LIMIT}" if bound[0] else ""
                )
                break
            copy, whole = self._exact_copy(mine, tid, j)
            if not whole:
                why = _LIMIT
            key = self._key(copy.words, mine, tid, j) if copy.words else best_key
            if key > best_key:
                best, best_key = copy, key
        return best, why

    def _formula(self, k: int) -> Copy:
        """The earlier reply that round ``k``'s short reply repeats word for word, where it answers nothing.

        Too short for A9's shares to mean anything, a formula is judged by what it replies to: said
        again to a line it cannot answer, it is the reply the system gives to anything. Once it has
        been said to a line that asks nothing ("Okay." to "I went for a walk."), it is no answer to an
        open question either ("Okay." to "What is my hometown?"), where a name would be one.
        """
        line, reply = self._rounds[k - 1]
        mine = _short(reply, self._c.repeat_words)
        group = self._formulas.get(tuple(mine)) if mine else None
        if group is None:
            return NONE
        first = group.turns[0]
        j = first if self._lines[first - 1] != self._lines[k - 1] else group.first_other
        filler = group.filler and not dont_know(mine)
        if not j or (answers(line, mine) and not (filler and asks(line) == "open")):
            return NONE
        return Copy(1.0, len(mine), j, self._rounds[j - 1][1], 1.0)

    def _text(self, said: list[str]) -> int:
        coded = self._vocabulary.code(said)
        key = tuple(said[: len(coded)])
        tid = self._text_of.get(key)
        if tid is None:
            runs = shingles(coded, self._c.block)
            tid = self._text_of[key] = len(self._texts)
            self._texts.append(_Text(coded, runs, np.unique(runs)))
        return tid

    def _remember(self, k: int, tid: int) -> None:
        self._said.append(tid)
        line, reply = self._rounds[k - 1]
        if tid >= 0:
            t = self._texts[tid]
            if not t.turns:
                for h in t.distinct.tolist():
                    posted = self._postings.setdefault(h, [])
                    posted.append(tid)
                    if len(posted) > RECENT:
                        del posted[0]
            if t.last and self._lines[t.last - 1] != self._lines[k - 1]:
                t.other = t.last
            t.last = k
            t.turns.append(k)
        mine = _short(reply, self._c.repeat_words)
        if mine:
            group = self._formulas.setdefault(tuple(mine), _Formula([]))
            if (
                group.turns
                and not group.first_other
                and self._lines[group.turns[0] - 1] != self._lines[k - 1]
            ):
                group.first_other = k
            group.turns.append(k)
            group.filler = group.filler or asks(line) == "nothing"

    def _candidates(self, mine: int) -> list[int]:
        """The texts that share a run of ``block`` words with text ``mine`` (itself, once said)."""
        found = dict.fromkeys([mine] if self._texts[mine].turns else [])
        read = 0
        for h in self._texts[mine].distinct.tolist():
            posted = self._postings.get(h, ())
            read += len(posted)
            found.update(dict.fromkeys(posted))
            if read > _LOOKUPS:
                break
        return list(found)

    def _bound(self, mine: int, tid: int, j: int) -> tuple[bool, float, int, int]:
        """The best key text ``tid`` could reach: its shared runs cover at most this many words."""
        a, b = self._texts[mine], self._texts[tid]
        if mine == tid:
            covered = len(a.coded)
        else:
            starts = np.flatnonzero(np.isin(a.runs, b.distinct))
            block = self._c.block
            covered = int(np.minimum(np.diff(starts), block).sum()) + block if len(starts) else 0
        return self._key(min(covered, len(b.coded)), mine, tid, j)

    def _key(self, n: int, mine: int, tid: int, j: int) -> tuple[bool, float, int, int]:
        c = self._c
        share, held = round(n / len(self._texts[mine].coded), 4), round(n / len(self._texts[tid].coded), 4)
        return (share >= c.repeat_share and n >= c.repeat_words and held >= c.source_share, share, n, j)

    def _exact_copy(self, mine: int, tid: int, j: int) -> tuple[Copy, bool]:
        got = self._exact.get((mine, tid))
        if got is None:
            got = self._exact[(mine, tid)] = matched(
                self._texts[mine].coded, self._texts[tid].coded, self._c.block
            )
        a, b = self._texts[mine].coded, self._texts[tid].coded
        n = got.words
        copy = Copy(round(n / len(a), 4), n, j, self._rounds[j - 1][1], round(n / len(b), 4)) if n else NONE
        return copy, got.whole


_LIMIT = "not judged: the replies are too repetitive to compare within kgtest's limits"


def _copy(mine: Coded, theirs: Coded, turn: int, source: str, block: int) -> tuple[Copy, bool]:
    got = matched(mine, theirs, block)
    n = got.words
    return (
        Copy(round(n / len(mine), 4), n, turn, source, round(n / len(theirs), 4)) if n else NONE
    ), got.whole


def _short(text: str, under: int) -> list[str]:
    """The words of a reply of fewer than ``under`` words (a formula), empty for a longer one; for a
    reply of none ("...", "?!"), its text as one token, so it can be said again."""
    found = words(text, under)
    if len(found) >= under:
        return []
    return found or ([text.strip()] if text.strip() else [])
