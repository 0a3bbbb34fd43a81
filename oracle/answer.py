"""Read the verdict (Yes / No / I don't know) a reply gives, and keep the words that decided it.

The prompt asks for the answer first, then the reasoning, so the lead of the reply decides,
read past list numbers and labels ("Answer:", `The answer to the question "..." is`). Verdict
words are matched as whole words where a verdict goes, never as substrings ("Noted", "know"
and "Norway" are not "no"; "I don't know" is not a "No"), a flaw of seed 003's published
code. Only a firm verdict is read as Yes or No: a list of options ("- Yes / - No / - I don't
know"), a hedge ("I think yes, but I'm not sure"), a correction ("No. Wait, yes") or a later
verdict that disagrees makes the reply ambiguous. docs/oracle.md lists the shapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from kgtest.generator.case import Answer
from kgtest.oracle.restated import after_restated_question


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
    """Which reading decided: ``lead``, ``labelled``, ``standalone``, ``unsure``, ``options``,
    ``hedge``, ``correction``, ``conflict`` or ``none``."""
    reasoning: str
    """The reply without the verdict words: what triples are extracted from."""

    @property
    def answer(self) -> Answer | None:
        """The stance as a case's answer, None when the reply gave none of Yes / No / I don't know."""
        return _AS_ANSWER.get(self.stance)


_AS_ANSWER = {Stance.YES: Answer.YES, Stance.NO: Answer.NO, Stance.IDK: Answer.IDK}

# What may precede a verdict: markdown, quotes, brackets, list marks and numbers, and a label
# such as "Answer:" or 'The answer to the question "Is it true that ...?" is'.
_DECOR = r"[\s*_#>`\"'“”‘’(\[\-•]*+"
"""Possessive: a run of decoration is never split between two of the prefix's places (on 20,000
blank lines the splits made matching a prefix take hours)."""
_NUMBER = r"(?:(?:\d{1,2}|[a-z])[.)]\s+)?"
_QUOTED = r"(?:\"[^\"\n]*\"|“[^”\n]*”|'[^'\n]*\?'|‘[^’\n]*’)"
_QUESTION = rf"(?:\s+to\s+(?:the|this|your|that)\s+question(?:\s*[:,]?\s*(?:{_QUOTED}|[^.!?\n:]*\?))?)?"
_LABEL = (
    rf"(?:(?:(?:final|short|my|the|correct)\s+)?(?:answer{_QUESTION}|conclusion|verdict)[\s*_]*"
    r"(?:is|would\s+be)?[\s*_]*|a(?=\s*:))\s*[:\-–—]?"
)
_WOULD_SAY = r"i(?:\s+would|['’]d)\s+say"
"""An opinion's verdict: "I'd say no", "I would say yes"."""
_OPINION = (
    rf"(?:{_WOULD_SAY}|i\s+think|i\s+believe"
    r"|as\s+far\s+as\s+i\s+(?:know|can\s+tell|remember|recall)|if\s+i\s+(?:remember|recall)\s+(?:correctly|rightly)"
    r"|(?:i'?m|i\s+am)\s+(?:fairly|pretty|quite|reasonably|very)\s+(?:sure|certain|confident)(?:\s+that)?)"
    r"[\s,]*"
)
"""Belief before a verdict ("I think", "as far as I know", "I'm fairly sure that"): the verdict stands.
Doubt is another thing ("but I'm not sure", "probably yes"): that makes a reply ambiguous."""
_SOFTENER = (
    r"(?:(?:i'?m|i\s+am)\s+(?:afraid|sorry)|sorry|honestly|to\s+be\s+(?:honest|frank)|unfortunately|frankly"
    r"|truthfully|sadly|good\s+question)\s*[,:\-–—!.?]?\s*"
)
"""Politeness before the answer: "I'm afraid I don't know", "Honestly, no", "Sorry, yes"."""
_HEADING = r"(?:[a-z][\w'’\-]*(?:\s+[a-z][\w'’\-]*){0,2}\s*:\s*)"
"""A short heading before the answer: "Fantasy: No", "Verdict: Yes"."""
_INTERJECTION = r"(?:(?:ah+|oh+|hmm+|well|ok(?:ay)?)\s*[,!]\s*)"
"""A chatty word before the answer: "Ah, I'm sorry, but I can't ...", "Well, no"."""
_PREFIX = (
    rf"{_DECOR}{_HEADING}?{_DECOR}{_NUMBER}{_DECOR}(?:{_LABEL}{_DECOR})?{_INTERJECTION}?"
    rf"(?:{_SOFTENER})?(?:{_OPINION}{_DECOR})?"
)
_END = r"(?=[\s\W]|$)"
_STOP = r"(?=\s*(?:[.,;:!?)*_\"”’\-–—]|\n|$))"  # words that are verdicts only when the clause ends there
_SUBJECT = r"(?:that|this|it|the\s+(?:statement|claim|assertion|answer|premise|sentence))"
_IS = r"(?:'s|\s+is|\s+was)"

_PATTERNS: tuple[tuple[Stance, str], ...] = (
    (
        Stance.REFUSAL,
        r"(?:but\s+)?as\s+an\s+(?:ai|a\.i\.|artificial\s+intelligence|ai\s+language\s+model|language\s+model|llm)\b"
        r"|i(?:'m|\s+am)\s+(?:sorry|afraid),?\s+(?:but\s+)?i\s+(?:can(?:no|')t|cannot|won't|will\s+not|am\s+unable)"
        r"|i\s+(?:can(?:no|')t|won't|will\s+not|am\s+not\s+able\s+to|am\s+unable\s+to)\s+"
        r"(?:help|assist|comply|provide\s+(?:that|this|an?\s+answer)|discuss|engage)"
        r"|i\s+(?:must|have\s+to)\s+decline",
    ),
    (
        Stance.IDK,
        r"i\s+(?:(?:honestly|really|genuinely|simply|just)\s+)?(?:do\s+not|don't|dont)\s+(?:really\s+)?know"
        r"|(?:i\s+have\s+)?no\s+(?:idea|clue)\b|(?:(?:that|this|it)(?:'s|\s+is)\s+)?beyond\s+my\s+knowledge|i(?:'m|\s+am)\s+not\s+aware\b"
        r"|i\s+(?:really\s+|honestly\s+)?(?:could\s*n[o']t|couldn't|can(?:no|')t|cannot)\s+(?:really\s+)?(?:say|tell)\b"
        r"|(?:i(?:'m|\s+am)\s+)?(?:not\s+(?:sure|certain)|unsure|uncertain)\b"
        r"|(?:i\s+)?(?:can\s*not|can't|cannot|am\s+unable\s+to|unable\s+to|could\s+not|couldn't)\s+"
        r"(?:determine|say|tell|verify|confirm|know|be\s+(?:sure|certain)|answer)\b"
        r"|it\s+is\s+(?:unclear|uncertain|unknown|not\s+known)\b|unknown\b"
        r"|there\s+is\s+(?:not\s+enough|insufficient|no)\s+(?:information|data|evidence)"
        r"|i\s+(?:have\s+no|don't\s+have|do\s+not\s+have)\s+(?:enough\s+|reliable\s+|that\s+|this\s+|the\s+|any\s+)?"
        r"(?:information|knowledge|data)"
        r"|insufficient\s+information|not\s+enough\s+information",
    ),
    (
        Stance.AMBIGUOUS,
        r"(?:both\s+)?yes\s*(?:and|or|/)\s*no\b|no\s*(?:and|or|/)\s*yes\b"
        r"|not\s+necessarily|not\s+exactly|not\s+quite|not\s+always"
        r"|(?:it|that|this)\s+depends|partly|partially|sort\s+of|kind\s+of|maybe|possibly|perhaps|probably"
        r"|(?:most\s+|very\s+)?likely\b|i\s+(?:guess|suppose)\b",
    ),
    (
        Stance.YES,
        r"no\s+doubt|without\s+(?:a\s+)?doubt|i\s+(?:think|believe)\s+so\b"
        r"|(?:yes|yeah|yep|yup|indeed)"
        + _END
        + r"|(?:true|correct|right|affirmative)"
        + _STOP
        + r"|(?:definitely|certainly|absolutely|of\s+course|surely)(?!\s+not)"
        + _END
        + rf"|{_SUBJECT}{_IS}\s+(?:(?:indeed|definitely|certainly|absolutely)\s+)?"
        + r"(?:true|correct|right|the\s+case)"
        + _END,
    ),
    (
        Stance.NO,
        r"no(?!\s+(?:one|longer|matter|more|less|other|such|single)\b)"
        + _END
        + r"|(?:nope|nah)"
        + _END
        + r"|(?:false|incorrect|wrong|untrue)"
        + _STOP
        + r"|not\s+(?:true|correct|really|at\s+all)"
        + _END
        + r"|(?:i'?m|i\s+am)\s+afraid\s+not|i\s+(?:don't|do\s+not)\s+(?:think|believe)\s+so"
        + _END
        + r"|(?:definitely|certainly|absolutely|of\s+course|surely)\s+not"
        + _END
        + rf"|{_SUBJECT}{_IS}\s+(?:not\s+(?:true|correct|right|the\s+case)|false|incorrect|wrong|untrue)"
        + _END,
    ),
)
_LEAD = [(stance, re.compile(rf"{_PREFIX}(?:{pattern})", re.I)) for stance, pattern in _PATTERNS]
"""Matched with ``.match(reply, start)``: anchored where the reply's answer starts."""
_FIRM = (Stance.YES, Stance.NO)
_UNSURE = dict(_LEAD)[Stance.IDK]
_UNSURE_ANYWHERE = re.compile(
    r"\b(?:i\s+(?:do\s+not|don't)\s+know\s+(?:whether|if|the\s+answer)"
    r"|(?:we|i)\s+(?:can\s*not|can't|cannot|am\s+unable\s+to|are\s+unable\s+to)\s+(?:determine|tell|say|know)"
    r"|(?:not|don't\s+have|do\s+not\s+have)\s+enough\s+information"
    r"|(?:i'?m|i\s+am)\s+not\s+sure\b(?!\s+(?:whether|if|this|that|there|how|what|which|it))"
    r"|i\s+(?:do\s+not|don't)\s+know(?=\s*(?:[.!—–]|-\s|$))"
    r"|(?:i'?m|i\s+am)\s+afraid\s+i\s+(?:do\s+not|don't)\s+know)\b",
    re.I,
)
"""A plain "cannot tell" in a reply with no verdict anywhere: an honest I don't know."""

# A verdict stated later: "The answer is No", "Answer: yes", "answered with Yes", "Therefore, no.".
_LATER = re.compile(
    rf"(?:\b{_LABEL}\s*{_DECOR}|\banswered\s+(?:with\s+)?{_DECOR}"
    rf"|\b(?:therefore|thus|hence|so)\s*[,:]?\s*(?:the\s+answer\s+is\s*)?{_DECOR}"
    rf"|\b{_WOULD_SAY}\s+{_DECOR}|(?<=:)[^\S\n]*{_DECOR}(?=(?:yes|no)[\s*_.!]*$))"
    r"(?P<v>yes|no|true|false|correct|incorrect)\b(?:(?=[\s.!*_\"”’)]*(?:\n|$))|(?=[\s*_]*[.!,:;\"”’–—])|(?=\s+-\s))",
    re.I,
)
# Within one line: a decoration that ran across line breaks made this quadratic in blank lines.
_IN_LINE = _DECOR.replace(r"\s", r" \t\r\f\v")
_STANDALONE = re.compile(rf"^{_IN_LINE}(?P<v>yes|no){_IN_LINE}[.!]?{_IN_LINE}$", re.I | re.M)
_AFTER_OPENER = re.compile(r"[^.!?\n]{0,60}?,\s*(?:but\s+)?(?P<v>yes|no)\b(?=\s*(?:[,.!;]|$))", re.I)

# A list whose items are nothing but answer options ("- Yes", "1. No- Yes:"): the reply did not choose.
# An item is one line: spaces within it only, so a run of blank lines is not re-read from each line.
_SPACE = r"[^\S\n]*+"
_CHOICE = r"(?:yes|no|i\s+don'?t\s+know|not\s+sure|maybe)"
_OPTION = re.compile(
    rf"^{_SPACE}(?:[-*•]|\(?\d{{1,2}}[.)]|\(?[a-z][.)]){_SPACE}\**{_SPACE}(?P<v>{_CHOICE})\b"
    rf"(?:[^\w\n]*+{_CHOICE}\b)*(?:[^\w\n]*+$|{_SPACE}\**{_SPACE}[:\-–—])",
    re.I | re.M,
)
"""An item that is only options ("- Yes", "1. No- Yes:"), or one with a gloss ("- Yes: there is ...")."""
_CHOICES = re.compile(r"\b(yes|no)\b", re.I)
# The other verdict opening a later sentence, line or clause: "No, no, no, yes." / "No.\nYes, it is".
# Possessive, and blank lines left to the next line's start: on a run of blank lines the old
# pattern tried every split of it at every position.
_REVERSAL = re.compile(
    r"(?:^|[.!?:;]\s++|,\s*+|\n[^\S\n]*+(?:[-*•]|\d{1,2}[.)])?[^\S\n]*+)[\"“'‘]?(?P<v>yes|no)\b"
    r"(?!\s+(?:one|longer|matter|more|less|other|such|single|doubt|wonder)\b)(?=\s*(?:[,.!:;\"”’]|\n|$))",
    re.I | re.M,
)
# Doubt about the verdict just given: "Yes, but I'm not sure", "No, probably".
_HEDGE = re.compile(
    r"\b(?:(?:but|though|although)\s+(?:i'?m|i\s+am)\s+not\s+(?:\w+\s+)?(?:sure|certain|positive)"
    r"|(?:i'?m|i\s+am)\s+not\s+(?:\w+\s+)?(?:sure|certain|positive)|not\s+(?:100\s*%|a\s+hundred\s+percent)"
    r"|probably|possibly|perhaps|maybe|i\s+(?:guess|suppose)"
    r"|i\s+could\s+be\s+wrong|unsure|uncertain)\b",
    re.I,
)
# Doubt anywhere after the verdict about the answer as a whole.
_UNDERMINED = re.compile(
    r"\b(?:(?:unable|not\s+able)\s+to|can\s*not|can't|cannot)\s+(?:provide|give|offer)\s+(?:you\s+)?(?:a\s+|an\s+)?"
    r"(?:definitive|definite|clear|certain|conclusive|accurate)\s+answer"
    r"|\b(?:can\s*not|can't|cannot)\s+be\s+(?:sure|certain)\b",
    re.I,
)
# A change of mind: "No. Wait, yes", "Yes. Actually, no".
_CORRECTION = re.compile(
    r"\b(?:wait|actually|sorry|correction|i\s+mean|on\s+second\s+thought|scratch\s+that|rather)\b"
    rf"[\s,:;.!\-–—]*(?:the\s+answer\s+is\s*)?{_DECOR}(?P<v>yes|no)\b",
    re.I,
)
_SENTENCE_END = re.compile(r"[.!?\n]")
# Chatter before the verdict, one or two short sentences that say nothing: "Hmm, let me think.",
# "Great question!"; none may hold a verdict or a doubt ("Hmm, I think yes." is no opener).
_FILLER = re.compile(
    r"(?:\s*(?:hmm+|hm+|well|ok(?:ay)?|sure|great|good|nice|interesting|alright|ah+|oh+|let\s+me\s+(?:think|see|check)"
    r"|let'?s\s+see|thanks|thank\s+you|oof|whew|phew|easy\s+one|ooh+|wow|what\s+a)\b"
    r"(?:(?!\b(?:yes|no|not|true|false|correct|wrong|know|sure|i\s+think|i\s+believe|maybe)\b)[^.!?\n]){0,40}"
    r"(?:[.!?…]|\s*[\u2600-\u27bf\U0001f300-\U0001faff])+){1,2}\s*",
    re.I,
)


def parse_answer(reply: str, question: str = "") -> ParsedAnswer:
    """The stance a reply takes, read from its lead first (the prompt asks for the answer first).

    ``question``: the case's question; a reply that opens by repeating it is read after it.
    """
    start = 0 if _ANSWER_FIRST.match(reply) else after_restated_question(reply, question)
    options = _options(reply)
    if options is not None:
        return options
    lead = _lead(reply, start)
    if lead is None:  # "Hmm, interesting one! No, ...": the verdict after a chatty opener
        opened = _FILLER.match(reply, start)
        lead = _lead(reply, opened.end()) if opened else None
    if lead is None:  # "### Bryansk ↔ Gomel\n\n**Yes** — ...": the verdict under a title line
        titled = _HEADING_LINE.match(reply, start)
        lead = _lead(reply, titled.end()) if titled else None
    if lead is not None and lead[0] in (Stance.IDK, Stance.AMBIGUOUS):
        lead = _refused_under_heading(reply, lead)
    if lead is None:  # "Conclusion: I don't know", "Conclusion: No — ...", "Conclusion: it depends"
        lead = _concluded(reply, start)
    if lead is not None:
        stance, span = lead
        if stance not in _FIRM:
            return _parsed(reply, stance, (span,), "lead")
        doubt = _doubt(reply, stance, span, question)
        if doubt is not None:
            return doubt
        later = _later(reply, after=span[1])
        if later is not None and later[0] is not stance and not _aside(reply, later[1][0], question):
            return _parsed(reply, Stance.AMBIGUOUS, (span, later[1]), "conflict")
        return _parsed(reply, stance, (span,), "lead")
    for found, rule in ((_later(reply, after=start), "labelled"), (_standalone(reply, start), "standalone")):
        if found is not None:
            return _doubt(reply, found[0], found[1]) or _parsed(reply, found[0], (found[1],), rule)
    opener = _AFTER_OPENER.match(reply, start)
    if opener:
        stance = _yes_no(opener["v"])
        return _doubt(reply, stance, opener.span("v")) or _parsed(reply, stance, (opener.span("v"),), "lead")
    unsure = _UNSURE_ANYWHERE.search(reply, start)
    if unsure:  # no verdict anywhere, but "we cannot determine the answer"
        return _parsed(reply, Stance.IDK, (unsure.span(),), "unsure")
    refused = _REFUSED_ANYWHERE.search(reply, start)
    if refused:  # no verdict anywhere, steps and then "I'm sorry, but I can't assist with this request."
        return _parsed(reply, Stance.REFUSAL, (refused.span(),), "lead")
    return ParsedAnswer(Stance.MISSING, (), (), "none", reply.strip())


_CONCLUSION = re.compile(
    r"^[^\S\n]*+[*_#>]*+[^\S\n]*+(?:in\s+)?(?:conclusion|final\s+answer|answer|verdict|bottom\s+line|in\s+short)"
    r"[*_]*+[^\S\n]*+[:\-–—]",
    re.I | re.M,
)
"""A line that gives the conclusion: what follows it is read as a lead is."""
_HEADING_LINE = re.compile(r"^[^\S\n]*#+[^\n]*\n\s*", re.M)
_REFUSED_ANYWHERE = re.compile(
    r"(?:^|(?<=[.!?]\s)|(?<=\n))(?:i'?m|i\s+am)\s+sorry,?\s+(?:but\s+)?i\s+(?:can(?:no|')t|cannot|won't|am\s+unable\s+to)\s+"
    r"(?:help|assist|comply|answer)\b",
    re.I | re.M,
)
"""A refusal opening a sentence of a reply with no verdict anywhere."""


def _concluded(reply: str, start: int) -> tuple[Stance, tuple[int, int]] | None:
    """The verdict of the last conclusion line, whatever it is ("it depends" included)."""
    found = None
    for match in _CONCLUSION.finditer(reply, start):
        found = _lead(reply, match.end()) or found
    return found


def _refused_under_heading(
    reply: str, lead: tuple[Stance, tuple[int, int]]
) -> tuple[Stance, tuple[int, int]]:
    """ "## Unable to verify" over "I'm sorry, but I can't ...": the heading names what the text refuses."""
    heading = _HEADING_LINE.match(reply)
    if heading is None or lead[1][1] > heading.end():
        return lead
    below = _lead(reply, heading.end())
    return below if below is not None and below[0] is Stance.REFUSAL else lead


def _lead(reply: str, start: int) -> tuple[Stance, tuple[int, int]] | None:
    for stance, pattern in _LEAD:
        match = pattern.match(reply, start)
        if match:
            return stance, match.span()
    return None


def _options(reply: str) -> ParsedAnswer | None:
    """Both Yes and No offered as list items: a menu, not an answer."""
    spans: dict[str, tuple[int, int]] = {}
    for item in _OPTION.finditer(reply):
        for word in _CHOICES.finditer(reply, item.start(), item.end()):
            spans.setdefault(word.group().lower(), word.span())
    if {"yes", "no"} <= set(spans):
        return _parsed(reply, Stance.AMBIGUOUS, (spans["yes"], spans["no"]), "options")
    return None


def _doubt(reply: str, stance: Stance, span: tuple[int, int], question: str = "") -> ParsedAnswer | None:
    """A hedge in the verdict's sentence or opening the next one, or a correction to the other verdict
    (not one that answers a question the reply asks itself, nor one it only supposes: ``_aside``)."""
    end = _SENTENCE_END.search(reply, span[1])
    hedge = _HEDGE.search(reply, span[1], end.start() if end else len(reply))
    nxt = _next_sentence(reply, span[1])
    if hedge is None and nxt is not None:
        hedge = _HEDGE.match(reply, nxt) or _UNSURE.match(reply, nxt)  # "Yes. I'm not sure."
    if hedge is not None:
        return _parsed(reply, Stance.AMBIGUOUS, (span, hedge.span()), "hedge")
    undermined = _UNDERMINED.search(reply, span[1])
    if undermined is not None:  # "No ... I'm unable to provide a definitive answer"
        return _parsed(reply, Stance.AMBIGUOUS, (span, undermined.span()), "hedge")
    for match in _CORRECTION.finditer(reply, span[1]):
        if _yes_no(match["v"]) is not stance:
            return _parsed(reply, Stance.AMBIGUOUS, (span, match.span("v")), "correction")
    if nxt is not None:
        again = _lead(reply, nxt)
        if (
            again is not None
            and again[0] in _FIRM
            and again[0] is not stance
            and not _aside(reply, again[1][0], question)
        ):
            return _parsed(reply, Stance.AMBIGUOUS, (span, again[1]), "correction")
    for match in _REVERSAL.finditer(reply, span[1]):
        if _yes_no(match["v"]) is not stance and not _aside(reply, match.start("v"), question):
            return _parsed(reply, Stance.AMBIGUOUS, (span, match.span("v")), "conflict")
    return None


_ASKED_BEFORE = re.compile(r"([^.!?\n]*)\?[\s*_\"”’)\-–—:]*$")
_SUPPOSING = re.compile(r"(?:^|[.!?;:\n]\s*)(?:if|were|had|suppose|supposing|assuming)\b[^.!?;\n]*$", re.I)
_CONTENT = re.compile(r"[a-z]{4,}")
_RECALLING = re.compile(r"\bif\s+i\s+(?:remember|recall)\s+(?:correctly|rightly)\b", re.I)
"""Belief, not a supposition: "If I recall correctly, the answer is no"."""


def _aside(reply: str, pos: int, question: str) -> bool:
    """A later Yes or No that answers a question the reply asks itself ("Did Tesla die in Paris? No,
    ..."), not the case's, or that a supposition gives ("If he had died in Paris, the answer would be
    No"): no change of the verdict."""
    before = reply[max(0, pos - 300) : pos]
    if _SUPPOSING.search(before):
        return True
    asked = _ASKED_BEFORE.search(before)
    if asked is None:
        return False
    own = set(_CONTENT.findall(asked.group(1).lower()))
    case = set(_CONTENT.findall(question.lower()))
    return bool(own) and len(own & case) < 0.6 * len(own)


def _next_sentence(reply: str, pos: int) -> int | None:
    """Where the sentence after the verdict starts, when the verdict closed its own sentence."""
    match = re.compile(r"[\s*_\"”’)]*[.!?]+\s+").match(reply, pos)
    return match.end() if match else None


def _later(reply: str, after: int) -> tuple[Stance, tuple[int, int]] | None:
    """The last explicit verdict after ``after``; a reply that restates its answer ends with it. One a
    supposition gives is none ("If he was still there, the answer would be yes; if not, no")."""
    found = None
    for match in _LATER.finditer(reply, after):
        before = _RECALLING.sub("", reply[max(0, match.start() - 300) : match.start()])
        if not _SUPPOSING.search(before):
            found = (_yes_no(match["v"]), match.span())
    return found


def _standalone(reply: str, start: int) -> tuple[Stance, tuple[int, int]] | None:
    match = _STANDALONE.search(reply, start)
    return (_yes_no(match["v"]), match.span()) if match else None


def _yes_no(word: str) -> Stance:
    return Stance.YES if word.lower() in ("yes", "true", "correct") else Stance.NO


_ANSWER_FIRST = re.compile(rf"{_DECOR}{_NUMBER}{_DECOR}{_LABEL}", re.I)
"""The reply opens with its answer's label; a question quoted in it is part of the label."""


_OPENING = re.compile(rf"{_DECOR}{_NUMBER}{_DECOR}", re.I)
_CLOSING = re.compile(r"[*_`'\"”’)\]]*\s*[.,;:!?\-–—]?[*_`'\"”’)\]]*")


def _parsed(reply: str, stance: Stance, spans: tuple[tuple[int, int], ...], rule: str) -> ParsedAnswer:
    """Trim markdown and quotes off each span; cut the spans (and their punctuation) out of the reasoning."""
    trimmed = tuple((_skip(_OPENING, reply, a), b) for a, b in spans)
    reasoning, cut = [], 0
    for a, b in sorted(spans):
        if a < cut:
            continue
        reasoning.append(reply[cut:a])
        cut = _skip(_CLOSING, reply, b)
    reasoning.append(reply[cut:])
    text = " ".join(part.strip() for part in reasoning if part.strip())
    evidence = tuple(reply[a:b] for a, b in trimmed)
    return ParsedAnswer(stance, trimmed, evidence, rule, text.strip())


def _skip(pattern: re.Pattern[str], text: str, pos: int) -> int:
    match = pattern.match(text, pos)
    return match.end() if match else pos
