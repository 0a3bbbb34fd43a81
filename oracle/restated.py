"""The question, quoted or asked back, is not a claim, nor is a supposition: cut them out first.

Small models repeat the question before answering it (`The answer to the question "Is it true
that X died in Chicago?" is "No"`, "Is it true that X died in Chicago? No."). Read as a
statement, the repeated question says the opposite of a correct "No", so a reply would be
charged with denying its own answer. Cut: quoted text that asks something or repeats the
question, sentences that end in a question mark, sentences that repeat the question word for
word from its start ("It is false that X." for "It is false that X. Please judge ..."), and
sentences that talk about the question ("The question asks whether ..."), and sentences that
suppose ("Hypothesis: ...", "Assume ...", "If ..."). "X." alone, for "Is it true that X?", is
the reply's own statement and stays.

``after_restated_question`` finds where answer.py reads the verdict from: after a first sentence
that asks, or repeats the question from its start ("It is true that X." answering "Is it true
that X?" is a verdict: the words come in another order).
"""

from __future__ import annotations

import re

_QUOTED = re.compile(r"\"([^\"\n]*)\"|“([^”\n]*)”|‘([^’\n]*)’|'([^'\n]*\?)'")
_SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?]+|\n)|[^.!?\n]+$")
"""A sentence or line with what ends it, newlines kept: list items stay apart."""
_ABOUT_QUESTION = re.compile(
    r"\b(?:the|this|your)\s+(?:question|statement|claim)\s+(?:is\s+)?(?:asks?|asking|says|states|is)\s+"
    r"(?:whether|if|that)\b"
    r"|\b(?:the|this|your)\s+(?:claim|statement|assertion|idea|notion|premise|suggestion)\s+that\b",
    re.I,
)
_SUPPOSED = re.compile(
    r"^\W*(?:hypothes[ie]s|assumption|suppose|supposing|assume|assuming|imagine"
    r"|if(?!\s+(?:i(?:\s+am|['’]m)?\s+(?:recall|remember)(?:ing)?\s+(?:correctly|rightly|right)"
    r"|i(?:\s+am|['’]m)\s+not\s+mistaken|(?:my\s+)?memory\s+serves(?:\s+me)?)))\b",
    re.I,
)
"""A sentence that supposes rather than states: "Hypothesis: X was alive in 124 BC". "If I remember
right, ...", "If I'm remembering correctly", "if I'm not mistaken" are belief, not a supposition:
what follows is the reply's claim."""
_WORDS = re.compile(r"[a-z0-9]+")


def strip_restated(text: str, question: str) -> str:
    """``text`` without the question in any of the shapes above; the rest is left as written."""
    asked = " ".join(_WORDS.findall(question.lower()))
    text = _QUOTED.sub(lambda m: _quote(m, asked), text)
    kept = [s for s in _SENTENCE.findall(text) if not _restates(s, asked)]
    return re.sub(r"[ \t]{2,}", " ", "".join(kept)).strip()


def _quote(match: re.Match[str], asked: str) -> str:
    inner = next(g for g in match.groups() if g is not None)
    words = " ".join(_WORDS.findall(inner.lower()))
    if inner.rstrip().endswith("?") or (words.count(" ") >= 2 and f" {words} " in f" {asked} "):
        return ""
    return match.group()


def _restates(sentence: str, asked: str) -> bool:
    stripped = sentence.strip()
    if not stripped:
        return False
    if stripped.endswith("?") or _ABOUT_QUESTION.search(stripped) or _SUPPOSED.match(stripped):
        return True
    words = " ".join(_WORDS.findall(stripped.lower()))
    return words.count(" ") >= 3 and f"{asked} ".startswith(f"{words} ")


_FIRST_END = re.compile(r"[.!?\n]")
_QUESTION_LABEL = re.compile(r"^\W*(?:question|statement|claim|you\s+ask(?:ed)?)\s*:?", re.I)
_ASKS_WHETHER = re.compile(
    r"^\W*(?:the|this|your)\s+(?:question|statement)\s+(?:is\s+)?(?:asks?|asking|is)\s+(?:whether|if)\b", re.I
)
_PAST = re.compile(r"[.!?\s]*")


def after_restated_question(reply: str, question: str) -> int:
    """Where the reply starts once a first sentence that asks, or repeats the question from its
    start, is skipped (0 when it does neither)."""
    end = _FIRST_END.search(reply)
    if not question or end is None:
        return 0
    first = reply[: end.start()]
    said = " ".join(_WORDS.findall(_QUESTION_LABEL.sub("", first).lower()))
    asked = " ".join(_WORDS.findall(question.lower()))
    asks = (reply[end.start()] == "?" and said.count(" ") >= 3) or _ASKS_WHETHER.match(first) is not None
    if asks or (said.count(" ") >= 3 and f"{asked} ".startswith(f"{said} ")):
        rest = _PAST.match(reply, end.start())
        return rest.end() if rest else end.end()
    return 0
