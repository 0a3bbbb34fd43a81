"""U3-U6: a question made harder to read at a graded, seeded strength, and the bucket it counts in.

Strengths and buckets follow the seed framework's result lists (README of seed 003):

* U3 typing mistakes: some words get letters replaced by a neighbouring key ("Whqt is tje name
  rf my cat?"); strength = the sum over those words of the share of their letters changed (the
  seed's "number of typing mistake words * proportion typing mistakes"), bucket = its whole part;
* U4 word order: pairs of words swapped; strength and bucket = the number of swaps;
* U5 words left out and U6 words replaced by a random word: strength = the share of the
  question's words, bucket = its 5% step (0-5%, 5-10%, ...).

Strength 0 is drawn as often as any other: the unperturbed question is the histogram's control.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from kgtest.generator.conversation.script_records import TestCode
from kgtest.generator.conversation.wording import RANDOM_WORDS

_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS: dict[str, str] = {}
for _r, _row in enumerate(_ROWS):
    for _c, _key in enumerate(_row):
        near = [_row[i] for i in (_c - 1, _c + 1) if 0 <= i < len(_row)]
        near += [
            _ROWS[r][i] for r in (_r - 1, _r + 1) if 0 <= r < 3 for i in (_c, _c + 1) if i < len(_ROWS[r])
        ]
        _NEIGHBOURS[_key] = "".join(sorted(set(near)))

_TRAILING = re.compile(r"[?.!]+$")


@dataclass(frozen=True, slots=True)
class Perturbed:
    text: str
    strength: float
    bucket: int


def perturb(code: TestCode, question: str, rng: random.Random) -> Perturbed:
    """``question`` perturbed the way ``code`` says, at a strength drawn from ``rng``."""
    words, end = _words(question)
    if code is TestCode.U3:
        return _typos(words, end, rng)
    if code is TestCode.U4:
        swaps = rng.randint(0, max(1, len(words) // 2))
        for _ in range(swaps):
            i, j = rng.sample(range(len(words)), 2)
            words[i], words[j] = words[j], words[i]
        return Perturbed(_join(words, end), float(swaps), swaps)
    if code in (TestCode.U5, TestCode.U6):
        count = rng.randint(0, len(words) - 1)
        chosen = sorted(rng.sample(range(len(words)), count))
        if code is TestCode.U5:
            kept = [w for i, w in enumerate(words) if i not in chosen]
        else:
            kept = [rng.choice(RANDOM_WORDS) if i in chosen else w for i, w in enumerate(words)]
        share = count / len(words)
        return Perturbed(_join(kept, end), round(share, 4), percent_bucket(share))
    raise ValueError(f"{code} is not a perturbation test (U3-U6)")


def percent_bucket(share: float) -> int:
    """The 5% step a share falls in: 0 for [0, 5%), 1 for [5%, 10%) ..."""
    return int(round(share * 100, 6) // 5)


def bucket_label(code: TestCode, bucket: int) -> str:
    """How the report names a bucket: ``2 swaps``, ``10-15%``, ``1-2``."""
    if code is TestCode.U4:
        return f"{bucket} swap{'s' if bucket != 1 else ''}"
    if code in (TestCode.U5, TestCode.U6):
        return f"{5 * bucket}-{5 * bucket + 5}%"
    return f"{bucket}-{bucket + 1}"


def _typos(words: list[str], end: str, rng: random.Random) -> Perturbed:
    typed = [i for i, w in enumerate(words) if any(c.lower() in _NEIGHBOURS for c in w)]
    count = rng.randint(0, len(typed))
    strength = 0.0
    for i in sorted(rng.sample(typed, count)):
        share = rng.choice((0.2, 0.35, 0.5))
        letters = [n for n, c in enumerate(words[i]) if c.lower() in _NEIGHBOURS]
        changed = sorted(rng.sample(letters, max(1, round(share * len(letters)))))
        chars = list(words[i])
        for n in changed:
            key = rng.choice(_NEIGHBOURS[chars[n].lower()])
            chars[n] = key.upper() if chars[n].isupper() else key
        words[i] = "".join(chars)
        strength += len(changed) / len(letters)
    strength = round(strength, 4)
    return Perturbed(_join(words, end), strength, int(strength))


def _words(question: str) -> tuple[list[str], str]:
    match = _TRAILING.search(question.strip())
    end = match.group() if match else ""
    body = question.strip()[: len(question.strip()) - len(end)]
    return body.split(), end


def _join(words: list[str], end: str) -> str:
    return " ".join(words) + end
