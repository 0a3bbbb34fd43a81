"""Read the verdict (Yes / No / I don't know) a reply gives, and keep the words that decided it.

The prompt asks for the answer first, then the reasoning, so the lead of the reply decides, read past list
numbers and labels ("Answer:", `The answer to the question "..." is`). Verdict words are matched as whole
words where a verdict goes, never as substrings ("Noted", "know" and "Norway" are not "no"; "I don't know"
is not a "No"), a flaw of seed 003's published code. Only a firm verdict is read as Yes or No: a list of
options ("- Yes / - No / - I don't know"), a hedge ("I think yes, but I'm not sure"; with ``leanings``, a
hedge around one answer is that answer: oracle/leaning.py), a correction ("No. Wait, yes") or a later
verdict that disagrees makes the reply ambiguous. docs/oracle.md lists the shapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from kgtest.generator.case import Answer
from kgtest.oracle.concluded import concluded_verdict
from kgtest.oracle.held_true import held_true_verdict
from kgtest.oracle.inner_verdict import inner_verdict
from kgtest.oracle.leaning import leaning, other_way
from kgtest.oracle.restated import after_restated_question
from kgtest.oracle.restated_verdict import restated_verdict
from kgtest.oracle.supposed import SUPPOSING, aside
from kgtest.oracle.verdict_words import (
    AFTER_OPENER,
    ANSWER_FIRST,
    CANNOT_ANSWER,
    CHOICES,
    CLOSING,
    CONCLUSION,
    CORRECTION,
    DECLINED_ANYWHERE,
    DECOR,
    FILLER,
    FINAL_LINE,
    HEADING_LINE,
    HEDGE,
    LATER,
    NUMBER,
    OPTION,
    PATTERNS,
    PREFIX,
    RECALLING,
    REFUSED_ANYWHERE,
    REVERSAL,
    SENTENCE_END,
    SOURCED,
    STANDALONE,
    UNDERMINED,
    UNSURE_ANYWHERE,
)


class Stance(StrEnum):
    """What a reply commits to."""

    YES = "yes"
    NO = "no"
    IDK = "idk"
    """An honest "I don't know" / "cannot determine"."""
    REFUSAL = "refusal"
    """Declines to answer ("As an AI, I cannot ...")."""
    AMBIGUOUS = "ambiguous"
    """A hedge, a list of options, a correction, or a lead and a final verdict that disagree."""
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
    """Which reading decided: ``lead``, ``labelled``, ``standalone``, ``closing``, ``unsure``, ``options``,
    ``hedge``, ``correction``, ``conflict``, ``inner`` (inner_verdict.py), ``restated`` (restated_verdict.py),
    ``concluded`` (concluded.py), ``leaning`` (with ``leanings``) or ``none``."""
    reasoning: str
    """The reply without the verdict words: what triples are extracted from."""

    @property
    def answer(self) -> Answer | None:
        """The stance as a case's answer, None when the reply gave none of Yes / No / I don't know."""
        return _AS_ANSWER.get(self.stance)


_AS_ANSWER = {Stance.YES: Answer.YES, Stance.NO: Answer.NO, Stance.IDK: Answer.IDK}

_LEAD = [(Stance(stance), re.compile(rf"{PREFIX}(?:{pattern})", re.I)) for stance, pattern in PATTERNS]
"""Matched with ``.match(reply, start)``: anchored where the reply's answer starts."""
_FIRM = (Stance.YES, Stance.NO)
_Read = tuple[Stance, tuple[int, int]]  # a stance and where it is said
_UNSURE = dict(_LEAD)[Stance.IDK]


def parse_answer(reply: str, question: str = "", leanings: bool = False) -> ParsedAnswer:
    """The stance a reply takes, read from its lead first (the prompt asks for the answer first).

    ``question``: the case's question; a reply that opens by repeating it is read after it.
    ``leanings``: a hedge around one answer is that answer (oracle/leaning.py), not ``ambiguous``.
    """
    parsed = _parse(reply, question, leanings)
    if not leanings or not _doubtful(parsed):
        return parsed
    lean = leaning(reply)
    if lean is None and parsed.stance is Stance.MISSING:  # "If that's right, it would not have been in X"
        lean = held_true_verdict(reply, question)
    if lean is None:
        return parsed
    stance = Stance.YES if lean[0] == "yes" else Stance.NO
    return _parsed(reply, stance, (lean[1],), "leaning")


def _doubtful(parsed: ParsedAnswer) -> bool:
    """Doubt, not another answer: a lead of doubt ("Probably not"), "I'm not sure", or no verdict; not
    "it depends", "yes and no", a correction or a list of options."""
    if parsed.stance is Stance.MISSING:
        return True
    said = " ".join(parsed.evidence).lower()
    if parsed.stance is Stance.AMBIGUOUS:
        return parsed.rule in ("lead", "hedge") and bool(_DOUBT_LEAD.search(said))
    return parsed.stance is Stance.IDK and bool(_NOT_SURE.search(said))


_DOUBT_LEAD = re.compile(r"\b(?:probably|possibly|perhaps|maybe|likely|guess|suppose)\b")
_NOT_SURE = re.compile(r"\b(?:not\s+(?:\w+\s+)?(?:sure|certain)|unsure|uncertain)\b")


def _parse(reply: str, question: str, leanings: bool) -> ParsedAnswer:
    start = 0 if ANSWER_FIRST.match(reply) else after_restated_question(reply, question)
    options = _options(reply)
    if options is not None:
        return options
    lead = _lead(reply, start)
    if lead is None:  # "Hmm, interesting one! No, ...", "Based on X's records, no.": after an opener
        opened = FILLER.match(reply, start) or SOURCED.match(reply, start)
        lead = _lead(reply, opened.end()) if opened else None
    if lead is None:  # "### Bryansk ↔ Gomel\n\n**Yes** — ...": the verdict under a title line
        titled = HEADING_LINE.match(reply, start)
        lead = _lead(reply, titled.end()) if titled else None
    if lead is not None and lead[0] in (Stance.IDK, Stance.AMBIGUOUS):
        lead = _refused_under_heading(reply, lead)
    if lead is None:  # "Conclusion: I don't know", "Conclusion: No — ...", "Conclusion: it depends"
        lead = _concluded(reply, start)
    if lead is not None:
        stance, span = lead
        if stance not in _FIRM:
            return _parsed(reply, stance, (span,), "lead")
        doubt = _doubt(reply, stance, span, question, leanings)
        if doubt is not None:
            return doubt
        contradicted = _contradicted(reply, stance, span, span[1], question)
        return contradicted or _parsed(reply, stance, (span,), "lead")
    for found, rule in (
        (_later(reply, after=start), "labelled"),
        (_standalone(reply, start), "standalone"),
        (_closing(reply, start), "closing"),
    ):
        if found is not None:
            return (
                _doubt(reply, found[0], found[1], leanings=leanings)
                or _contradicted(reply, found[0], found[1], start, question)
                or _parsed(reply, found[0], (found[1],), rule)
            )
    opener = AFTER_OPENER.match(reply, start)
    if opener:
        stance = _yes_no(opener["v"])
        said = opener.span("v")
        return _doubt(reply, stance, said, leanings=leanings) or _parsed(reply, stance, (said,), "lead")
    unsure = next((m for m in UNSURE_ANYWHERE.finditer(reply, start) if not _quoted(reply, m.start())), None)
    if unsure:  # no verdict anywhere, but "we cannot determine the answer"
        return _parsed(reply, Stance.IDK, (unsure.span(),), "unsure")
    inner = inner_verdict(reply, question, start)
    if inner is not None:  # "So, born in San Francisco? Yes, ...", "..., but no — it was Beverly Hills"
        stance, said = _yes_no(inner[0]), inner[1]
        ruled = _doubt(reply, stance, said, leanings=leanings)
        ruled = ruled or _contradicted(reply, stance, said, start, question)
        return ruled or _parsed(reply, stance, (said,), "inner")
    for read, rule in ((restated_verdict, "restated"), (concluded_verdict, "concluded")):
        if (worded := read(reply, question, start)) is not None:  # "So he did not.", "So not LA."
            stance, said = _yes_no(worded[0]), worded[1]
            return _doubt(reply, stance, said, leanings=leanings) or _parsed(reply, stance, (said,), rule)
    refused = REFUSED_ANYWHERE.search(reply, start) or DECLINED_ANYWHERE.search(reply, start)
    if refused:  # no verdict anywhere, steps and then "I'm sorry, but I can't assist with this request."
        return _parsed(reply, Stance.REFUSAL, (refused.span(),), "lead")
    return ParsedAnswer(Stance.MISSING, (), (), "none", reply.strip())


def _concluded(reply: str, start: int) -> _Read | None:
    """The verdict of the last conclusion line, whatever it is ("it depends" included)."""
    found = None
    for match in CONCLUSION.finditer(reply, start):
        found = _lead(reply, match.end()) or found
    return found


def _refused_under_heading(reply: str, lead: _Read) -> _Read:
    """ "## Unable to verify" over "I'm sorry, but I can't ...", or "so I can't answer that" after doubt."""
    if lead[0] is Stance.IDK and (said := CANNOT_ANSWER.match(reply, lead[1][1])):
        return Stance.REFUSAL, said.span("c")
    heading = HEADING_LINE.match(reply)
    if heading is None or lead[1][1] > heading.end():
        return lead
    below = _lead(reply, heading.end())
    return below if below is not None and below[0] is Stance.REFUSAL else lead


def _lead(reply: str, start: int) -> _Read | None:
    for stance, pattern in _LEAD:
        match = pattern.match(reply, start)
        if match:
            return stance, match.span()
    return None


def _options(reply: str) -> ParsedAnswer | None:
    """Both Yes and No offered as list items: a menu, not an answer."""
    spans: dict[str, tuple[int, int]] = {}
    for item in OPTION.finditer(reply):
        for word in CHOICES.finditer(reply, item.start(), item.end()):
            spans.setdefault(word.group().lower(), word.span())
    if {"yes", "no"} <= set(spans):
        return _parsed(reply, Stance.AMBIGUOUS, (spans["yes"], spans["no"]), "options")
    return None


def _doubt(
    reply: str, stance: Stance, span: tuple[int, int], question: str = "", leanings: bool = False
) -> ParsedAnswer | None:
    """A hedge in the verdict's sentence or opening the next one (none with ``leanings``), or a
    correction to the other verdict (not one that answers a question the reply asks itself, nor one it
    only supposes: supposed.py)."""
    undermined = UNDERMINED.search(reply, span[1])
    if undermined is not None:  # "No ... I'm unable to provide a definitive answer"
        return _parsed(reply, Stance.AMBIGUOUS, (span, undermined.span()), "hedge")
    if leanings:  # a hedge stands, unless it leans the other way ("Yes ... but probably not", "or maybe not")
        other = other_way(reply, span[1], stance.value)
        if other is not None:
            return _parsed(reply, Stance.AMBIGUOUS, (span, other), "hedge")
        return _corrected(reply, stance, span, question)
    end = SENTENCE_END.search(reply, span[1])
    hedge = HEDGE.search(reply, span[1], end.start() if end else len(reply))
    nxt = _next_sentence(reply, span[1])
    if hedge is None and nxt is not None:
        hedge = HEDGE.match(reply, nxt) or _UNSURE.match(reply, nxt)  # "Yes. I'm not sure."
    if hedge is not None:
        return _parsed(reply, Stance.AMBIGUOUS, (span, hedge.span()), "hedge")
    return _corrected(reply, stance, span, question)


def _corrected(reply: str, stance: Stance, span: tuple[int, int], question: str) -> ParsedAnswer | None:
    """The other verdict after this one: a change of mind, or a later sentence opening with it."""
    nxt = _next_sentence(reply, span[1])
    for match in CORRECTION.finditer(reply, span[1]):
        if _yes_no(match["v"]) is not stance:
            return _parsed(reply, Stance.AMBIGUOUS, (span, match.span("v")), "correction")
    if nxt is not None:
        again = _lead(reply, nxt)
        if (
            again is not None
            and again[0] in _FIRM
            and again[0] is not stance
            and not aside(reply, again[1][0], question)
        ):
            return _parsed(reply, Stance.AMBIGUOUS, (span, again[1]), "correction")
    for match in REVERSAL.finditer(reply, span[1]):
        if _yes_no(match["v"]) is not stance and not aside(reply, match.start("v"), question):
            return _parsed(reply, Stance.AMBIGUOUS, (span, match.span("v")), "conflict")
    return None


def _next_sentence(reply: str, pos: int) -> int | None:
    """Where the sentence after the verdict starts, when the verdict closed its own sentence."""
    match = re.compile(r"[\s*_\"”’)]*[.!?]+\s+").match(reply, pos)
    return match.end() if match else None


def _later(reply: str, after: int) -> _Read | None:
    """The last explicit verdict after ``after``; a reply that restates its answer ends with it."""
    found = _verdicts(reply, after)
    return found[-1] if found else None


def _verdicts(reply: str, after: int) -> list[tuple[Stance, tuple[int, int]]]:
    """Every explicit verdict after ``after`` ("The answer is no", "1788: No"). One a supposition
    gives is none ("If he was still there, the answer would be yes; if not, no")."""
    found = []
    for match in LATER.finditer(reply, after):
        before = RECALLING.sub("", reply[max(0, match.start() - 300) : match.start()])
        if not SUPPOSING.search(before):
            found.append((_yes_no(match["v"]), match.span()))
    return found


def _contradicted(
    reply: str, stance: Stance, span: tuple[int, int], after: int, question: str
) -> ParsedAnswer | None:
    """A verdict the reply itself contradicts elsewhere: "The answer is yes. ... The answer is no.",
    "1787: Yes / 1788: No" (one answer per option of an "or" question). Read as the last one, it
    was a confident verdict the reply does not hold; it is ``ambiguous``."""
    lines = [(_yes_no(m["v"]), m.span("v")) for m in _LINE_VERDICT.finditer(reply, after)]
    if any(_overlap(m.span("v"), span) for m in _WOULD.finditer(reply, max(0, span[0] - 20), span[1])):
        # "by X the answer would be no, but if Y, it would be yes"; "which would make the answer yes"
        lines += [(_yes_no(m["v"]), m.span("v")) for m in _WOULD.finditer(reply, after)]
    for other, where in [*_verdicts(reply, after), *lines]:
        if other is not stance and not _overlap(where, span) and not aside(reply, where[0], question):
            return _parsed(reply, Stance.AMBIGUOUS, tuple(sorted((span, where))), "conflict")
    return None


_WOULD = re.compile(
    r"\b(?:would|could|might)\s+(?:just\s+as\s+(?:easily|well)\s+)?"
    r"(?:be|make\s+(?:it|that|the\s+answer))\s+(?P<v>yes|no)\b",
    re.I,
)
"""A verdict in the conditional: one the other way, supposed or not, makes a conditional one two-sided
("I first thought the late 1960s, which would make the answer yes ... which would make it no")."""
_LINE_VERDICT = re.compile(r":[^\S\n]*[*_]*(?P<v>yes|no)[*_.!]*[^\S\n]*$", re.I | re.M)
"""A line that ends in a labelled verdict ("1787: Yes"), one per option of an "or" question."""


def _quoted(reply: str, pos: int) -> bool:
    """Whether ``pos`` lies inside quotation marks opened on its line: a reply that echoes the
    prompt's instruction ('must contain the phrase "I don't know."') says no such thing itself."""
    line = reply[reply.rfind("\n", 0, pos) + 1 : pos]
    return line.count('"') % 2 == 1 or line.count("“") > line.count("”")


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _standalone(reply: str, start: int) -> _Read | None:
    match = STANDALONE.search(reply, start)
    return (_yes_no(match["v"]), match.span()) if match else None


def _closing(reply: str, start: int) -> _Read | None:
    """A verdict set off by commas in the reply's last line, or opening it, where nothing else gave one."""
    last = max(start, reply.rstrip().rfind("\n") + 1)
    match = CLOSING.search(reply, last)
    if match:
        return _yes_no(match["v"]), match.span("v")
    final = FINAL_LINE.match(reply.rstrip(), last) or FINAL_LINE.search(reply.rstrip(), last)
    group = next((g for g in "vwx" if final[g]), "v") if final else "v"
    return (_yes_no(final[group]), final.span(group)) if final else None


def _yes_no(word: str) -> Stance:
    return Stance.YES if word.lower() in ("yes", "true", "correct", "yeah", "yep", "yup") else Stance.NO


_OPENING = re.compile(rf"{DECOR}{NUMBER}{DECOR}", re.I)
_CLOSING = re.compile(r"[*_`'\"”’)\]]*\s*[.,;:!?\-–—]?[*_`'\"”’)\]]*")


def _parsed(reply: str, stance: Stance, spans: tuple[tuple[int, int], ...], rule: str) -> ParsedAnswer:
    """Trim markdown and quotes off each span; cut the spans (and their punctuation) out of the reasoning."""
    trimmed = tuple((_skip(_OPENING, reply, a), b) for a, b in spans)
    reasoning, cut = [], 0
    for a, b in sorted(spans):
        if a < cut:
            continue
        before, cut = reply[cut:a].rstrip(), _skip(_CLOSING, reply, b)
        ended = before[-1:] not in ".!?:" and re.search(r"[.!?]", reply[b:cut]) and reply[cut:].strip()
        reasoning.append(f"{before}." if before and ended else before)  # "lean towards yes. Lyon is ..."
    reasoning.append(reply[cut:])
    text = " ".join(part.strip() for part in reasoning if part.strip())
    evidence = tuple(reply[a:b] for a, b in trimmed)
    return ParsedAnswer(stance, trimmed, evidence, rule, text.strip())


def _skip(pattern: re.Pattern[str], text: str, pos: int) -> int:
    match = pattern.match(text, pos)
    return match.end() if match else pos
