"""A verdict inside the reply's text, where no lead, label, line or closing gave one.

Writers who talk before answering put the Yes or No where the talk turns to it, not first:
* after the case's question, asked by the reply itself ("So, born in San Francisco? Yes, ...",
  "Did he die in London, then? No, ...", "was he in London when he died? He was."); a question
  of its own that names what the case's does not ("Was Lower Saxony in West Germany? Yes.") is a step;
* after a turn of the sentence ("..., but no — it was Beverly Hills", "..., then no, he didn't",
  "so then yes, she did", "And yes, they did." opening a paragraph after chatter), not one conceded
  ("early 1990s, yes, but I couldn't swear");
* as the reply's last sentence, bare or as a plain assent ("... in West Germany. **Yes.**",
  "That's correct.").
A supposition ("If he had died there, then yes, ...") gives none; verdicts both ways give none
(answer.py reads the reply as it did before, and so never a guess).
"""

from __future__ import annotations

import re

from kgtest.oracle.verdict_words import PATTERNS, PREFIX

FIRM = ("yes", "no")

_STANCES = [(s, re.compile(rf"{PREFIX}(?:{pattern})", re.I)) for s, pattern in PATTERNS]
"""Every stance's words in the lead's order, so that "Yes and no" is read as the two-sided answer it is."""
_ASKED = re.compile(r"\?[*_\"”’)]*[^\S\n]+")
"""A question's end; the question is what lies before it back to the last stop (a pattern that read it
would scan the whole text from every place: quadratic on "no one no one ...")."""
_TURN = re.compile(
    r"(?:,|;|\bbut|\bso|\bthen|\band)[^\S\n]+(?:then[^\S\n]+)?[*_]*(?P<v>yes|no)[*_]*"
    r"(?![^\S\n]*,[^\S\n]*but\b)(?=[^\S\n]*[,—–:]|[^\S\n]+-[^\S\n])",
    re.I,
)
_LAST = re.compile(r"(?:^|\n|[.!?:][*_\"”’)]*\s+)(?P<s>[^.!?\n]*[.!?]*[\s*_\"”’)]*)$")
_BARE_REST = re.compile(r"[\s*_\"”’).!]*$")
_ASSENT = re.compile(r"[\s*_]*(?:that|this|it)(?:['’]s|\s+is)\s", re.I)
_SUPPOSED = re.compile(
    r"\b(?:if|(?<!asking\s)(?<!ask\s)whether|unless|suppose|supposing|assuming|were\s+it|had\s+(?:he|she|it|they))\b(?!\s+you(?:['’]re|\s+are)?\s+(?:ask|mean))",
    re.I,
)
_OPTION_BEFORE = re.compile(r"\b(?:yes|no)\W*$", re.I)
_OR_AFTER = re.compile(r"\W*or\b", re.I)
"""Options in a row ("yes, no, or something between") are no verdict."""
_NAME = re.compile(r"\b[A-Z][\w'’\-]*")
_PLAIN = frozenset(
    {"did", "does", "do", "was", "were", "is", "are", "has", "have", "had", "so", "then", "and", "but"}
    | {"putting", "well", "now", "the", "a", "an", "in", "what"}
)
"""Capitalised words that open a question and name nothing."""


def inner_verdict(reply: str, question: str, start: int = 0) -> tuple[str, tuple[int, int]] | None:
    """``("yes" | "no", span)`` of the last verdict inside the reply when all found agree, else None."""
    found = [*_answered(reply, question, start), *_turned(reply, start), *_last(reply, start)]
    if not found or len({stance for stance, _ in found}) > 1:
        return None
    return max(found, key=lambda f: f[1][0])


def _firm(reply: str, pos: int) -> tuple[str, tuple[int, int]] | None:
    """The Yes or No said at ``pos``; None for any other stance ("Yes and no", "I don't know")."""
    for stance, pattern in _STANCES:
        match = pattern.match(reply, pos)
        if match:
            return (stance, match.span()) if stance in FIRM else None
    return None


def _answered(reply: str, question: str, start: int) -> list[tuple[str, tuple[int, int]]]:
    """Verdicts right after a question the reply asks that is the case's own."""
    case = {w.lower() for w in re.findall(r"[\w'’\-]+", question)}
    out = []
    for asked in _ASKED.finditer(reply, start):
        text = reply[max(start, *(reply.rfind(c, 0, asked.start()) + 1 for c in ".!?\n:")) : asked.start()]
        words = {w.lower() for w in re.findall(r"[\w'’\-]{4,}", text)}
        names = {n.lower() for n in _NAME.findall(text)} - _PLAIN
        if not words & case or names - case or _SUPPOSED.search(text):
            continue
        said = _firm(reply, asked.end())
        if said is not None:
            out.append(said)
    return out


def _turned(reply: str, start: int) -> list[tuple[str, tuple[int, int]]]:
    """Verdicts after a comma or "but"/"so"/"then" that go on with a clause; none a supposition or an
    indirect question gives ("whether yes, no, ..."), nor a row of options."""
    out = []
    for match in _TURN.finditer(reply, start):
        sentence = reply[max(start, *(reply.rfind(c, 0, match.start()) + 1 for c in ".!?\n")) : match.start()]
        listed = _OPTION_BEFORE.search(sentence) or _OR_AFTER.match(reply, match.end("v"))
        if not _SUPPOSED.search(sentence) and not listed:
            out.append(("yes" if match["v"].lower() == "yes" else "no", match.span("v")))
    return out


def _last(reply: str, start: int) -> list[tuple[str, tuple[int, int]]]:
    """The last sentence when it is a bare verdict ("**Yes.**") or a plain assent ("That's correct.")."""
    last = _LAST.search(reply, start)
    if last is None:
        return []
    said = _firm(reply, last.start("s"))
    if said is None:
        return []
    bare = _BARE_REST.fullmatch(reply, said[1][1]) is not None
    return [said] if bare or _ASSENT.match(reply, last.start("s")) else []
