"""A career's spans said by the club and two years: read as the evidence fact with those years.

"Milan spell: 1986–1990", "Boca Juniors (2007–2010) – returned to Argentina", "His Boca spell ran
2007–2010", "lists his Newell's Old Boys spell as 1983 to 1985", "Inter Milan – 2015–2017", "his
spell at FC Barcelona lasted from 1994 to 1996", "joined Bologna in 1998 and stayed until 2000": a reply
lists where its person was and when, with no verb a property names, so the sentence was unread and
its years could not be compared. Where the case's evidence dates a fact between its person and the
thing so named (a club's membership from 1986 to 1990), the span can only be that fact's: it is read
as it, with the two years (a season's "2000–01" ends in 2001), and checked against the KB's dates
(dated.py): years the KB's miss are wrong knowledge. A span that meets the KB's without being it
("2009–2010" for 2009: a season's slack, or another spell) is neither for sure and is left unread.
A sentence that denies ("not", "never"), says one of several spells ("First spell at São Paulo",
which the KB may date only by another), or names another person of the same kind of fact, is left
as it was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityMatch, EntityReader
from kgtest.oracle.ground import GroundEdge, GroundGraph
from kgtest.oracle.light_verbs import EDGE
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import NAME, same_sentence

_RANGE = (
    r"(?P<a>1\d{3}|20\d{2})(?:\s*(?:[–—-]|to|until|till|through)\s*(?P<b>1\d{3}|20\d{2}|\d{2}))?\b"
    r"(?!\s*[–—-]\s*\d)"
)
_STAY = r"(?:spell|stint|years|career|time|tenure|loan)"
_AFTER = re.compile(
    rf"\s*(?:\(\s*|(?:{_STAY}\s*)?[:–—-]\s*|{_STAY}\s+(?:is|was|were|ran|lasted|spanned|covered|as)\s+"
    rf"(?:from\s+)?|(?:lasted|ran|spanned)\s+(?:from\s+)?)"
    rf"{_RANGE}"
)
"""What follows the thing's name: "(2007–2010)", "spell: 1986–1990", " – 2015–2017", "spell ran 2007–2010"."""
_YEAR = r"(?:1\d{3}|20\d{2})"
_JOINED_BEFORE = re.compile(r"\b(?:joined|arrived\s+at|moved\s+to|signed\s+for)\s+$")
_JOINED = re.compile(
    rf"(?:\s+from\s+[^,.;]{{1,40}}?)?\s+in\s+(?:the\s+(?:summer|winter|spring|autumn)\s+of\s+)?(?P<a>{_YEAR})"
    rf"\s*,?\s+and\s+(?:stayed|remained)(?:\s+there)?\s+until\s+(?P<b>{_YEAR})\b"
)
"""A stay by its two ends: "joined Bologna from IFK Göteborg in 1998 and stayed until 2000"."""
_YEAR_AFTER = re.compile(r"\s+(?:in|on|for|and|of|the)\s+(?=\d)")
_DENIED = re.compile(
    r"\b(?:not|never|no|nor|neither|first(?!-team)|second|third|another|other|again|returned|spells|stints)\b"
    r"|n['’]t\b",
    re.I,
)
"""A denial, or one of several spells ("First spell at São Paulo: 2003–2006"): the KB may date another."""


def spans(text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader) -> list[Claim]:
    """Claims of the dated evidence facts the reply's spans say (the module's rule)."""
    dated = [e for e in ground.edges if e.start is not None or e.end is not None]
    if not dated:
        return []
    out = []
    for sentence in reply_sentences(text):
        if _DENIED.search(sentence) or any(
            same_sentence(sentence, c.triple.sentence) and c.when for c in claims
        ):
            continue  # a denial, or a span already read from the sentence
        out += _said(sentence.strip(), dated, ground, entities)
    return out


def _said(sentence: str, dated: list[GroundEdge], ground: GroundGraph, entities: EntityReader) -> list[Claim]:
    named = [
        (found.start(), found.start() + len(name), m)
        for found in NAME.finditer(sentence)
        for name in [_YEAR_AFTER.split(found.group())[0]]  # "A.C. Milan in 1990": the club
        if (m := entities.read(name.strip(), ground, look_up=False)).known
    ]
    ids = {m.id for _, _, m in named}
    out = []
    for start, end, match in named:
        span = _AFTER.match(sentence, end)
        if span is None and _JOINED_BEFORE.search(sentence, 0, start):
            span = _JOINED.match(sentence, end)
        edges = [e for e in dated if e.object == match.id]
        edges = [e for e in edges if e.subject in ids] if len(edges) > 1 else edges
        if span is None or len(edges) != 1:
            continue
        edge = edges[0]
        others = {e.subject for e in ground.edges if e.property == edge.property} - {edge.subject}
        if ids & others:
            continue  # "Tomasson's Villarreal spell": another player's
        first = int(span["a"])
        last = (
            first
            if not span["b"]
            else int(span["b"])
            if len(span["b"]) == 4
            else first // 100 * 100 + int(span["b"])
        )
        if last < first or _near(first, last, edge):
            continue
        out.append(_claim(sentence, edge, match, (first, last)))
    return out


def _near(first: int, last: int, edge: GroundEdge) -> bool:
    """The span meets the KB's without being it ("2009–2010" for 2009): a season's or a transfer
    window's slack, or another span; neither right nor wrong for sure, so left unread."""
    start = edge.start if edge.start is not None else first
    end = edge.end if edge.end is not None else last
    return (first, last) != (start, end) and first <= end and start <= last


def _claim(sentence: str, edge: GroundEdge, obj: EntityMatch, when: tuple[int, int]) -> Claim:
    triple = Triple(edge.subject_label, edge.relation, obj.name, sentence=sentence)
    subject = EntityMatch(edge.subject_label, edge.subject, edge.subject_label, "label")
    relation = RelationMatch(edge.property, True, EDGE, edge.relation, EDGE)
    statement = (edge.subject, edge.property, edge.object)
    return Claim(triple, subject, obj, relation, statement, (statement,), when=when)
