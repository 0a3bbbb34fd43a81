"""The answer said again as the reply's conclusion, where the KB contradicts it: the oracle cannot tell.

"Step 3: Somalia was without a government ... Conclusion: Somalia and Hungary do not have diplomatic
relations", "On that basis the two countries don't have diplomatic relations", "Kierkegaard rejected
Schelling, so Schelling wasn't one of his influences", "... **Answer: No** - Mongolia does not have
diplomatic relations with Japan" (the sentence right after verdict words that close reasoning of the
reply's own; the tenth session): the question's statement, stated or denied, in
a sentence that concludes, after reasoning of the reply's own, is its answer in other words. Blind
labellers read it both ways: a belief (wrong knowledge, docs/oracle.md's "Yes, Gauss died in London")
or a conclusion drawn (a wrong inference, issue 38's ninth-session writers). Such a claim is kept out
of the reply's world (it would make its answer follow from itself) and, wrong, makes the verdict
"cannot tell" unless a wrong premise of its own already makes it wrong knowledge (classify.py). Said
with no reasoning, it is what the reply believes, as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from kgtest.kg.catalog import RelationCatalog
from kgtest.oracle.answer import ParsedAnswer
from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.worlds import readings

ANSWER = "answer"
"""The status of a claim that is the answer restated: read, never checked."""
_CONCLUDES = re.compile(
    r"(?:^|[^\w-])(?:so|therefore|thus|hence|consequently|accordingly|conclusion|on (?:that|this) basis"
    r"|(?:that|this|which) means|given (?:that|this|these|all (?:that|this))|in light of (?:that|this)"
    r"|as a result)\b(?!-)",
    re.I,
)


def answer_restated(
    text: str,
    claims: Sequence[Claim],
    ground: GroundGraph,
    catalog: RelationCatalog,
    verdict: tuple[str, str] = ("", ""),
    asked: str = "",
) -> list[Claim]:
    """The claims, each that restates the answer as a conclusion marked ``ANSWER``. ``verdict``: the
    reply before and after its verdict words, when they came after reasoning ("... **Answer: No** -
    Mongolia does not have diplomatic relations with Japan": the sentence after them concludes).
    ``asked``: the question; in a temporal case a year claim with its year ("born in 1999. So no, he
    wasn't born in 2005 or earlier") restates it, and so does its event dated at its year."""
    if ground.statement is None and ground.temporal is None:
        return list(claims)
    question = readings(catalog, *ground.statement) if ground.statement else set()
    out = []
    for c in claims:
        said = (c.statement and readings(catalog, *c.statement) & question) or (
            ground.temporal is not None and (_asked_year(c, asked) or _asked_event(c, ground, asked))
        )
        ends = (c.triple.subject, c.triple.object)
        before = [x for x in claims if (x.triple.subject, x.triple.object) != ends]  # reasoning of its own
        if (
            said
            and before
            and (
                _concludes(text, c.triple.sentence)
                or _after_verdict(verdict, c.triple.sentence)
                or _in_concluding_verdict(verdict, c.triple.sentence)
            )
        ):
            c = replace(c, status=ANSWER)
        out.append(c)
    return out


def after_verdict(reply: str, answer: ParsedAnswer) -> tuple[str, str]:
    """The reply before and after its (first) verdict words, for ``answer_restated``."""
    if not answer.spans:
        return "", ""
    start, end = answer.spans[0]
    return reply[:start], reply[end:]


def _after_verdict(verdict: tuple[str, str], sentence: str) -> bool:
    """Whether the sentence follows verdict words that close reasoning of the reply's own."""
    reasoned, after = verdict
    return len(_WORD.findall(reasoned)) >= 8 and _SET_OFF.sub("", after).startswith(sentence.strip()[:30])


def _asked_year(claim: Claim, asked: str) -> bool:
    """Whether a year claim says the question's words about its year ("wasn't born in 2005 or
    earlier" for "Was he born in 2005 or earlier?"): three words in a row, the year among them."""
    if claim.year is None:
        return False
    year = str(claim.year)
    mine, theirs = _trigrams(claim.triple.sentence), _trigrams(asked)
    return any(year in gram for gram in mine & theirs)


def _asked_event(claim: Claim, ground: GroundGraph, asked: str) -> bool:
    """Whether a dated claim is the temporal question's event at a year the question names: "So yes,
    he was playing for A.C. Milan in 1991" for "Did he play for A.C. Milan in 1991?" (styled_blind13
    W3-038)."""
    if ground.temporal is None or claim.statement is None or claim.when is None:
        return False
    if " ".join(claim.statement) not in ground.temporal.events:
        return False
    first, last = claim.when
    years = [int(y) for y in re.findall(r"\b(?:1\d{3}|20\d{2})\b", asked)]
    return any((first is None or first <= y) and (last is None or y <= last) for y in years)


def _trigrams(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", text.lower())
    return {tuple(words[k : k + 3]) for k in range(len(words) - 2)}


def _in_concluding_verdict(verdict: tuple[str, str], sentence: str) -> bool:
    """Whether the sentence runs through verdict words after reasoning: "That puts him on the other
    side of your cutoff, so no — he wasn't born in 1980 or earlier" (read without "so no")."""
    before, after = verdict
    head, tail = sentence.strip()[:20], sentence.strip()[-20:]
    reasoned = before[: before.rfind(head)] if head in before else ""
    return len(_WORD.findall(reasoned)) >= 8 and tail in after.split("\n")[0]


_WORD = re.compile(r"[A-Za-z]{3,}")
_SET_OFF = re.compile(r"^[\s*_.,:;!\-–—]+")


def _concludes(text: str, sentence: str) -> bool:
    """Whether the sentence, or its line before it, says it concludes."""
    at = text.find(sentence.strip()[:40])
    if at < 0:
        return bool(_CONCLUDES.search(sentence))
    line = text[text.rfind("\n", 0, at) + 1 : at]
    return bool(_CONCLUDES.search(line + " " + sentence))
