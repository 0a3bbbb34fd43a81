"""METAL's single-turn perturbations of a question, the baselines MORTAR is compared with.

* SYR: content words replaced by a WordNet synonym (generator/dialogue/wordnet.py);
* L33t: letters written as look-alike digits (a->4, e->3, i->1, o->0, s->5, t->7);
* Typo: words with one keyboard slip (two letters swapped, one dropped or doubled).

Each is seeded, so the same seed gives the same questions. The semantic filter (a perturbed
question too far in meaning from the original reverts to it) needs the sentence model and lives
in oracle/metamorphic/baselines.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

SINGLE_TURN = ("SYR", "L33t", "Typo")
RATE = 0.3
"""Share of eligible words (L33t: letters) changed, at least one when any is eligible."""

_WORD = re.compile(r"[A-Za-z]+")
_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "do",
        "does",
        "did",
        "what",
        "who",
        "whom",
        "whose",
        "which",
        "where",
        "when",
        "why",
        "how",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "he",
        "she",
        "they",
        "them",
        "his",
        "her",
        "their",
        "him",
        "i",
        "you",
        "we",
        "me",
        "my",
        "your",
        "our",
        "there",
        "here",
        "not",
        "no",
        "yes",
        "as",
        "has",
        "have",
        "had",
        "will",
        "would",
        "can",
        "could",
        "should",
    ]
)

Synonyms = Callable[[str], list[str]]


def perturb_question(kind: str, question: str, rng: random.Random, synonyms: Synonyms) -> str:
    """The question perturbed by ``kind`` (one of ``SINGLE_TURN``); unchanged when nothing is eligible."""
    if kind == "SYR":
        return _replace_words(question, rng, lambda w: _synonym(w, rng, synonyms), _content)
    if kind == "L33t":
        letters = [i for i, c in enumerate(question) if c.lower() in _LEET]
        chosen = _choose(letters, rng)
        return "".join(_LEET[c.lower()] if i in chosen else c for i, c in enumerate(question))
    if kind == "Typo":
        return _replace_words(question, rng, lambda w: _typo(w, rng), lambda w: len(w) > 3)
    raise ValueError(f"unknown single-turn perturbation {kind!r}; known: {', '.join(SINGLE_TURN)}")


def _content(word: str) -> bool:
    """A lower-case word that carries meaning: names ("Curie", a unit in WordNet) stay."""
    return len(word) > 2 and word.islower() and word not in _STOP


def _replace_words(
    text: str, rng: random.Random, change: Callable[[str], str | None], eligible: Callable[[str], bool]
) -> str:
    matches = [m for m in _WORD.finditer(text) if eligible(m.group())]
    chosen = _choose(list(range(len(matches))), rng)
    out, last = [], 0
    for i, m in enumerate(matches):
        new = change(m.group()) if i in chosen else None
        if new is not None:
            out.append(text[last : m.start()] + new)
            last = m.end()
    return "".join(out) + text[last:]


def _choose(items: list[int], rng: random.Random) -> set[int]:
    if not items:
        return set()
    return set(rng.sample(items, max(1, round(RATE * len(items)))))


def _synonym(word: str, rng: random.Random, synonyms: Synonyms) -> str | None:
    found = synonyms(word)
    if not found:
        return None
    new = rng.choice(found)
    return new.capitalize() if word[:1].isupper() else new


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(word) - 1)
    slip = rng.choice(("swap", "drop", "double"))
    if slip == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if slip == "drop":
        return word[:i] + word[i + 1 :]
    return word[:i] + word[i] + word[i:]
