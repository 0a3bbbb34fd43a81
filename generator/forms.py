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
