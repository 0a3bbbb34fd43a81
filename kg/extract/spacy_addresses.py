"""Addresses, for the default extractor (spacy_parse.py, spacy_triples.py): "born in Toronto, Ontario,
Canada", "died in Queens, New York City", "at Greenacres, his estate in Beverly Hills". spaCy parses the
names after the first as a list (conjuncts) or as appositions, which read as two birthplaces; names joined
by commas alone, with no "and" or "or", are one place and where it is: the first is the object, each later
one contains those before it ("Toronto is in Ontario", "Toronto is in Canada"), for the KB to check as any
containment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgtest.kg.extract.text import is_placeholder

if TYPE_CHECKING:
    from spacy.tokens import Token

_LINKS = ("conj", "appos")


def address(place: Token) -> list[Token]:
    """The names after ``place`` that say where it is, nearest first: each hangs on the one before as a
    conjunct or an apposition, after a comma alone; none where a name of the chain has an "and", "or"
    or "not" (a list: "in Paris, Lyon and Marseille"; a denial: "in Leipzig, not Edinburgh")."""
    chain = [place]
    while True:
        last = chain[-1]
        nxt = next((c for c in last.children if c.dep_ in _LINKS and c.i > last.i), None)
        if nxt is None or not _named(nxt):
            break
        if [t.text for t in last.doc[_own_end(last) + 1 : nxt.left_edge.i]] != [","]:
            break
        chain.append(nxt)
    if any(c.dep_ in ("cc", "neg", "preconj") for t in chain for c in t.children):
        return []
    return chain[1:]


def described_in(place: Token) -> list[Token]:
    """The places an apposition of common nouns puts ``place`` in: "at Greenacres, his big estate in
    Beverly Hills" says Greenacres is in Beverly Hills (read as no place, Greenacres was a place of
    death of its own, beside the KB's Beverly Hills)."""
    return [
        o
        for a in place.children
        if a.dep_ == "appos" and a.pos_ == "NOUN" and a.i > place.i
        for p in a.children
        if p.dep_ == "prep" and p.lower_ == "in"
        for o in p.children
        if o.dep_ == "pobj" and _named(o)
    ]


def _own_end(tok: Token) -> int:
    """Where the name's own words end: before any conjunct or apposition hanging on it."""
    end = tok.i
    for c in tok.rights:
        if c.dep_ in _LINKS or c.text == ",":
            break
        end = c.right_edge.i
    return end


def _named(tok: Token) -> bool:
    return tok.pos_ == "PROPN" or is_placeholder(tok.text)
