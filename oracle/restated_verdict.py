"""A verdict said by restating the question: "Germany does not lack diplomatic relations with Togo" for
"Does Germany lack diplomatic relations with Togo?", "he didn't miss it" for "Did he miss the Tour?".

Where a reply gives no verdict word at all, a sentence of its own that says the question's
proposition with the question's auxiliary answers it, Yes as said, No with "not": whole ("X was not
born in Manhattan") or with its verb and a pronoun for the rest ("he did play for them", "he didn't
miss it"). Only the whole predicate counts ("He was born in Brooklyn" says nothing of Manhattan), and
a pronoun stands only for the question's subject, the name before its predicate ("it was Chicago" is
no "Goldie Hawn was born in Chicago"). A sentence that asks, asks indirectly ("I can't say whether it
was Los Angeles"), supposes ("If that's right, he didn't die in Hamburg") or reports what others
say ("Some sources say he was born in Manhattan") is no answer;
restatements both ways leave the reply unclear (answer.py reads none), and so does one in a reply that
answers under readings ("so in that sense no ... so in that sense yes, he did play for them", "it depends
which part of 1991 you mean"): its restatement is one side of two.
"""

from __future__ import annotations

import re

_ASKED = re.compile(r"^\W*(does|do|did|was|were|is|are|has|have|had)\s+(.+?)\s*\?*\s*$", re.I | re.S)
_DO = frozenset({"does", "do", "did"})
_PRONOUN = r"(?:he|she|it|they)"
_GAP = r"[*_\s]+"
_NOT = rf"(?P<neg>n['’]t|{_GAP}not)?"
_BY_WORD = r"(?:[*_\s]+(?:indeed|really|actually|in\s+fact|certainly|definitely))?"
"""A word that stresses the statement ("Moscow was indeed in the Soviet Union in 1973")."""
_NAME_END = re.compile(r"^(?:[A-Z0-9]|.*\)$)")
_INDIRECT = re.compile(r"\b(?:whether|if)[*_\s]*$", re.I)
_REPORTED = re.compile(
    r"\b(?:say|says|said|claim|claims|claimed|report|reports|reported|suggest|suggests|suggested|argue|argues"
    r"|argued|heard|read|according\s+to|rumou?red|supposedly|allegedly)\b",
    re.I,
)
"""Words of others: "Some sources say he was born in Manhattan", "..., according to one biography"."""
_SUPPOSED = re.compile(
    r"(?:^|[.!?;:\n]\s*)(?:if|were|had|suppose|supposing|assuming|unless)\b[^.!?;\n]*$", re.I
)


_READINGS = re.compile(
    r"\b(?:in\s+(?:that|this|one|another|some|a)\s+sense|(?:it|that|this)\s+(?:all\s+)?depends\s+(?:on|which|whether|what|how))\b",
    re.I,
)
"""Answers under readings: a verdict "in that sense", or "it depends which ... you mean"."""


def restated_verdict(reply: str, question: str, start: int = 0) -> tuple[str, tuple[int, int]] | None:
    """``("yes" | "no", span)`` of the restatements of the question in ``reply`` after ``start``, when
    they agree and the reply does not answer under readings; None otherwise."""
    if _READINGS.search(reply, start):
        return None
    ways: dict[str, tuple[int, int]] = {}
    for pattern in _patterns(question):
        for match in pattern.finditer(reply, start):
            before = reply[max(0, match.start() - 200) : match.start()]
            after = re.match(r"[^.!?\n]*[.!?]?", reply[match.end() :])
            said = re.split(r"[.!?;\n]", before)[-1] + (after.group() if after else "")
            asks = after is not None and after.group().endswith("?")
            if _SUPPOSED.search(before) or _INDIRECT.search(before) or asks or _REPORTED.search(said):
                continue
            ways.setdefault("no" if match["neg"] else "yes", match.span())
    return next(iter(ways.items())) if len(ways) == 1 else None


def _patterns(question: str) -> list[re.Pattern[str]]:
    """The question's proposition as a statement, split into subject and predicate after each of its
    first words in turn."""
    asked = _ASKED.match(question)
    if asked is None:
        return []
    aux, words = asked[1].lower(), asked[2].split()
    forms = r"(?:does|do)" if aux in ("does", "do") else re.escape(aux)
    out = []
    for k in range(1, min(len(words), 8)):
        if not _NAME_END.match(words[k - 1]) or not words[k][:1].islower():
            continue  # the subject ends where a name gives way to the predicate
        subject = _GAP.join(re.escape(w) for w in words[:k])
        rest = _GAP.join(re.escape(w) for w in words[k:])
        verb = re.escape(words[k])
        if k + 1 < len(words) and words[k + 1].islower():  # "play for them"
            verb += rf"(?:{_GAP}{re.escape(words[k + 1])})?"
        tail = rf"(?:{rest}|{verb}{_GAP}(?:it|them))" if aux in _DO else rest
        shape = rf"(?<![\w-])(?:{subject}|{_PRONOUN}){_GAP}{forms}{_NOT}{_BY_WORD}{_GAP}{tail}(?![\w-])"
        out.append(re.compile(shape, re.I))
    return out
