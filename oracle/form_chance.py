"""What reading a question's form alone gets: the ``baseline:wording`` beside the constant answers.

A balanced suite is not enough: if every question worded "Was X born in Y?" is a refuted near
miss and every "Does X have diplomatic relations with Y?" a truth, a system that knows no fact
but has noticed the wording answers most of them right (an audit's cue reader scored 0.53 to
0.71 with no knowledge; on CoDEx-S its rule matched 120 of 120 fact answers). Chance must count
that, so a score says what a system knows beyond the generator's habits.

``baseline:wording`` answers each single Yes/No question as a reader of forms trained on the
*other* questions of its kind would (names, years and numbers masked: "was e located in e in
y?"; naive Bayes over the form's words and pairs of words), as a person who studied the suite's
answer key without knowing a fact would. Leaving the question itself out keeps a form asked once
from counting as known. It sees the suite's expected answers, so it is no system to run: it is
judged like the other baselines on the run's own exchanges, and chance is the best of it and the
constants (oracle/chance.py).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence

from kgtest.generator.case import TestCase
from kgtest.generator.forms import names_share_a_word, question_form

SPEC = "baseline:wording"
_ANSWERS = ("Yes", "No")
_SAID = {"Yes": "Yes.", "No": "No."}


def wording_answers(cases: Sequence[TestCase]) -> dict[str, str]:
    """Each single Yes/No question's reply by ``baseline:wording``, by case id (others: none)."""
    said: dict[str, str] = {}
    for kind in dict.fromkeys(c.kind for c in cases):  # a kind's forms are read apart from another's
        asked = [c for c in cases if c.kind == kind and c.expected.value in _ANSWERS]
        found_in = {c.id: _read(c.question) for c in asked}
        words = {key: w for key, (w, _) in found_in.items()}
        groups = {key: g for key, (_, g) in found_in.items()}
        reader = _Reader(asked, words)
        found = Counter((groups[c.id], c.expected.value) for c in asked)
        for c in asked:
            read = _by_group(found, groups[c.id], c.expected.value) or reader.answer(c, words[c.id])
            said[c.id] = _SAID[read]
    return said


def _read(question: str) -> tuple[frozenset[str], str]:
    """What the reader weighs of a question, and its group. The words: the form's words and pairs
    of words, and whether two names share a word or none (a stranger as a parent reads as a No as
    surely as a shared surname as a Yes). The group: the exact form with that ("was e a parent of
    e?" with strangers is a No where the form alone is half Yes)."""
    form = question_form(question)
    tokens = form.replace("?", " ?").split()
    shared = "share a word" if names_share_a_word(question) else "share no word"
    words = frozenset({*tokens, *(f"{a} {b}" for a, b in itertools.pairwise(tokens)), f"<names {shared}>"})
    return words, f"{form} (names {shared})"


GROUP_LEAST = 3
"""The fewest other questions of a group whose commonest answer ``baseline:wording`` gives outright."""
GROUP_SHARE = 2 / 3
"""The share of them that answer must have: a person who studied the answer key would say "a parent
named by a stranger: No" of 4 of 5, not of 3 of 5 (naive Bayes, which counts every word of the
form apart, let the rest of the form outvote it: an audit's cue reader read 11 more parents)."""


def _by_group(found: Counter[tuple[str, str]], group: str, own: str) -> str | None:
    """The answer most of the group's other questions have, where enough of them agree."""
    others = {a: found[(group, a)] - (a == own) for a in _ANSWERS}
    total = sum(others.values())
    best = max(_ANSWERS, key=lambda a: others[a])
    return best if total >= GROUP_LEAST and others[best] >= GROUP_SHARE * total else None


class _Reader:
    """A naive Bayes reader of forms (Bernoulli, add-one), trained on every question but the one it
    answers: a regular expression a person writes after reading the suite generalises over forms
    the same way ("a year in it: No"), where counting exact forms alone left an audit's cue reader
    at 0.55 above chance."""

    def __init__(self, asked: Sequence[TestCase], words: Mapping[str, frozenset[str]]) -> None:
        self.vocabulary = frozenset().union(*words.values()) if words else frozenset()
        self.counts = {a: Counter[str]() for a in _ANSWERS}
        self.questions = Counter(c.expected.value for c in asked)
        for c in asked:
            self.counts[c.expected.value].update(words[c.id])
        self._absent: dict[tuple[str, int], float] = {}

    def answer(self, case: TestCase, words: frozenset[str]) -> str:
        own = case.expected.value
        weights = {a: self._weight(a, words, own) for a in _ANSWERS}
        if weights["Yes"] == weights["No"]:
            return _majority(self.questions - Counter({own: 1})) or "Yes"
        return max(_ANSWERS, key=lambda a: weights[a])

    def _weight(self, answer: str, words: frozenset[str], own: str) -> float:
        """log P(answer) + log P(words | answer), this question left out of the counts."""
        mine = answer == own
        n = self.questions[answer] - mine
        if n <= 0:
            return -math.inf
        total = math.log(n) + self._all_absent(answer, n)
        for word in words:
            seen = self.counts[answer][word]
            present = (seen - mine + 1) / (n + 2)
            total += math.log(present) - _absent(seen, n)  # _all_absent counted it as absent
        return total

    def _all_absent(self, answer: str, n: int) -> float:
        """The log-likelihood of no word at all, over the whole vocabulary (kept per count)."""
        key = (answer, n)
        if key not in self._absent:
            counts = self.counts[answer]
            self._absent[key] = sum(_absent(counts[w], n) for w in self.vocabulary)
        return self._absent[key]


def _absent(seen: int, n: int) -> float:
    """log P(a word is absent | answer) from ``seen`` of ``n`` questions; a count that still holds
    the question left out (seen = n + 1) is taken at n, as ``_weight`` takes it back."""
    return math.log(1 - (min(seen, n) + 1) / (n + 2))


def _majority(counts: Mapping[str, int]) -> str | None:
    yes, no = counts.get("Yes", 0), counts.get("No", 0)
    return None if yes == no else "Yes" if yes > no else "No"
