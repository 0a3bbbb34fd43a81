"""What the partner told in one conversation, so a reply's claim can be traced to the line it repeats.

A claim of the system's is not its own when the partner made it first: the same claim (subject,
relation, object, denied) in an earlier line, or a sentence that copies most of such a line
(``echo_share`` of its words, oracle/conversation/repeats.py's measure). Each reply used to be set
against every earlier line; the lines are now indexed as the rounds go by (claims by their key,
lines by their runs of ``block`` words), so a reply costs the same in round 10,000 as in round 10.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kgtest.core.conversation_settings import RepeatSettings
from kgtest.oracle.conversation.lines import words
from kgtest.oracle.conversation.matching import Coded, Ints, Vocabulary, matched, shingles
from kgtest.oracle.conversation.repeats import COMPARED_REPLIES, RECENT

Key = tuple[str, str, str, bool]


@dataclass(slots=True, eq=False)
class _Line:
    coded: Coded
    distinct: Ints
    turn: int
    """The latest round that said it."""


class Told:
    """The partner's claims of one conversation, ``(round, line, claim key)`` in any order."""

    def __init__(self, told: Sequence[tuple[int, str, Key]], config: RepeatSettings) -> None:
        self._told = sorted(told, key=lambda t: t[0])
        self._config = config
        self._next = 0
        self._claims: dict[Key, int] = {}
        self._vocabulary = Vocabulary()
        self._lines: list[_Line] = []
        self._line_of: dict[tuple[str, ...], int] = {}
        self._postings: dict[int, list[int]] = {}
        self._latest = 0

    def source(self, text: str, key: Key, turn: int) -> int:
        """The latest round up to ``turn`` whose line made the claim ``key``, or that the sentence
        ``text`` copies (``echo_share`` of its words); 0 when none did. Ask in round order."""
        while self._next < len(self._told) and self._told[self._next][0] <= turn:
            self._add(*self._told[self._next])
            self._next += 1
        return max(self._claims.get(key, 0), self._quoted(text))

    def _add(self, turn: int, line: str, key: Key) -> None:
        self._claims[key] = turn
        self._latest = turn
        said = words(line)
        coded = self._vocabulary.code(said)
        index = self._line_of.get(tuple(said[: len(coded)]))
        if index is not None:
            self._lines[index].turn = turn
            return
        distinct = np.unique(shingles(coded, self._config.block))
        index = self._line_of[tuple(said[: len(coded)])] = len(self._lines)
        self._lines.append(_Line(coded, distinct, turn))
        for h in distinct.tolist():
            posted = self._postings.setdefault(h, [])
            posted.append(index)
            if len(posted) > RECENT:
                del posted[0]

    def _quoted(self, text: str) -> int:
        c = self._config
        if c.echo_share <= 0:
            return self._latest  # any line holds nothing of it, and that is share enough
        mine = self._vocabulary.code(words(text))
        runs = shingles(mine, c.block)
        candidates = {i for h in np.unique(runs).tolist() for i in self._postings.get(h, ())}
        tried = 0
        for index in sorted(candidates, key=lambda i: -self._lines[i].turn):
            line = self._lines[index]
            starts = np.flatnonzero(np.isin(runs, line.distinct))
            covered = int(np.minimum(np.diff(starts), c.block).sum()) + c.block if len(starts) else 0
            if round(min(covered, len(line.coded)) / len(mine), 4) < c.echo_share:
                continue  # its shared runs cover too little of the sentence
            if tried == COMPARED_REPLIES:
                break
            tried += 1
            n = matched(mine, line.coded, c.block).words
            if round(n / len(mine), 4) >= c.echo_share:
                return line.turn
        return 0
