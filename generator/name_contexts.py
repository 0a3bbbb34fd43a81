"""What tells a shared name apart: the words a context is made of, and where it goes.

A person's or a work's description reads before its name, as English writes it ("the cyclist Mads
Pedersen", "the 1935 film David Copperfield", "the country Georgia"): blind readers rated every
"Mads Pedersen (cyclist)" and "Geraint Thomas (racing cyclist)" stiff. A place's context, and a
description that is no plain noun phrase ("novel by Charles Dickens"), stays in parentheses after
the name; a place it lies in follows "in" ("Brunswick in Germany"), except in a question that asks
where something lies ("Was Oldenburg (Germany) in Lower Saxony?", where "in" would read twice).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from kgtest.core.wordnet import wordnet
from kgtest.generator.articles import years_named

_DATED = re.compile(r" ?\([^()]*\d{3,4}[^()]*\)")
"""A parenthesis with a year in a description: "(born 1987)", "(1902–1980)"."""
_HEAD = re.compile(r" (?:by|in|of|from|for|based|located|founded|with|that|who|and)\b")
"""Where a description's head ends: "novel" of "novel by Charles Dickens"."""


_EVERYDAY = {
    "association football player": "footballer",
    "association footballer": "footballer",
    "bicycle racer": "cyclist",
    "bicycle road racer": "cyclist",
    "bike road racer": "cyclist",
    "road bicyclist": "cyclist",
    "racing cyclist": "cyclist",
    "road bicycle racer": "cyclist",
    "road cyclist": "cyclist",
    "road racing cyclist": "cyclist",
}
"""Wikidata's stock descriptions of an occupation, in the word a person uses: "the association
football player Mats Hummels" and "the road bicycle racer Tom Danielson" read as catalogues."""


def told(base: str, text: str, front: bool, inside: bool = False) -> str:
    """``base`` told apart by ``text``: "the cyclist Mads Pedersen" where ``front`` and ``text`` is a
    plain noun phrase (``in_front``), "Brunswick in Germany" where ``text`` names a place it lies
    ``inside`` (the fifteenth session's final readers: "Oldenburg (Lower Saxony)" is Wikipedia's
    way, not English), else "David Copperfield (novel by Charles Dickens)"."""
    if front and in_front(base, text):
        return f"the {everyday(text)} {base}"
    return f"{base} in {text}" if inside else f"{base} ({text})"


def in_front(base: str, text: str) -> bool:
    """``text`` reads before ``base``: up to three words once in everyday words, no article, no "by",
    "in", "of" ... ("queen of the UK" does not), and ``base`` has no article of its own."""
    words = everyday(text).split()
    return (
        0 < len(words) <= 3
        and words[0].casefold() not in ("a", "an", "the")
        and not _HEAD.search(text)
        and not any(c in text for c in "(),;:")
        and not base.startswith("the ")
    )


def everyday(text: str) -> str:
    """``text`` without "professional" and in the word a person uses (``_EVERYDAY``)."""
    text = text.removeprefix("professional ")
    return _EVERYDAY.get(text, text)


def unaccented(name: str) -> str:
    """``name`` as WordNet spells it, without accents: "Córdoba" is its "Cordoba"."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")


def many_places(name: str) -> bool:
    """WordNet knows two places or more by ``name``."""
    return wordnet().places(unaccented(name)) >= 2


def common(name: str) -> bool:
    """A person's name the world likely gives to others too, though the KB holds one: WordNet knows
    two people or more by its surname and none by the whole name ("Daniel Martin": Dean, Steve and
    Mary Martin; "Dean Martin" himself is WordNet's, and a reader's, one Dean Martin)."""
    words = unaccented(name).split()
    return len(words) >= 2 and wordnet().people(words[-1]) >= 2 and not wordnet().people(" ".join(words))


ROLES = {"P264": "musician", "P2962": "chess player"}
"""Relations only a person of one line of work has, and the word for it: a record label's artist is
a musician. What tells "Common" apart where the KB gives no description (CoDEx-S)."""


_FOOTBALL = re.compile(r"\b(?:A\.?F\.?C\.?|F\.?C\.?|S\.?C\.?|Football|Futebol|Fútbol|Calcio)(?!\w)")
"""A team's label that says it is a football club ("FC Bayern Munich", "S.C. Braga", "Swansea City
A.F.C."): its players are footballers, where the KB says nothing else of what they did."""


def football_club(label: str) -> bool:
    """Whether ``label`` names a football club (``_FOOTBALL``)."""
    return bool(_FOOTBALL.search(label))


def person_named(name: str, surnames: frozenset[str]) -> bool:
    """A place's ``name`` is a person's, WordNet's ("Oldenburg": Claes Oldenburg) or one of
    ``surnames`` (the KB's people's), and no place WordNet knows: a reader of "Was Oldenburg in
    Lower Saxony in 1986?" may think of the man or the duchy, but no reader of "London" of Jack
    London, nor of "Paris" of the Trojan prince."""
    if wordnet().available and wordnet().places(unaccented(name)):
        return False
    return name in surnames or (wordnet().available and wordnet().people(unaccented(name)) >= 1)


def word_name(name: str) -> bool:
    """A person known by one word that is a common noun too ("Common", "Prince", "Seal"): blind
    readers read "Was Common born in Santa Monica?" as the word first."""
    return " " not in name and wordnet().available and wordnet().common(unaccented(name))


def occupation(description: str) -> str:
    """What a person's description says they did, without the nationality before it and with no
    year: "Irish racing cyclist" -> "racing cyclist" (the nationality would answer "Was he born in
    Ireland?", a year "Was he alive in 1990?"): a "(born 1987)" after it goes, as Wikidata tells
    namesakes by it ("English association football player (born 1987)" is "Bradley Johnson" told by
    nothing else, whom the thirteenth session's readers could not tell apart); "" when nothing is
    left."""
    words = _DATED.sub("", description).split(",")[0].split()
    while words and words[0][:1].isupper():
        words.pop(0)
    said = " ".join(words)
    return "" if years_named(said) or len(words) > 5 else said


def descriptions(description: str, label: str) -> Iterable[str]:
    """Short forms of a description worth a parenthesis: up to the first comma, and its head."""
    first = description.split(",")[0].strip()
    if first and len(first.split()) <= 6 and not re.search(rf"\b{re.escape(label)}\b", first, re.IGNORECASE):
        yield first
    head = _HEAD.split(first)[0].strip()
    if head and head != first and len(head.split()) <= 4:
        yield head
