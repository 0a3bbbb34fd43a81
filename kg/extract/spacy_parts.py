"""Units a place is said to have, named by example: "Grand Est, home to departments such as Meuse"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from kgtest.kg.extract.spacy_nouns import PLACE_NOUNS
from kgtest.kg.extract.spacy_parse import proper, with_conj

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def named_parts(sent: Span) -> Iterator[tuple[Token, Token]]:
    """(part, whole) where a place is said to have units of a kind "such as" or "like" some named ones:
    "Grand Est, home to departments such as Meuse", "Auvergne-Rhône-Alpes ..., taking in departments
    such as Ain", "... with departments like Gironde": each named unit is in the place (not where a noun
    relates them: "has relations with countries such as Germany")."""
    for noun in sent:
        if noun.tag_ != "NNS" or noun.lemma_.lower() not in PLACE_NOUNS - {"capital", "place"}:
            continue
        if noun.dep_ == "pobj" and noun.head.lower_ == "with" and noun.head.head.pos_ == "NOUN":
            continue  # "relations with countries such as Germany": the relation's other ends, no parts
        named = [
            t
            for prep in noun.children
            if prep.dep_ == "prep"
            and (
                prep.lower_ == "like"
                or (prep.lower_ == "as" and any(c.lower_ == "such" for c in prep.children))
            )
            for g in prep.children
            if g.dep_ == "pobj"
            for t in with_conj(g)
            if proper(t)
        ]
        whole = _place_having(noun) if named else None
        if whole is not None:
            yield from ((t, whole) for t in named)


def _place_having(noun: Token) -> Token | None:
    """The named place a units noun belongs to: the one it stands beside, or its clause's subject."""
    tok = noun
    for _ in range(6):
        if tok.dep_ == "appos" and proper(tok.head):
            return tok.head
        if tok.head.i == tok.i:
            return None
        tok = tok.head
        if tok.pos_ in ("VERB", "AUX"):
            subjects = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")]
            if subjects:
                return subjects[0] if proper(subjects[0]) else None
            if tok.dep_ not in ("advcl", "acl", "conj"):
                return None
    return None
