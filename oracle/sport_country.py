"""A person who races, rides or competes for a country has it as their country for sport (Wikidata's
P1532): "Alexander Kamp was born in Sweden, though he races for Denmark", "has raced for Denmark
throughout his career".

The catalog has no words for P1532 (a KB carries it with its label only), and "rides for" names a
team as often as a country ("rides for Team Sky": member of a sports team). So the words are read as
P1532 only where the subject is a person and the object a place by the KB's domain (kept by
moved.py's check of the ends); "fought for France" or "plays for Denmark" (the catalog's sports team)
are left as they were.
"""

from __future__ import annotations

from kgtest.core.wordnet import wordnet
from kgtest.kg.extract.triples import Triple
from kgtest.oracle.relations import words

FOR_SPORT = "P1532"
FOR_SPORT_LABEL = "country for sport"
_SPORTING = {"race", "ride", "compete", "cycle", "skate", "swim", "ski", "row"}
"""Verbs of taking part in a sport: what a rider or a racer does for a country."""


def for_country(triple: Triple) -> bool:
    """ "races for", "has raced for", "competed for": a verb of sport, and "for"."""
    said = words(triple.relation).split()
    return len(said) == 2 and said[1] == "for" and wordnet().base(said[0], "verb") in _SPORTING
