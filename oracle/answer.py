"""Read the verdict (Yes / No / I don't know) a reply gives, and keep the words that decided it.

The prompt asks for the answer first, then the reasoning, so the lead of the reply decides;
an explicit later verdict ("So the answer is No.") that disagrees makes the reply ambiguous.
Verdict words are matched as whole words at the places a verdict goes, never as substrings
anywhere ("Noted", "know" and "Norway" are not "no"; "I don't know" is not a "No"), a flaw
of the yes/no reading in seed 003's published code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from kgtest.generator.case import Answer


class Stance(StrEnum):
    """What a reply commits to."""

    YES = "yes"
    NO = "no"
    IDK = "idk"
    """An honest "I don't know" / "cannot determine"."""
    REFUSAL = "refusal"
    """Declines to answer ("As an AI, I cannot ...")."""
    AMBIGUOUS = "ambiguous"
    """A hedge ("Not necessarily", "Yes and no"), or a lead and a final verdict that disagree."""
    MISSING = "missing"
    """No verdict found at all."""


@dataclass(frozen=True, slots=True)
class ParsedAnswer:
    """The reply's stance and the evidence for it."""

    stance: Stance
    spans: tuple[tuple[int, int], ...]
    """Character offsets in the reply of the words that decided the stance (two when they conflict)."""
    evidence: tuple[str, ...]
    """The text of each span."""
    rule: str
    """Which reading decided: ``lead``, ``labelled``, ``standalone``, ``conflict`` or ``none``."""
    reasoning: str
    """The reply without the verdict words: what triples are extracted from."""

    @property
    def answer(self) -> Answer | None:
        """The stance as a case's answer, None when the reply gave none of Yes / No / I don't know."""
        return _AS_ANSWER.get(self.stance)


_AS_ANSWER = {Stance.YES: Answer.YES, Stance.NO: Answer.NO, Stance.IDK: Answer.IDK}

# What may precede a verdict: markdown, quotes, brackets, list marks, and a label such as "Answer:".
_DECOR = r"[\s*_#>`\"'“”‘’(\[\-•]*"
_LABEL = r"(?:(?:(?:final|short|my|the)\s+)?answer\s*(?:is\s*)?|a(?=\s*:))\s*[:\-–—]?"
_PREFIX = rf"{_DECOR}(?:{_LABEL}{_DECOR})?(?:(?:i\s+(?:would|'d)\s+say|i\s+think|i\s+believe){_DECOR})?"
_END = r"(?=[\s\W]|$)"
_STOP = r"(?=\s*(?:[.,;:!?)*_\"”’\-–—]|\n|$))"  # words that are verdicts only when the clause ends there

_PATTERNS: tuple[tuple[Stance, str], ...] = (
    (
        Stance.REFUSAL,
        r"as\s+an\s+(?:ai|a\.i\.|artificial\s+intelligence|ai\s+language\s+model|language\s+model|llm)\b"
        r"|i(?:'m|\s+am)\s+(?:sorry|afraid),?\s+(?:but\s+)?i\s+(?:can(?:no|')t|cannot|won't|will\s+not|am\s+unable)"
        r"|i\s+(?:can(?:no|')t|won't|will\s+not|am\s+not\s+able\s+to|am\s+unable\s+to)\s+"
        r"(?:help|assist|comply|provide\s+(?:that|this|an?\s+answer)|discuss|engage)"
        r"|i\s+(?:must|have\s+to)\s+decline",
    ),
    (
        Stance.IDK,
        r"i\s+(?:do\s+not|don't|dont|really\s+don't)\s+know"
        r"|(?:i(?:'m|\s+am)\s+)?(?:not\s+(?:sure|certain)|unsure|uncertain)\b"
        r"|(?:i\s+)?(?:can\s*not|can't|cannot|am\s+unable\s+to|unable\s+to|could\s+not|couldn't)\s+"
        r"(?:determine|say|tell|verify|confirm|know|be\s+(?:sure|certain)|answer)\b"
        r"|it\s+is\s+(?:unclear|uncertain|unknown|not\s+known)\b|unknown\b"
        r"|there\s+is\s+(?:not\s+enough|insufficient|no)\s+(?:information|data|evidence)"
        r"|i\s+(?:have\s+no|don't\s+have|do\s+not\s+have)\s+(?:enough\s+|reliable\s+)?(?:information|knowledge|data)"
        r"|insufficient\s+information|not\s+enough\s+information",
    ),
    (
        Stance.AMBIGUOUS,
        r"(?:both\s+)?yes\s*(?:and|or|/)\s*no\b|no\s*(?:and|or|/)\s*yes\b"
        r"|not\s+necessarily|not\s+exactly|not\s+quite|not\s+always"
        r"|it\s+depends|partly|partially|sort\s+of|kind\s+of|maybe|possibly|perhaps",
    ),
    (
        Stance.YES,
        r"no\s+doubt|without\s+(?:a\s+)?doubt"
        r"|(?:yes|yeah|yep|yup|indeed)"
        + _END
        + r"|(?:true|correct|right|affirmative)"
        + _STOP
        + r"|(?:definitely|certainly|absolutely|of\s+course|surely)(?!\s+not)"
        + _END
        + r"|(?:that|this|it)(?:'s|\s+is)\s+(?:true|correct|right|the\s+case)"
        + _END,
    ),
    (
        Stance.NO,
        r"no(?!\s+(?:one|longer|matter|more|less|other|such|single)\b)"
        + _END
        + r"|(?:nope|nah)"
        + _END
        + r"|(?:false|incorrect|wrong)"
        + _STOP
        + r"|not\s+(?:true|correct|really|at\s+all)"
        + _END
        + r"|(?:definitely|certainly|absolutely|of\s+course|surely)\s+not"
        + _END
        + r"|(?:that|this|it)(?:'s|\s+is)\s+(?:not\s+(?:true|correct|right|the\s+case)|false|incorrect|wrong)"
        + _END,
    ),
)
_LEAD = [(stance, re.compile(rf"\A{_PREFIX}(?:{pattern})", re.I)) for stance, pattern in _PATTERNS]

# A verdict stated later: "The answer is No", "Answer: yes", "Therefore, no." at the end of a sentence.
_LATER = re.compile(
    rf"(?:\b{_LABEL}\s*{_DECOR}|\b(?:therefore|thus|hence|so)\s*,?\s*(?:the\s+answer\s+is\s*)?{_DECOR})"
    r"(?P<v>yes|no)\b(?:(?=\s*[.!*_\"”’)]*\s*(?:\n|$))|(?=\s*[.!,]))",
    re.I,
)
# Within one line: a decoration that ran across line breaks made this quadratic in blank lines.
_IN_LINE = _DECOR.replace(r"\s", r" \t\r\f\v")
_STANDALONE = re.compile(rf"^{_IN_LINE}(?P<v>yes|no){_IN_LINE}[.!]?{_IN_LINE}$", re.I | re.M)
_AFTER_OPENER = re.compile(r"\A[^.!?\n]{0,60}?,\s*(?P<v>yes|no)\b(?=\s*(?:[,.!;]|$))", re.I)


def parse_answer(reply: str) -> ParsedAnswer:
    """The stance a reply takes, read from its lead first (the prompt asks for the answer first)."""
    lead = _lead(reply)
    if lead is not None:
        stance, span = lead
        later = _later(reply, after=span[1]) if stance in (Stance.YES, Stance.NO) else None
        if later is not None and later[0] is not stance:
            return _parsed(reply, Stance.AMBIGUOUS, (span, later[1]), "conflict")
        return _parsed(reply, stance, (span,), "lead")
    for found, rule in ((_later(reply, after=0), "labelled"), (_standalone(reply), "standalone")):
        if found is not None:
            return _parsed(reply, found[0], (found[1],), rule)
    opener = _AFTER_OPENER.search(reply)
    if opener:
        return _parsed(reply, _yes_no(opener["v"]), (opener.span("v"),), "lead")
    return ParsedAnswer(Stance.MISSING, (), (), "none", reply.strip())


def _lead(reply: str) -> tuple[Stance, tuple[int, int]] | None:
    for stance, pattern in _LEAD:
        match = pattern.match(reply)
        if match:
            return stance, match.span()
    return None


def _later(reply: str, after: int) -> tuple[Stance, tuple[int, int]] | None:
    """The last explicit verdict after ``after``; a reply that restates its answer ends with it."""
    found = None
    for match in _LATER.finditer(reply, after):
        found = (_yes_no(match["v"]), match.span())
    return found


def _standalone(reply: str) -> tuple[Stance, tuple[int, int]] | None:
    match = _STANDALONE.search(reply)
    return (_yes_no(match["v"]), match.span()) if match else None


def _yes_no(word: str) -> Stance:
    return Stance.YES if word.lower() == "yes" else Stance.NO


_OPENING = re.compile(_DECOR)
_CLOSING = re.compile(r"[*_`'\"”’)\]]*\s*[.,;:!?\-–—]?")


def _parsed(reply: str, stance: Stance, spans: tuple[tuple[int, int], ...], rule: str) -> ParsedAnswer:
    """Trim markdown and quotes off each span; cut the spans (and their punctuation) out of the reasoning."""
    trimmed = tuple((_skip(_OPENING, reply, a), b) for a, b in spans)
    reasoning, cut = [], 0
    for a, b in sorted(spans):
        reasoning.append(reply[cut:a])
        cut = _skip(_CLOSING, reply, b)
    reasoning.append(reply[cut:])
    text = " ".join(part.strip() for part in reasoning if part.strip())
    evidence = tuple(reply[a:b] for a, b in trimmed)
    return ParsedAnswer(stance, trimmed, evidence, rule, text.strip())


def _skip(pattern: re.Pattern[str], text: str, pos: int) -> int:
    match = pattern.match(text, pos)
    return match.end() if match else pos
