"""What reading a question's form alone gets: the ``baseline:wording`` beside the constant answers.

A balanced suite is not enough: if every question worded "Was X born in Y?" is a refuted near
miss and every "Does X have diplomatic relations with Y?" a truth, a system that knows no fact
but has noticed the wording answers most of them right (an audit's cue reader scored 0.53 to
0.71 with no knowledge; on CoDEx-S its rule matched 120 of 120 fact answers). Chance must count
that, so a score says what a system knows beyond the generator's habits.

``baseline:wording`` answers each single Yes/No question with the answer most of the *other*
questions of the same form have (names, years and numbers masked: "was E located in E in Y?"),
and where none shares its form, with the answer most other questions have. Leaving the question
itself out keeps a form asked once from counting as known. It sees the suite's expected answers,
so it is no system to run: it is judged like the other baselines on the run's own exchanges,
and chance is the best of it and the constants (oracle/chance.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

from kgtest.generator.case import TestCase

SPEC = "baseline:wording"
_ANSWERS = ("Yes", "No")
_SAID = {"Yes": "Yes.", "No": "No."}
_NUMBER = re.compile(r"\d[\d,.–-]*")
_CONNECTOR = r"(?:of|de|la|le|du|des|von|van|der|del|da|di|the|and|for|upon|am|an|im|y|e|et|'s)"
_NAME = re.compile(rf"\b[A-ZÀ-ÖØ-Þ][\w'’.\-]*(?:\s+(?:{_CONNECTOR}\s+)*[A-ZÀ-ÖØ-Þ][\w'’.\-]*)*", re.UNICODE)


def question_form(question: str) -> str:
    """The question with its names, years and numbers masked, lower case: what is left is what a
    system that knows no fact can read from it."""
    first, _, rest = question.strip().partition(" ")
    masked = _NUMBER.sub("Y", _NAME.sub("E", rest))
    masked = re.sub(r"\bthe E\b", "E", masked)
    return " ".join(f"{first} {masked}".lower().split())


def wording_answers(cases: Sequence[TestCase]) -> dict[str, str]:
    """Each single Yes/No question's reply by ``baseline:wording``, by case id (others: none)."""
    asked = [c for c in cases if c.expected.value in _ANSWERS]
    forms = {c.id: question_form(c.question) for c in asked}
    by_form: dict[str, Counter[str]] = {}
    for c in asked:
        by_form.setdefault(forms[c.id], Counter())[c.expected.value] += 1
    overall = Counter(c.expected.value for c in asked)
    said = {}
    for c in asked:
        mine = by_form[forms[c.id]] - Counter({c.expected.value: 1})  # the others of its form
        everyone = overall - Counter({c.expected.value: 1})
        said[c.id] = _SAID[_majority(mine) or _majority(everyone) or "Yes"]
    return said


def _majority(counts: Mapping[str, int]) -> str | None:
    yes, no = counts.get("Yes", 0), counts.get("No", 0)
    return None if yes == no else "Yes" if yes > no else "No"
