"""A question's form: what is left of it once its names, years and numbers are masked.

A system that knows no fact can still read the form ("was e born in e?"), so the generator asks
each form both ways where the KB allows (generator/pairs.py), and ``baseline:wording``
(oracle/form_chance.py) counts what reading forms alone gets.
"""

from __future__ import annotations

import re

_NUMBER = re.compile(r"\d[\d,.–-]*")
_CONNECTOR = r"(?:of|de|la|le|du|des|von|van|der|del|da|di|the|and|for|upon|am|an|im|y|e|et|'s)"
_NAME = re.compile(rf"\b[A-ZÀ-ÖØ-Þ][\w'’.\-]*(?:\s+(?:{_CONNECTOR}\s+)*[A-ZÀ-ÖØ-Þ][\w'’.\-]*)*", re.UNICODE)


def question_form(question: str) -> str:
    """The question with its names, years and numbers masked, lower case: "Was Aude located in
    Occitania in 2016?" is "was e located in e in y?"."""
    first, _, rest = question.strip().partition(" ")
    masked = _NUMBER.sub("Y", _NAME.sub("E", rest))
    masked = re.sub(r"\bthe E\b", "E", masked)
    return " ".join(f"{first} {masked}".lower().split())


def names_share_a_word(question: str) -> bool:
    """Whether two of the question's names share a word ("Was Hans Albert Einstein a child of Albert
    Einstein?"): a surname a reader can match without knowing a fact (an audit's cue reader read
    parents so, 21 of 25 where the form alone read 9)."""
    _, _, rest = question.strip().partition(" ")
    named = [
        {w.lower() for w in name.split() if len(w) > 2 and not re.fullmatch(_CONNECTOR, w.lower())}
        for name in _NAME.findall(rest)
    ]
    return any(a & b for i, a in enumerate(named) for b in named[i + 1 :])
