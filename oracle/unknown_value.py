"""A value the KB does not know, said where the proof has its own: the oracle cannot tell what it is.

A name nobody in the KB bears may be another name of the proof's value, a place within or around it,
or another value; read always as another value (docs/oracle.md: "born in Landport" is a claim about a
birthplace), a right reply was wrong knowledge. Three shapes are marked ``UNKNOWN_VALUE`` (no wrong
knowledge, the proof's fact stays in the reply's world) and make the verdict "cannot tell"
(classify.py), unless its class is one either reading would give:

* a miss or refutation by a name whose words are among the proof value's, or the other way round
  ("the Federal Republic of Germany" where the proof has Germany; not "the Nobel Prize in Chemistry"
  for "in Physics", nor "Lower Bavaria" for "Upper Bavaria"), or said in a sentence that names the
  proof's value too ("a state of the Federal Republic of Germany - West Germany -");
* two unknown places one sentence puts the proof's subject in: an address read as two places ("a
  town in the Barbagia di Seulo, in central-eastern Sardinia" where the KB has neither);
* a containment the KB leaves open, by an unknown place the reply puts in a place around the proof's
  value: "part of the state of Schleswig-Holstein ..., a West German state", where the proof has
  Lower Saxony in West Germany, is beside the proof's value or within it.

"Oxford is located in Wales" (the example KB has no Wales) and "born in Canada" (the KB: the United
States) stay misses, as documented: a small KB lacks Canada, the labellers do not.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph

UNKNOWN_VALUE = "unknown value"
"""The status of a claim whose value, unknown to the KB, stands where the proof has its own."""
_CONTAINMENT = frozenset({"P131", "P361", "P17", "P30"})


def unknown_values(claims: Sequence[Claim], ground: GroundGraph) -> list[Claim]:
    """The claims, each in one of the module's shapes marked ``UNKNOWN_VALUE``."""
    placed = {
        (_key(c.statement[0]), c.statement[2])
        for c in claims
        if c.statement and c.statement[1] in _CONTAINMENT and not c.negated and c.statement[0].startswith("?")
    }
    addresses = Counter(k for c in claims if (k := _address(c)) is not None)
    return [
        replace(c, status=UNKNOWN_VALUE, note="")
        if _unsure(c, ground, placed) or ((k := _address(c)) is not None and addresses[k] >= 2)
        else c
        for c in claims
    ]


def _address(claim: Claim) -> tuple[str, str, str] | None:
    """The sentence, subject and property of a containment missed by an unknown place."""
    if claim.statement is None or claim.status != "other" or claim.negated:
        return None
    s, p, o = claim.statement
    return (claim.triple.sentence, s, p) if p in _CONTAINMENT and o.startswith("?") else None


def _unsure(claim: Claim, ground: GroundGraph, placed: set[tuple[str, str]]) -> bool:
    if claim.negated or claim.statement is None:
        return False
    s, p, o = claim.statement
    if not o.startswith("?") or claim.status not in ("other", "refuted", "open"):
        return False
    proof = [e.object for e in ground.edges if e.subject == s] + [
        e.subject for e in ground.edges if e.object == s
    ]
    if claim.status == "open":  # a containment the KB leaves open: wrong only beside the proof's value
        around = {x for v in proof for x in _above(v, ground)}
        return p in _CONTAINMENT and any((_key(o), x) in placed for x in around)
    said = _words(claim.object.name)
    sentence = f" {' '.join(_WORD.findall(claim.triple.sentence.lower()))} "
    return any(_within(said, _words(ground.label(v))) or _beside(ground.label(v), sentence) for v in proof)


def _beside(label: str, sentence: str) -> bool:
    """The proof's value named in the same sentence, not denied: "the Federal Republic of Germany -
    West Germany -" gives two names of one state."""
    named = " ".join(_WORD.findall(label.lower()))
    return bool(named) and f" {named} " in sentence and f" not {named} " not in sentence


def _within(a: set[str], b: set[str]) -> bool:
    """One name's words among the other's."""
    return bool(a and b) and (a <= b or b <= a)


def _above(place: str, ground: GroundGraph) -> set[str]:
    """The places the proof's facts put ``place`` in, itself excluded."""
    found: set[str] = set()
    todo = [place]
    while todo:
        here = todo.pop()
        up = [e.object for e in ground.edges if e.subject == here and e.property in _CONTAINMENT]
        up += [e.subject for e in ground.edges if e.object == here and e.property == "P150"]  # contains
        for x in up:
            if x not in found:
                found.add(x)
                todo.append(x)
    return found


_WORD = re.compile(r"[^\W\d_]{4,}")
_COMMON = frozenset(
    {"state", "city", "region", "province", "county", "district", "republic", "kingdom", "university"}
)
"""Words of a kind, not a name: "the state of Schleswig-Holstein" is Schleswig-Holstein."""


def _words(name: str) -> set[str]:
    return {w for w in _WORD.findall(name.lower()) if w not in _COMMON}


def _key(unknown: str) -> str:
    """An unknown name's id without words of a kind."""
    return " ".join(sorted(_words(unknown.lstrip("?"))))
