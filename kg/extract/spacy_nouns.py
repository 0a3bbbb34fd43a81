"""What nouns and adjectives say in a reply's parse: a place by its class ("a city in"), a place pointed
back to ("that town"), a country by its adjective ("a Danish cyclist"), a counted noun ("one of the
districts of"), a denied one ("no border with").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

THERE = "there"
"""What a reference to a place named before reads as: "there", "that town", "the city" (a marker the
reader replaces by the name, with the names before it for the oracle to choose a place from)."""
ORDINAL = {"latter": 0, "former": 1}
""""the latter" is the last name before, "the former" the one before it."""
MOTION = {"move", "go", "come", "return", "emigrate", "relocate"}
"""Verbs whose "there" is where they went: "moved there" is "moved to"."""
PLACE_NOUNS = {
    "city",
    "town",
    "village",
    "place",
    "country",
    "state",
    "region",
    "nation",
    "capital",
    "municipality",
    "county",
    "canton",
    "province",
    "district",
    "metropolis",
    "borough",
    "department",
    "commune",
    "comune",
    "oblast",
    "governorate",
    "voivodeship",
    "prefecture",
    "arrondissement",
}
"""Nouns that class a place: "that town" points back to one, "the largest city of X" is in X, and so is
"one of the departments of X" or "a comune of X" (France's and Italy's units below a region), "an oblast
of the Ukrainian SSR", "that governorate" (Russia's, Ukraine's, Poland's, Japan's units)."""
_POINTING = {"that", "this", "the", "same"}
AT_PLACE = {"in", "at", "near", "from", "to"}


def noun_modifiers(noun: Token) -> list[Token]:
    """Words before a relational noun that are part of its name: "sister city", "capital city",
    "administrative centre" (not "largest", "famous": they say nothing of the relation)."""
    return [
        c
        for c in noun.lefts
        if c.dep_ == "compound" or (c.dep_ == "amod" and (c.pos_ == "NOUN" or c.lower_ in _RELATIONAL))
    ]


_RELATIONAL = {
    "administrative",
    "diplomatic",
    "bilateral",
    "twin",
    "twinning",
    "sister",
    "biological",
    "adoptive",
}
"""Adjectives that belong to a relation's name: "the administrative centre of", "a twinning arrangement"."""


def place_reference(tok: Token) -> bool:
    """ "that town", "the city", "this country": a place named before, pointed back to."""
    return (
        tok.pos_ == "NOUN"
        and tok.lemma_.lower() in PLACE_NOUNS
        and any(c.dep_ == "det" and c.lower_ in _POINTING for c in tok.children)
        and not any(c.dep_ in ("prep", "relcl", "acl", "appos", "compound", "amod") for c in tok.children)
    )


def place_class(noun: Token) -> bool:
    """A noun that classes a place, not one that relates two ("capital" is a relation of its own, and
    so is a "sister city")."""
    relational = {m.lower_ for m in noun_modifiers(noun)} - {"administrative"}
    return noun.lemma_.lower() in PLACE_NOUNS - {"capital", "place"} and not relational


def one_of(noun: Token) -> Token:
    """ "one of the administrative districts of Bavaria", "one of Germany's states": the noun counted."""
    if noun.lower_ != "one":
        return noun
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            inner = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"]
            if inner:
                return inner[0]
    return noun


def demonyms(noun: Token) -> list[str]:
    """The adjectives of a country before a class noun: "a Danish cyclist", "a German state"."""
    if noun.pos_ != "NOUN":
        return []
    found = [t for t in noun.subtree if t.dep_ == "amod" and t.pos_ in ("ADJ", "PROPN") and t.i < noun.i]
    return [t.text for t in found if t.text[:1].isupper() and t.i > t.sent.start]


_PLAYERS = {"player", "footballer", "striker", "forward", "midfielder", "defender", "goalkeeper", "winger"}


def team_of(noun: Token) -> str | None:
    """The club named before a player noun: "a Barcelona player", "a Real Madrid striker"."""
    if noun.pos_ != "NOUN" or noun.lemma_.lower() not in _PLAYERS:
        return None
    names = [t for t in noun.lefts if t.dep_ in ("compound", "nmod") and t.text[:1].isupper()]
    if not names:
        return None
    return noun.doc[min(t.left_edge.i for t in names) : noun.i].text


def no_noun(noun: Token) -> bool:
    """ "no" before a common noun of the relation denies it: "has no border with", "has no connection to"."""
    return noun.pos_ == "NOUN" and any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children)
