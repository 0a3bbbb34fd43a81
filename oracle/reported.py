"""What a reply reports others saying, to set it aside, and the values it says a fact is not.

A reply states what it asserts, not what it says others claim: in "Some say Tesla died in Paris,
but he died in New York City" or "Contrary to a popular myth that he died in Paris, ..." the
Paris is the claim it rejects, and read as its own it would be charged as wrong knowledge. Cut,
before the reply is read:

* a clause that reports a claim as others' and marks it wrong or turns from it: "some (people)
  say/believe/claim ...", "it is (often, wrongly) said that ...", "a (popular) myth/misconception
  that ...", "contrary to ...", "(some wrongly say Munich)", up to where the reply turns to its own
  words ("but", "however", "in fact", "actually", a semicolon, a dash, the end of the sentence);
  a report the reply does not mark wrong nor turn from stays (it may be its support);
* a claim it names and calls wrong: "saying Haifa was never twinned with Aalborg is incorrect";
* a value it denies beside the one it gives: "born in 1856, not 1857", "died not in Paris but in
  New York City", "in 1911, not in 1912": the denial of another value of a fact says nothing
  the given value does not, and read alone its year or place would be taken for the claim.
"""

from __future__ import annotations

import re

_OTHERS = (
    r"(?:some|many|several|other|a\s+few|most)\s+(?:\w+\s+){0,2}?"
    r"(?:say|said|claim|claimed|believe|believed|think|thought|assume|assumed|report|reported|state|stated|"
    r"suggest|suggested|insist|insisted|maintain|argue|argued|list|listed|give|gave|put|date|dated)"
    r"|it\s+(?:is|was|has\s+been)\s+(?:\w+\s+){0,2}?"
    r"(?:said|claimed|believed|reported|stated|thought|assumed|asserted|suggested|repeated)"
    r"|(?:a|the|one)\s+(?:\w+\s+){0,2}?(?:myth|misconception|legend|rumou?r|mistake|error|misunderstanding)"
    r"|contrary\s+to|despite\s+(?:the\s+|a\s+)?(?:\w+\s+){0,2}?(?:claims?|reports?|beliefs?|stories|story)"
    r"|(?:wrongly|mistakenly|falsely|erroneously|incorrectly)\s+(?:\w+\s+)?"
    r"(?:said|say|says|claimed|claim|believed|believe|reported|stated|thought|assumed|given|listed|dated)"
    r"|as\s+(?:is\s+)?(?:often|sometimes|commonly|widely|frequently)\s+(?:said|claimed|believed|reported|stated)"
)
_WRONG = re.compile(
    r"\b(?:myth|misconception|legend|rumou?r|mistake|error|misunderstanding|wrongly|mistakenly|falsely|"
    r"erroneously|incorrectly|contrary|despite)\b|\bas\s+(?:is\s+)?(?:often|sometimes|commonly)",
    re.I,
)
_TURN = re.compile(
    r",?\s*\b(?:but|however|whereas|while\s+in\s+fact|yet)\b|\bin\s+(?:fact|reality|truth)\b|\bactually\b"
    r"|;|\s[—–-]\s|\)",
    re.I,
)
_COMMA = re.compile(r",(?=\s+(?:[A-Z]|(?:he|she|it|they|the)\b))")
"""Where a report marked wrong gives way to the reply's words: "Contrary to the myth that ..., Tesla ..."."""
_REPORT = re.compile(rf"\(?\b(?:{_OTHERS})\b", re.I)
_SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?]+|\n|$)")
_DENIED = re.compile(
    r",\s*(?:and\s+)?not\s+(?:in\s+|on\s+|at\s+|from\s+|of\s+)?(?:the\s+)?"
    r"(?:\d[\w–\-]*|[A-Z][\w'’\-]*(?:\s+(?:of\s+|the\s+)*[A-Z][\w'’\-]*)*)"
    r"(?:\s+(?:as\s+\w+\s+(?:say|says|said|claim|claimed|believe|think)|itself))?(?=\s*[,.;)\n]|\s*$)"
    r"|\bnot\s+(?:in\s+|on\s+|at\s+)?[^,.;\n]{1,40}?\s+but\s+(?=in\b|on\b|at\b|\d|[A-Z])"
)


_CALLED_WRONG = re.compile(
    r",?\s*\b(?:saying|to\s+say|claiming|the\s+(?:claim|statement|idea|notion|assertion))\s+(?:that\s+)?"
    r"[^.;:!?\n]{1,160}?\s+(?:is|was|would\s+be)\s+(?:simply\s+|plainly\s+|therefore\s+|thus\s+)?"
    r"(?:incorrect|wrong|false|untrue|not\s+true|mistaken|a\s+myth|inaccurate)\b",
    re.I,
)
"""A claim the reply names and calls wrong: "saying Haifa was *never* twinned with Aalborg is incorrect"
(styled_blind11 W2-022: read as the reply's own denial, a right reply looked like wrong knowledge)."""


def set_aside(text: str) -> str:
    """``text`` without the claims it reports as others' and marks wrong or turns from, or names and
    calls wrong, and without the values it denies beside the ones it gives."""
    return "".join(_own(s) for s in _SENTENCE.findall(_DENIED.sub("", _CALLED_WRONG.sub("", text))))


def _own(sentence: str) -> str:
    report = _REPORT.search(sentence)
    if report is None:
        return sentence
    wrong = _WRONG.search(sentence, report.start()) is not None
    turn = _TURN.search(sentence, report.end()) or (_COMMA.search(sentence, report.end()) if wrong else None)
    if turn is None:  # reported to the end of the sentence: cut when it says the report is wrong
        if wrong:
            head = sentence[: report.start()].rstrip(" ,;:(")
            end = re.search(r"[.!?\n]*$", sentence)
            return head + (end.group() if end else "") if head.strip() else _lead(sentence)
        return sentence  # "Some historians say he was born in Ulm.": it may be the reply's support
    rest = _own(sentence[turn.end() :].lstrip(" ,"))
    head = sentence[: report.start()].rstrip(" ,;:(")
    return f"{head} {rest}" if head.strip() else _lead(sentence) + rest


def _lead(sentence: str) -> str:
    return sentence[: len(sentence) - len(sentence.lstrip())]
