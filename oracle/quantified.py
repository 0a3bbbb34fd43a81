"""Statements that a value is the only one of its kind: "her only Nobel was in Physics", "he received
no other Nobel Prize", "won only one Nobel Prize", "never won another".

The extractor marks such a triple with the kind (``Triple.only``: "Nobel", "Nobel Prize"). It
says the subject has at most one value of the relation whose name holds the kind's words. The
KB refutes it when it holds two or more: Marie Curie received the Nobel Prize in Physics and
the one in Chemistry. Fewer is no contradiction, the KB being incomplete.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.similarity import name_key

COUNTED = "counted"
"""The status of a claim about how many values of a kind the subject has (read, so never unread)."""


_ORDINAL = re.compile(r"^(?:(?:his|her|its|their|the)\s+)?(?:very\s+)?(?:first|last|final)\b", re.I)
"""A value counted in time: "won his very first Pichichi in 1956" says none before it, which no
statement of the KB says; read as the plain win it would pass a wrong "first"."""


def mark(claims: Iterable[Claim]) -> list[Claim]:
    """The claims with each "only" triple kept aside from the KB's statements (its object is a kind),
    and each "first"/"last" one left unread (unread.py then weighs its sentence)."""
    return [
        replace(c, statement=None, alternatives=(), status=COUNTED)
        if c.triple.only
        else replace(c, statement=None, alternatives=(), status="")
        if c.statement is not None and (_ORDINAL.match(c.triple.object) or _ORDINAL.match(c.triple.subject))
        else c
        for c in claims
    ]


def too_many(
    claim: Claim,
    values: Callable[[str, str], list[str]],
    label: Callable[[str], str],
) -> str:
    """Why the KB refutes "only one of this kind", or ""; ``values(subject, property)`` lists the KB's."""
    if claim.status != COUNTED or not claim.triple.only or claim.relation is None or not claim.subject.known:
        return ""
    if claim.negated:
        return ""
    assert claim.subject.id is not None
    found = [v for v in values(claim.subject.id, claim.relation.property) if of_kind(claim, label(v))]
    if len(set(found)) < 2:
        return ""
    named = " and ".join(label(v) for v in dict.fromkeys(found))
    return f"says only one {claim.triple.only}, but the KB has {named}"


def of_kind(claim: Claim, label: str) -> bool:
    """Whether a value's name holds the words of the kind the claim counts ("Nobel")."""
    kind = set(name_key(claim.triple.only)) if claim.triple.only != "*" else set()
    return kind <= set(name_key(label))


def denied_by_only(ground: GroundGraph, claims: Sequence[Claim]) -> tuple[tuple[str, str, str], ...]:
    """What "her only Nobel was in Physics" denies: the evidence's other Nobel of hers."""
    out = []
    for c in claims:
        if c.status != COUNTED or not c.triple.only or c.relation is None or c.subject.id is None:
            continue
        s, p = c.subject.id, c.relation.property
        said = {x.statement[2] for x in claims if x.statement and x.statement[:2] == (s, p) and not x.negated}
        if not said:
            continue
        for e in ground.edges:
            if (e.subject, e.property) == (s, p) and e.object not in said and of_kind(c, e.object_label):
                out.append((s, p, e.object))
    return tuple(out)
