"""A verdict said under the reply's own claim held true: "If that's right, it would not have been in
Liguria" for "Was Lorsica ever located in Liguria?" is No, "If I'm correct, it was in Liguria" Yes.

Read only with ``leanings`` and only where nothing else gave a verdict: the condition is a hedge on what
the reply itself stated, so the clause after it is the reply's leaning. The clause must name the
question's value after "in" or "at": set aside ("not ... in Liguria") it is No, named with no negation
at all it is Yes; anything else ("it was not in Emilia but in Liguria" is both) gives none.
"""

from __future__ import annotations

import re

from kgtest.oracle.concluded import VALUE
from kgtest.oracle.verdict_words import OWN_RIGHT

_HELD = re.compile(rf"{OWN_RIGHT}[,\s]*(?P<c>[^.!?;\n—–]*)", re.I)
"""The condition and its clause, to the end of the sentence or a dash."""
_NEGATION = re.compile(r"\b(?:not|never)\b|n['’]t\b", re.I)
_PLAIN = re.compile(r"(?:\s+(?!but\b)[a-z]+)*\s+")
"""Only the verb between the negation and the value ("not have been", "didn't die"), no other name or
"but" ("not in Emilia but in Liguria" sets Emilia aside)."""


def held_true_verdict(reply: str, question: str) -> tuple[str, tuple[int, int]] | None:
    """``("yes" | "no", span)`` of the clauses held true that answer the question, when they agree."""
    value = VALUE.search(question)
    if value is None or _NEGATION.search(question):
        return None
    name = r"\s+".join(re.escape(w) for w in value.group(1).split())
    place = re.compile(rf"\b(?:in|at)\s+{name}(?![\w'’])", re.I)
    found: dict[str, tuple[int, int]] = {}
    for held in _HELD.finditer(reply):
        clause, at = held["c"], held.start("c")
        named = place.search(clause)
        if named is None:
            continue
        negated = _NEGATION.search(clause)
        if negated is None:
            found.setdefault("yes", (at + named.start(), at + named.end()))
        elif negated.end() <= named.start() and _PLAIN.fullmatch(clause, negated.end(), named.start()):
            found.setdefault("no", (at + negated.start(), at + named.end()))
        else:
            return None
    return next(iter(found.items())) if len(found) == 1 else None
