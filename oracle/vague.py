"""Bonds worded so that they name no property: "has no connection to Croatia", "Munich plays no part
in his biography". Read, not checked: a denial of the question's statement where its ends are the
question's, else a vague bond that says nothing the KB could hold (status ``VAGUE``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import words

_VAGUE = {"connection", "connections", "link", "links", "tie", "ties", "association", "nothing"}
"""Nouns of a bond that names no property: "has no connection to Croatia", "no link with"."""
VAGUE = "vague"
"""The status of a claim of a bond that names no property ("has a connection to"): read, not checked."""


def _vague(claim: Claim, ground: GroundGraph) -> Claim:
    """ "He has no connection to Croatia" denies whatever the question asks of the two: a denial of the
    question's statement when its ends are the question's; any other bond so worded says nothing checkable."""
    if claim.relation is None and claim.negated and _no_part(claim, ground) and ground.statement is not None:
        return replace(claim, statement=ground.statement, alternatives=(ground.statement,))
    if claim.relation is not None or not set(words(claim.triple.relation).split()) & _VAGUE:
        return claim
    ends = {claim.subject.id, claim.object.id}
    if claim.negated and ground.statement is not None and ends == {ground.statement[0], ground.statement[2]}:
        return replace(claim, statement=ground.statement, alternatives=(ground.statement,))
    return replace(claim, status=VAGUE)


_LIVES = {"biography": "", "life": "", "story": "", "death": "P20", "birth": "P19"}
_IN_LIFE = {"come into", "feature in", "figure in", "appear in", "come up in"}
"""Verbs of a place in a life: "Uruguay doesn't come into his story", "Hamburg doesn't feature in it"."""
"""Nouns of a person's life, and the one property each stands for ("" any)."""


def _no_part(claim: Claim, ground: GroundGraph) -> bool:
    """ "Munich plays no part in his biography", "Saint Petersburg plays no part in his death", "Uruguay
    doesn't come into his story": no bond
    of the place with the person whose life it is, a denial of the question's statement where the place
    is one of its ends (and, for a death or a birth, the question asks of that)."""
    life = claim.triple.object.lower().split()
    played = {"part", "role"} & set(words(claim.triple.relation).split()) or claim.triple.key in _IN_LIFE
    if ground.statement is None or not played:
        return False
    if len(life) != 2 or life[0] not in ("his", "her", "their") or life[1] not in _LIVES:
        return False
    subject, asked, obj = ground.statement
    return claim.subject.id in (subject, obj) and _LIVES[life[1]] in ("", asked)


def vague(claims: Sequence[Claim], ground: GroundGraph) -> list[Claim]:
    """The claims with each vague bond read as what it denies, or marked ``VAGUE``."""
    return [_vague(c, ground) for c in claims]
