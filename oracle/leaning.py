"""A hedge around one answer read as that answer, where the labels' definitions say so.

docs/oracle.md reads a hedge as ``ambiguous`` ("I think yes, but I'm not sure", "Probably not"): an
abstention, never a hallucination. Issue 38's ninth-session writers (bench/styled_blind9/DEFINITIONS.md)
call a leaning with one answer that answer: "A hedge around one answer ("I believe the answer is yes,
though I'm not certain") is still `yes`"; hedged both ways ("possibly yes, possibly no") stays
ambiguous. With ``JudgeSettings.leanings`` on, a reply read as a hedge, a lead of doubt ("Probably
not, if I have the history right"), an "I'm not sure" or nothing at all, that leans one way in words
below and never the other, is read as that answer (rule ``leaning``).
"""

from __future__ import annotations

import re

from kgtest.oracle.verdict_words import OWN_RIGHT

_V = r"(?P<u>yes|no|not|so)"
LEAN = re.compile(
    r"\bi(?:['’]d|\s+would|['’]m|\s+am)?\s+(?:lean|incline)(?:ing)?\s+(?:towards?|to)\s+(?:saying\s+)?(?:a\s+)?[*_]*(?P<v>yes|no)\b"
    r"|\b(?:my\s+)?(?:tentative\s+|best\s+|honest\s+)?(?:answer|guess|hunch|inclination)\s+(?:would\s+be|is)"
    r"\s*:?\s*(?:a\s+)?(?:tentative\s+)?(?:that\s+)?(?P<w>yes|no)\b"
    r"|\bi(?:['’]d|\s+would)\s+(?:tentatively\s+|cautiously\s+)?(?:say|guess)\s*,?\s*(?P<x>yes|no)\b"
    r"|\btentatively\s*,?\s*(?P<y>yes|no)\b"
    r"|\b(?:i'?m|i\s+am)\s+inclined\s+to\s+(?:say|think)\s*,?\s*(?P<i>yes|no|so)\b"
    r"|\b(?:probably|(?:most|very)\s+likely)\s*,?\s*(?P<z>yes|not|no)\b"
    rf"|\bi\s+(?:think|believe)\s+(?:the\s+answer\s+is\s+)?(?:probably\s+)?{_V}\b"
    r"|\bi\s+(?P<n>don['’]t|do\s+not)\s+(?:think|believe)\s+(?:so\b|(?:he|she|it|they)\s+"
    r"(?:did|does|do|was|were|is|are|had|has|have)\b(?=\s*[,.;!—–-]))"
    r"|\b(?:my\s+)?(?:best\s+)?(?:guess|hunch)\s+(?:would\s+be|is)\s+that\s+(?P<g>[^.;:!?\n—–]*?"
    r"\b(?:(?:do|does|did|was|were|is|are|has|have|had)n['’]t|(?:do|does|did|was|were|is|are)\s+[*_]*not)\b)",
    re.I,
)
"""A leaning: "I'd lean towards no", "I lean towards no", "I'm leaning toward saying yes", "my tentative
answer would be no", "I'd guess yes", "Tentatively, yes", "I'm inclined to say no", "Probably not", "Most
likely no", "I think so", "I believe so", "I don't think he did", "my best guess is that they probably don't
have ..." (a guess that denies, said as a clause; one that affirms may affirm another value)."""
_WEAKER = re.compile(r"\b(?:possibly|maybe|perhaps|arguably)\s*,?\s*(?P<v>yes|no|not)\b", re.I)
"""A weaker answer ("possibly not"): no leaning of its own, but one the other way makes the reply
two-sided ("in one sense probably yes; in another, possibly not")."""
_YES = {"yes", "so"}
_SUPPOSED = re.compile(r"(?:^|[.!?;:\n][\s*_]*|[–—-]\s*)if\b[^.!?;\n]*$", re.I)
"""An "if" opening the clause, after a list item's bold label too ("- **Where that leaves us:** If ...")."""
_RECALLING = re.compile(
    r"\bif\s+(?:i\s+(?:remember|recall|have\s+\w+\s+\w+)\s*(?:correctly|rightly|right)?"
    r"|(?:my\s+)?memory\s+serves|i\s+(?:had|have)\s+to\s+(?:guess|bet|pick|choose|say)|(?:forced|pressed)\b)"
    rf"|{OWN_RIGHT}",
    re.I,
)
"""Belief, not a supposition: "If I remember right", "if that's right", "if I have the history right",
"if memory serves"; a guess asked of oneself too: "If I had to guess, I'd lean toward no", "if pressed,
probably yes"."""


def other_way(reply: str, start: int, way: str) -> tuple[int, int] | None:
    """Where the reply after ``start`` leans, or answers weakly, the other way from ``way`` ("yes" or
    "no"): "It was the city itself, yes — or maybe not"."""
    for match in _WEAKER.finditer(reply, start):
        if ("yes" if match["v"].lower() == "yes" else "no") != way:
            return match.span("v")
    lean = leaning(reply, start)
    return lean[1] if lean is not None and lean[0] != way else None


def leaning(reply: str, start: int = 0) -> tuple[str, tuple[int, int]] | None:
    """The one way the reply leans ("yes" or "no") and where it first says so; None when it leans
    nowhere or both ways."""
    ways: dict[str, tuple[int, int]] = {}
    for match in LEAN.finditer(reply, start):
        if _SUPPOSED.search(_RECALLING.sub("", reply[max(0, match.start() - 200) : match.start()])):
            continue  # "if it's the Australian cyclist, probably not": one answer of several
        if match["n"] or match["g"]:
            way, span = "no", match.span()
        else:
            group = next(g for g in ("u", "v", "w", "x", "y", "z", "i") if match[g])
            way = "yes" if match[group].lower() in _YES else "no"
            span = match.span(group)
        ways.setdefault(way, span)
    weaker = {"yes" if m["v"].lower() == "yes" else "no" for m in _WEAKER.finditer(reply, start)}
    if len(ways) != 1 or weaker - set(ways):
        return None
    return next(iter(ways.items()))
