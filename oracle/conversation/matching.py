"""How much of one text another holds in runs of words: difflib's matching blocks, in bounded time.

A8 and A9 (oracle/conversation/repeats.py) count the words of a reply that lie in runs of at least
``block`` words found, in order, in another text: the blocks of ``difflib.SequenceMatcher``
(no junk) of at least that size. difflib finds them by taking the longest matching run, then
recursing left and right of it; its search for the longest run visits every pair of equal
words, so a reply that says one word again and again ("a a a ... b a a a") made it cubic: 1 s
for two 300-word replies, 22 s for two of 1,000, and the system under test chose the cost.

``matched`` gives difflib's sum exactly (tests/oracle/conversation/test_matching.py holds it to
difflib on random word lists, degenerate ones included):

* the longest run of a range is found by galloping, then binary, search on its length; a length
  is tried on the places where a run of it occurs anywhere in the other text (rolling hashes of
  every window of that length, computed once per length with numpy), first to last, each hit
  confirmed word by word inside the range; of the longest runs, the one starting first in the
  reply, then first in the other text, as difflib takes;
* a range whose longest run is under ``block`` words is not searched further: every run inside
  it is shorter still, and none of them counts.

Texts are compared by their first ``COMPARED_WORDS`` words, and one comparison looks at most at
``WORK_PER_WORD`` places per word of the two texts: a comparison that would need more (texts
built to defeat the search) stops there, and ``Copied.whole`` says the count is a lower bound
(docs/battery.md, "Bounded judging").
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

COMPARED_WORDS = 2_000
"""Words of a text compared: eight times the longest reply of the default ``max_tokens`` (256)."""
WORK_PER_WORD = 64
"""Places a comparison may try per word of the two texts before it stops."""
_MOD = (1 << 31) - 1
"""A prime below 2**31: a product of two hashes stays within numpy's 64-bit integers."""
_BASE = 1_000_003
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True, eq=False)
class Coded:
    """A text's words as numbers, and the prefix hashes that compare any run of them in O(1)."""

    ids: Ints
    prefix: Ints
    """``prefix[i]``: the hash of the first ``i`` words."""

    def __len__(self) -> int:
        return len(self.ids)

    def windows(self, size: int) -> Ints:
        """The hash of every run of ``size`` words, by where it starts."""
        p = self.prefix
        return (p[size:] - p[: len(p) - size] * _power(size)) % _MOD


class Vocabulary:
    """Numbers for words, shared by the texts compared with each other."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}

    def code(self, words: Sequence[str]) -> Coded:
        ids = [self._ids.setdefault(w, len(self._ids) + 1) for w in words[:COMPARED_WORDS]]
        prefix = [0] * (len(ids) + 1)
        h = 0
        for n, x in enumerate(ids, 1):
            h = (h * _BASE + x) % _MOD
            prefix[n] = h
        return Coded(np.array(ids, dtype=np.int64), np.array(prefix, dtype=np.int64))


_POWERS: list[int] = [1]


def _power(size: int) -> int:
    while len(_POWERS) <= size:
        _POWERS.append(_POWERS[-1] * _BASE % _MOD)
    return _POWERS[size]


def shingles(text: Coded, block: int) -> Ints:
    """The hash of each run of ``block`` words, in order (empty for a shorter text)."""
    return text.windows(block) if len(text) >= block else np.zeros(0, dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Copied:
    words: int
    """Words of the reply in counted runs."""
    whole: bool = True
    """False: the comparison stopped at its limit, and ``words`` is a lower bound."""


def matched(reply: Coded, source: Coded, block: int = 4) -> Copied:
    """Words of ``reply`` in runs of at least ``block`` words that ``source`` holds in the same order:
    difflib's matching blocks of at least ``block`` words, summed."""
    la, lb = len(reply), len(source)
    if la < block or lb < block:
        return Copied(0)
    if la == lb and np.array_equal(reply.ids, source.ids):
        return Copied(la)
    search = _Search(reply, source, WORK_PER_WORD * (la + lb))
    total = 0
    ranges = [(0, la, 0, lb)]
    while ranges:
        alo, ahi, blo, bhi = ranges.pop()
        found = search.longest(alo, ahi, blo, bhi, block)
        if found is None:
            continue
        i, j, k = found
        total += k
        if alo < i and blo < j:
            ranges.append((alo, i, blo, j))
        if i + k < ahi and j + k < bhi:
            ranges.append((i + k, ahi, j + k, bhi))
    return Copied(total, search.budget >= 0)


@dataclass(slots=True)
class _Sized:
    """The runs of one length: where the reply's occur in the source at all, and the source's by hash."""

    starts: list[int]
    """Places in the reply whose run occurs somewhere in the source, in order."""
    hashes: list[int]
    order: Ints
    """Places in the source, by hash, then in order."""
    sorted_hashes: Ints


@dataclass(slots=True)
class _Search:
    a: Coded
    b: Coded
    budget: int
    _sized: dict[int, _Sized] = field(default_factory=dict)

    def longest(self, alo: int, ahi: int, blo: int, bhi: int, least: int) -> tuple[int, int, int] | None:
        """difflib's ``find_longest_match`` (no junk) when its run is at least ``least`` words, else None."""
        top = min(ahi - alo, bhi - blo)
        hit = self._first(alo, ahi, blo, bhi, least) if top >= least else None
        if hit is None:
            return None
        best, low, high = (*hit, least), least + 1, top
        size = least
        while size < top:  # gallop up to the first length that misses
            size = min(top, size * 2)
            hit = self._first(alo, ahi, blo, bhi, size)
            if hit is None:
                high = size - 1
                break
            best, low = (*hit, size), size + 1
        while low <= high:
            size = (low + high) // 2
            hit = self._first(alo, ahi, blo, bhi, size)
            if hit is None:
                high = size - 1
            else:
                best, low = (*hit, size), size + 1
        return best

    def _first(self, alo: int, ahi: int, blo: int, bhi: int, size: int) -> tuple[int, int] | None:
        """The first run of ``size`` words of ``a[alo:ahi]`` that ``b[blo:bhi]`` holds, and where it is."""
        sized = self._runs(size)
        starts = sized.starts
        for n in range(bisect_left(starts, alo), len(starts)):
            i = starts[n]
            if i + size > ahi or self.budget < 0:
                return None
            h = sized.hashes[n]
            ends = np.searchsorted(sized.sorted_hashes, (h, h + 1))
            places = sized.order[ends[0] : ends[1]]
            for m in range(int(np.searchsorted(places, blo)), len(places)):
                j = int(places[m])
                self.budget -= 1
                if j + size > bhi:
                    break
                if np.array_equal(self.a.ids[i : i + size], self.b.ids[j : j + size]):  # no mere collision
                    return i, j
        return None

    def _runs(self, size: int) -> _Sized:
        sized = self._sized.get(size)
        if sized is None:
            mine, theirs = self.a.windows(size), self.b.windows(size)
            starts = np.flatnonzero(np.isin(mine, theirs))
            order = np.argsort(theirs, kind="stable")
            sized = _Sized(starts.tolist(), mine[starts].tolist(), order, theirs[order])
            self._sized[size] = sized
            self.budget -= len(mine) + len(theirs)
        return sized
