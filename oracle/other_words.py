"""Dated facts of the case said in words no property names, read by the sentence's shape: a spell's
span, a dated thing, a dated fact begun or ended, a place in another at a year.

Each reader takes the claims already read, so that a sentence read one way is not read again; judge.py
adds what they find to the reply's claims before the knowledge check (a club in a league's season,
editions.py, is read earlier, with the claims its conclusion may restate).
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.dated_edges import dated_edges
from kgtest.oracle.dated_things import dated_things
from kgtest.oracle.dated_within import dated_within
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.spans import spans


def in_other_words(
    text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader, question: str
) -> list[Claim]:
    """The claims the shape readers add to ``claims`` ("Milan spell: 1986–1990", "joined Roma in 1987")."""
    return [
        *spans(text, claims, ground, entities),
        *dated_things(text, claims, ground, entities),
        *dated_edges(text, claims, ground, entities, question),
        *dated_within(text, claims, ground, entities),
    ]
