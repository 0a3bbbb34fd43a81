"""A place said to lie in another at a year, or until or from one, in words no property names: read as
the case's dated containment with those years.

"In 1930 Celle belonged to the Province of Hanover", "Lower Saxony was part of West Germany until
1990", "from 1852 to 2015 it lay in the Rhône department": "belonged to", "was part of", "lay in"
name no property (guessed.py keeps "belonged to" open between owned by, part of and member of), so
the sentence was unread and the reply "cannot tell". Where the sentence names both ends of one
containment fact of the case's evidence that the KB dates (located in, contains: P131, P150), or the
container and "it" for the one place the case has in it, the words can only say that fact: the
sentence is read as it, with the years, and dated.py checks them (a year inside the KB's span is
right, one outside it, or another first or last year, is wrong knowledge). It stays unread where

* the KB does not date the fact on the side said, or the sentence names the ends of several such facts;
* the clause denies, asks, supposes or hedges a year ("not", "never", "if", "?", "around", "the 1990s"),
  or holds a year or another clause between the verb and the year ("Haut-Rhin from 1790 until ..."
  is no container; "from 1790 right up until ... in 1922" is a span);
* a single year is one of the KB's bounds or next to one (the year of a reform: the place may be in
  the old whole and the new one that year), or a first or last year is next to the KB's ("until 2016"
  for a fact the KB ends in 2015: the same 1 January, maybe).

A place put at a year in a container the case lacks ("In 1930 Celle belonged to the Prussian Province
of Saxony") stays unread: the case's evidence holds no other container of it to set the year against.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.dated_edges import edge_claim, named
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundEdge, GroundGraph
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import same_sentence

_CONTAINS = frozenset({"P131", "P150"})
"""Located in an administrative entity, and its inverse: the containments the KB dates."""
_YEAR = r"(1\d{3}|20\d{2})\b(?!s|['’]s|\s*[–—-]\s*\d)"
_VERB = (
    r"(?:belonged\s+to|(?:was|stayed|remained)\s+(?:still\s+|then\s+|already\s+)?(?:a\s+)?part\s+of|"
    r"was\s+(?:still\s+|then\s+)?(?:in|within|inside|located\s+in|situated\s+in)|"
    r"(?:lay|sat|stayed|remained)\s+(?:in|within|inside)|fell\s+within)"
)
_SO = r"(?:(?:so|thus|therefore|hence|then|and)\s*,?\s+)?"
"""A conclusion's or a sequel's opening word before the year: "So in 1978 Celle sat in ..."."""
_WHOLE = r"(?P<x>[^,;:]+?)\s+" + _VERB + r"\s+(?P<y>[^,;:]+?)"
_SAID = [
    (re.compile(rf"^{_SO}(?:in|during)\s+{_YEAR}\s*,?\s+{_WHOLE}\s*$", re.I), "point"),
    (re.compile(rf"^{_WHOLE}\s+(?:in|during)\s+{_YEAR}\s*$", re.I), "point"),
    (re.compile(rf"^{_WHOLE}\s+(?:until|till|up\s+to)\s+{_YEAR}\s*$", re.I), "end"),
    (re.compile(rf"^{_WHOLE}\s+(?:from|since)\s+{_YEAR}\s*$", re.I), "start"),
    (
        re.compile(
            rf"^{_WHOLE}\s+from\s+{_YEAR}\s+(?:right\s+|all\s+the\s+way\s+)?(?:up\s+)?(?:until|till|to)\s+"
            rf"(?:[^,;:]*?\s)?(?:in\s+)?{_YEAR}\s*$",
            re.I,
        ),
        "span",
    ),
    (
        re.compile(
            rf"^(?:from|between)\s+{_YEAR}\s+(?:to|until|till|and)\s+{_YEAR}\s*,?\s+{_WHOLE}\s*$", re.I
        ),
        "span",
    ),
]
"""A clause's shapes: a year before or after the containment, a last or first year, a span first."""
_AWAY = re.compile(
    r"\b(?:not|never|no|nor|if|whether|unless|would|might|could|perhaps|maybe|possibly|probably|"
    r"around|about|circa|roughly|approximately|early|late|mid|end|start|beginning|again|"
    r"only|ever|once|formerly|former|old|new|later|earlier)\b|n['’]t\b|\?",
    re.I,
)
"""Words that deny, ask, suppose, loosen a year or set the fact against another time."""
_OTHER = re.compile(r"\d{3,4}|\b(?:from|until|till|since|when|became|after|before|while|where)\b", re.I)
"""Words no name between the verb and the year holds: the clause says more than the containment."""
_CLAUSES = re.compile(
    r"[;:—]|\s–\s|,\s+(?:not|but|while|whereas|though|although|so|and|which|when|because)\b"
)
_IT = re.compile(r"(?:it|the\s+(?:town|city|commune|village|district|region|municipality|place))", re.I)


def dated_within(
    text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader
) -> list[Claim]:
    """Claims of the case's dated containments the reply's sentences date (the module's rule)."""
    dated = [
        e for e in ground.edges if e.property in _CONTAINS and (e.start is not None or e.end is not None)
    ]
    if not dated:
        return []
    out: list[Claim] = []
    for sentence in reply_sentences(text):
        sentence = sentence.strip().rstrip(".!")
        if sentence.endswith("?"):
            continue
        mine = [c for c in claims if same_sentence(sentence, c.triple.sentence)]
        if any(c.when is not None and _contains(c) for c in mine):
            continue  # a containment already dated from the sentence ("belonged to" is read as no one)
        for clause in _CLAUSES.split(sentence):
            claim = _clause(clause.strip(), sentence, dated, ground, entities)
            if claim is not None:
                out.append(claim)
    return out


def _clause(
    clause: str, sentence: str, dated: list[GroundEdge], ground: GroundGraph, entities: EntityReader
) -> Claim | None:
    if not clause or _AWAY.search(clause):
        return None
    for shape, side in _SAID:
        said = shape.match(clause)
        if said is None:
            continue
        if any(_OTHER.search(said[g]) for g in ("x", "y")):
            continue  # a year or another clause inside a name's place: "Haut-Rhin from 1790 until ..."
        edge = _edge(said["x"].strip(), said["y"].strip(), dated, ground, entities)
        years = [int(y) for y in said.groups() if y is not None and re.fullmatch(r"\d{4}", y)]
        when = _when(side, years, edge) if edge is not None else None
        return edge_claim(sentence, edge, when) if edge is not None and when is not None else None
    return None


def _edge(
    inner: str, outer: str, dated: list[GroundEdge], ground: GroundGraph, entities: EntityReader
) -> GroundEdge | None:
    """The one dated containment whose ends the words name: the contained place by name or "it", the
    container by name."""
    outer_ids = {m.id for _, _, m in named(outer, ground, entities)}
    inner_ids = {m.id for _, _, m in named(inner, ground, entities)}
    if len(outer_ids) != 1 or len(inner_ids) > 1 or (not inner_ids and not _IT.fullmatch(inner)):
        return None
    edges = [
        e for e in dated if (_inside(e), _container(e)) in {(i, o) for i in inner_ids for o in outer_ids}
    ]
    if not inner_ids:
        edges = [e for e in dated if _container(e) in outer_ids]
        if len({_inside(e) for e in dated}) != 1:
            return None  # "it" for one of several places
    return edges[0] if len(edges) == 1 else None


def _inside(edge: GroundEdge) -> str:
    return edge.subject if edge.property == "P131" else edge.object


def _container(edge: GroundEdge) -> str:
    return edge.object if edge.property == "P131" else edge.subject


def _when(side: str, years: list[int], edge: GroundEdge) -> tuple[int | None, int | None] | None:
    """The years as the claim's, unless a bound the KB lacks is said or a year sits on or next to one."""
    if side == "point":
        year = years[0]
        bounds = [b for b in (edge.start, edge.end) if b is not None]
        return None if any(abs(year - b) <= 1 for b in bounds) else (year, year)
    first = years[0] if side in ("start", "span") else None
    last = years[-1] if side in ("end", "span") else None
    for said, known in ((first, edge.start), (last, edge.end)):
        if said is not None and (known is None or abs(said - known) == 1):
            return None
    return first, last


def _contains(claim: Claim) -> bool:
    return any(a[1].lstrip("^") in _CONTAINS for a in claim.alternatives)
