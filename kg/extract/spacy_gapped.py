"""Clauses whose verb is left out ("gapping"), for the default extractor (spacy_triples.py).

"Eurocontrol was founded in 1960 and Doxa Katokopias in 1954" says two foundings; spaCy hangs
"Doxa Katokopias" on the verb (or on the first year) and "in 1954" on the verb, so a plain reading
gives Eurocontrol both years. A name coordinated so, after which the clause's preposition comes
again, is the subject of a second clause with the same verb: the preposition after it is its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgtest.kg.extract.spacy_parse import dated, proper, with_conj

if TYPE_CHECKING:
    from spacy.tokens import Token


def gapped_preps(verb: Token) -> dict[int, tuple[Token, Token]]:
    """The prepositions of the verb's gapped clauses by index, each with that clause's subject: "X was
    born in 1991 and Y in 1994" gives "in 1994" to Y. Only where the verb has a subject and no direct
    object ("visited Paris in 1990 and London in 1992" coordinates objects), and only a preposition the
    main clause had before the name: the clause repeats its shape."""
    kids = list(verb.children)
    if not any(c.dep_ in ("nsubj", "nsubjpass") for c in kids) or any(c.dep_ == "dobj" for c in kids):
        return {}
    preps = [c for c in kids if c.dep_ == "prep"]
    names = [c for c in kids if c.dep_ == "conj" and proper(c) and c.pos_ not in ("VERB", "AUX")]
    for prep in preps:  # "in 1991 and Y in 1994", "in December 1995 and Y in 1994", "in Ulm and Y in Bern"
        for obj in (o for o in prep.children if o.dep_ == "pobj"):
            for name in with_conj(obj)[1:]:
                own = any(c.dep_ == "prep" and c.lemma_ == prep.lemma_ for c in name.children)
                if proper(name) and (own or dated(obj)):
                    names.append(name)
    out: dict[int, tuple[Token, Token]] = {}
    for name in sorted(names, key=lambda t: t.i):  # a later name takes what follows it
        said = {p.lemma_ for p in preps if p.i < name.i}
        for prep in [*preps, *(c for c in name.children if c.dep_ == "prep")]:
            if prep.i > name.i and prep.lemma_ in said:
                out[prep.i] = (prep, name)
    return out
