""" "They", "the two", "both" for the question's two entities, in the words of the relation it asks about.

"So they were never married", "formal diplomatic relations were never restored; the two countries
deal through third parties", "they've had diplomatic relations ever since", "I don't believe the
two countries share a border": the parser has no names to read, yet the sentence states (or
denies) what the question asks. Such a sentence, naming no other relation of the case, is read as
a claim of the question's statement, denied when the sentence is ("not", "never", "no"). A sentence
that breaks the relation off, by the two ends' names too, is read by what it says came after: "broke
off relations with Georgia ... and they haven't been restored" denies it, "ties were restored later"
states it, a break alone is left unread. The one year right after the relation's word dates the claim
("the two married in 1982").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import stems

_TWO = re.compile(r"\b(?:the\s+two(?:\s+\w+)?|both(?:\s+countries)?|they|each\s+other)\b", re.I)
_DENIED = re.compile(r"\b(?:not|never|no|nor|neither)\b|n't\b", re.I)
_ENDED = re.compile(
    r"\b(?:broke|break|broken|severed|sever|cut|ended|ceased|suspended|terminated|withdrew|revoked)\b", re.I
)
"""A sentence in which the relation ended ("they broke off diplomatic relations", "then cut ties"):
neither a plain statement of it nor a denial unless it says what came after (``_after_break``)."""
_RESTORED = re.compile(
    r"\b(?:restored?|resumed?|re-?establish(?:ed)?|reopened|renewed|normali[sz]ed)\b", re.I
)
_NOT_ENDED = re.compile(
    r"\b(?:not|never)\s+(?:\w+\s+)?(?:break|broke|broken|sever|severed|cut|end|ended)\b"
    r"|n't\s+(?:\w+\s+)?(?:break|sever|cut|end)\b",
    re.I,
)
_NOT_RESTORED = re.compile(
    r"\b(?:not|never)\s+(?:\w+\s+){0,2}?(?:restored|restore|resumed|resume|re-?established|re-?establish)\b"
    r"|n't\s+(?:\w+\s+){0,2}?(?:restored|restore|resumed|resume|re-?established|re-?establish)\b",
    re.I,
)
_SINCE = re.compile(r"\bsince\b", re.I)
_DEGREE = re.compile(r"\b(?:normal|ordinary|typical|friendly|cordial|warm|close|good|healthy|proper)\b", re.I)
"""A kind of the relation denied, not the relation: "the relationship can't be described as a normal
diplomatic one", "they don't have friendly relations" deny a degree; left to the unread sentences."""


def about_the_two(
    text: str,
    claims: Sequence[Claim],
    ground: GroundGraph,
    asked: Sequence[tuple[str, str]],
    family: Callable[[str], str],
    symmetric: Callable[[str], bool],
) -> list[Claim]:
    """The claims, with one of the question's statement for each such sentence, where the question's
    relation is one of two of a kind: "His profile and the team's bio both list his birthplace as
    Ipiales" says nothing of "both" the cyclist and Ecuador."""
    if ground.statement is None or not symmetric(ground.statement[1]):
        return list(claims)
    s, p, o = ground.statement
    out = list(claims)
    for sentence in reply_sentences(text):
        ended = _ENDED.search(sentence) is not None
        named = all(_named(ground.label(x), sentence) for x in (s, o))
        if not (_TWO.search(sentence) or (ended and named)):
            continue
        denied = len(_DENIED.findall(sentence)) % 2 == 1  # "it's not true that they never ..." affirms
        if ended:
            after = _after_break(sentence)
            if after is None:
                continue
            denied = after
        if denied and _DEGREE.search(sentence):
            continue
        said = f" {stems(sentence)} "
        words = [w for fam, w in asked if fam == family(p) and f" {stems(w)} " in said]
        if not words:
            continue
        key = stems(sentence)
        if any(
            c.statement and family(c.statement[1]) == family(p) and stems(c.triple.sentence) in key
            for c in out
        ):
            continue  # read already, with its names
        triple = Triple(ground.label(s), words[0], ground.label(o), denied, "", sentence)
        subject = EntityMatch(ground.label(s), s, ground.label(s), "both")
        obj = EntityMatch(ground.label(o), o, ground.label(o), "both")
        relation = RelationMatch(p.lstrip("^"), not p.startswith("^"), "both", words[0], "phrase")
        when = _in_year(sentence, words[0]) if not denied else None
        out.append(Claim(triple, subject, obj, relation, (s, p, o), ((s, p, o),), when=when))
    return out


_IN_YEAR = re.compile(r"\bin\s+(1\d{3}|20\d{2})\b(?![–-])")
_ANY_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2})")


def _in_year(sentence: str, word: str) -> tuple[int | None, int | None] | None:
    """The one year a sentence dates the relation by, "in" it right after the relation's word: "the
    two married in 1982" (a year elsewhere, or a second one, dates something else or a span)."""
    years = _ANY_YEAR.findall(sentence)
    at = sentence.lower().find(word.lower())
    found = _IN_YEAR.match(sentence, at + len(word) + 1) if at >= 0 and len(years) == 1 else None
    return (int(found.group(1)), int(found.group(1))) if found else None


def _after_break(sentence: str) -> bool | None:
    """Whether a sentence that breaks the relation off denies it now: "severed diplomatic relations
    ..., and the two countries have not exchanged ambassadors since", "broke off relations ... and
    they haven't been restored" deny it; "broke off relations ..., but ties were restored later" and
    "it did not break off relations" state it; a break alone says nothing of today (None)."""
    if _NOT_ENDED.search(sentence):
        return False
    if _NOT_RESTORED.search(sentence):
        return True
    if _RESTORED.search(sentence):
        return False
    if _SINCE.search(sentence) and _DENIED.search(sentence):
        return True
    return None


def _named(label: str, sentence: str) -> bool:
    return bool(label) and re.search(rf"\b{re.escape(label)}\b", sentence) is not None
