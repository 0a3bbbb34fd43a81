"""Sentences the oracle could not read, and whether they could change a verdict.

A reply is judged on what it states, so a statement that was not read cannot be vouched for:
"Einstein came into the world in Munich" read as nothing leaves a reply about his birthplace
looking right. A sentence is **unread** when it relates two entities the case or the KB knows,
or one of them and a year the check needs, and no claim was read between them: a triple whose
relation names no property, or a sentence from which the parser read no triple at all. A
sentence that names at most one thing the KB knows ("Einstein loved sailing") relates nothing
the KB could check, and is no unread sentence.

What an unread sentence can change (docs/oracle.md, "When the oracle cannot tell"):

* the knowledge side, unless a read claim is already wrong knowledge (it may be wrong too);
* the inference side, when it names an entity of the proof (the question's ends, the evidence's
  entities, a temporal case's events) or, in a temporal case, a year: it may be a premise the
  answer rests on.

A verdict whose class an unread sentence could change is ``unreadable``; one it cannot change
keeps its class (a reply whose wrong knowledge was read, whose unread sentence names nothing of
the proof, is erroneous knowledge whatever that sentence says).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.oracle.claims import Claim
from kgtest.oracle.dated import DATED
from kgtest.oracle.entities import EntityMatch, EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.quantified import COUNTED
from kgtest.oracle.relations import words

_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)", re.M)
_NAME = re.compile(
    r"[A-Z\u00C0-\u024F][\w'’.\-]*(?:\s+(?:(?:of|the|de|di|da|von|van|der|du|la|le|in|for|and|on)\s+)*"
    r"[A-Z\u00C0-\u024F0-9][\w'’.\-]*)*"
)
"""A capitalised name, with the small words inside names ("University of Zurich")."""
_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2}|[1-9]\d{1,2}\s*(?:BC|BCE|AD|CE)\b)")
_DATED = re.compile(
    r"\b(?:born|birth|died|dies|die|death|dead|passed away|lived|alive|living|founded|established|"
    r"dissolved|abolished|created|formed|began|begun|started|ended|took place|happened|held|"
    r"married|wed|marriage|won|received|awarded|age|aged|years? old|existed|reign|reigned)\b",
    re.I,
)
"""Words of the events the KB dates: a sentence linking an entity and a year with them states a date."""


@dataclass(frozen=True, slots=True)
class Unread:
    """A sentence that relates what the KB knows, with nothing read from it between those ends."""

    sentence: str
    names: tuple[str, ...]
    """The entities' labels and the years it relates."""
    ids: frozenset[str]
    """The entities' ids."""
    year: bool
    """It relates an entity and a year."""

    def text(self) -> str:
        return f'"{_short(self.sentence)}" ({", ".join(self.names)})'


def find_unread(
    text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader
) -> list[Unread]:
    """The reply's unread sentences, each once, in the reply's order."""
    found: dict[str, Unread] = {}
    read = _read_pairs(claims)
    for c in claims:
        if c.statement is not None or c.status in (DATED, COUNTED):
            continue
        u = _between(c.triple.sentence, c.subject, c.object, c.triple.relation, ground, entities.kb is None)
        if u is not None and not _covered(u, read.get(_key(c.triple.sentence), set())):
            found.setdefault(_key(u.sentence), u)
    parsed = {_key(c.triple.sentence) for c in claims}
    for sentence in _SENTENCE.findall(text):
        if _key(sentence) in parsed or any(_key(sentence) in p or p in _key(sentence) for p in parsed if p):
            continue
        u = _mentions(sentence, ground, entities)
        if u is not None:
            found.setdefault(_key(u.sentence), u)
    return list(found.values())


def could_change(unread: Sequence[Unread], ground: GroundGraph, knowledge_wrong: bool) -> bool:
    """Whether reading these sentences could give another class (the module's rule)."""
    if not unread:
        return False
    if not knowledge_wrong:
        return True
    proof = proof_ids(ground)
    return any(u.ids & proof or (u.year and ground.temporal is not None) for u in unread)


def proof_ids(ground: GroundGraph) -> frozenset[str]:
    """The entities the proof rests on: the question's ends, the evidence's, a temporal case's events'."""
    ids = {x for e in ground.edges for x in (e.subject, e.object)}
    ids |= {x for _, x, _ in ground.years}
    if ground.statement is not None:
        ids |= {ground.statement[0], ground.statement[2]}
    if ground.temporal is not None:
        for event in ground.temporal.events:
            head = event.split(":")[0].split()
            ids |= {head[0], head[-1]}
    return frozenset(ids)


def _between(
    sentence: str, subject: EntityMatch, obj: EntityMatch, relation: str, ground: GroundGraph, no_kb: bool
) -> Unread | None:
    """A triple between two known ends, or a known end and a year the check needs. Without a KB to
    look names up in, a proper name beside a case entity may be one the KB knows: it counts."""
    ends = [m for m in (subject, obj) if m.known]
    if no_kb and len(ends) == 1:
        ends += [m for m in (subject, obj) if not m.known and m.how == "none" and m.name[:1].isupper()]
    years = [m for m in (subject, obj) if m.how == "year" and m.year is not None]
    if not ends:
        return None
    if len(ends) == 2 and (ends[0].id != ends[1].id or ends[1].id is None):
        return Unread(sentence, (ends[0].label, ends[1].label), frozenset(m.id for m in ends if m.id), False)
    if len(ends) == 1 and years and _needs_year(ground, f"{relation} {sentence}"):
        return Unread(sentence, (ends[0].label, years[0].name), frozenset({ends[0].id or ""}), True)
    return None


def _mentions(sentence: str, ground: GroundGraph, entities: EntityReader) -> Unread | None:
    """A sentence no triple was read from: does it name two known things, or one and a dated year?"""
    names = [n.strip() for n in _NAME.findall(sentence) if n.strip()]
    case = [m for m in (entities.read(n, ground, look_up=False) for n in names) if m.known]
    if not case:
        return None
    more = [m for m in (entities.read(n, ground) for n in names) if m.known]
    ids = list(dict.fromkeys(m.id for m in case + more if m.id))
    labels = {m.id: m.label for m in case + more}
    if len(ids) >= 2:
        return Unread(sentence.strip(), tuple(labels[i] for i in ids[:3]), frozenset(ids), False)
    year = _YEAR.search(sentence)
    if year is not None and _needs_year(ground, sentence):
        return Unread(sentence.strip(), (labels[ids[0]], year.group()), frozenset(ids), True)
    return None


def _needs_year(ground: GroundGraph, words_around: str) -> bool:
    """A year the check may need: any in a temporal case, else one said with the words of a dated event."""
    return ground.temporal is not None or bool(_DATED.search(words_around))


def _read_pairs(claims: Sequence[Claim]) -> dict[str, set[frozenset[str]]]:
    """Per sentence, the pairs of ends read into claims."""
    out: dict[str, set[frozenset[str]]] = {}
    for c in claims:
        if c.statement is not None:
            out.setdefault(_key(c.triple.sentence), set()).add(frozenset({c.statement[0], c.statement[2]}))
    return out


def _covered(u: Unread, pairs: set[frozenset[str]]) -> bool:
    """The same ends were read from the same sentence by another triple ("was born in Ulm in 1879")."""
    if u.year:
        return any(u.ids <= p and any(x.lstrip("-").isdigit() for x in p) for p in pairs)
    return u.ids in pairs


def _key(sentence: str) -> str:
    return words(sentence)


def _short(sentence: str) -> str:
    s = " ".join(sentence.split())
    return s if len(s) <= 160 else s[:157] + "..."
