"""Who a name in a reply is: one of the case's entities, another the KB knows, a year, or nobody known.

In order: a case entity by label or alias ("NYC", "Maria Skłodowska"); a year by value; a case
entity by a short form of its name ("Dickens"), unless the KB has an entity of exactly that
name ("Cambridge" the city, not the University of Cambridge); any KB entity by label, then by
alias (one entity only: a name two entities share identifies neither). Names are compared
normalised (similarity.py), never by cosine: cosine puts "Charles Dickens" 0.96 from "John
Dickens" and "Nobel Prize in Physics" 0.87 from "... in Chemistry", and the short forms it
caught are read above.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from kgtest.core.wordnet import wordnet
from kgtest.oracle.ground import GroundEntity, GroundGraph
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.similarity import is_value, name_key, year_of

_GENERIC = {"he", "she", "it", "they", "this", "that", "which", "who", "city", "country", "state", "place"}
_COUNTED = {"first", "second", "third", "another", "other", "same", "his", "her", "its", "their", "a", "an"}
"""Words before a name that count or point rather than name: "a second Nobel Prize", "his father John"."""
_COUNT = {"two", "three", "four", "five", "several", "many", "both", "multiple", "numerous", "some"}
"""A count before a plural makes a class, not a name: "won two Nobel Prizes"."""
_CLASSES = {
    "region",
    "area",
    "state",
    "city",
    "country",
    "province",
    "county",
    "canton",
    "district",
    "department",
    "municipality",
    "borough",
    "commune",
    "town",
    "village",
    "season",
    "oblast",
    "governorate",
    "voivodeship",
    "prefecture",
}
"""A class word after a name: "the East Africa region" is East Africa."""
_AGE = {"new", "former", "old", "modern", "present-day"}
"""Words for a place's age before its name, in lower case ("New York" is a name): "the new region"."""
_SAINT = re.compile(r"St\.?\s+(?=[A-Z])")
"""A saint's name cut short: the KB's label spells it out ("Saint Petersburg")."""
_DECADE = re.compile(r"\b\d{2,3}0s\b")
_PART_OF_YEAR = re.compile(
    r"^(?:(?:early|mid|late)[\s-]+)?(?:spring|summer|autumn|fall|winter|early|mid|late)\s+(?=\d)", re.I
)
"""Words before a year that name a part of it: "autumn 2006", "early 1912"."""
_WITHIN = re.compile(r"\s+(?:in|at)\s+")
"""Where an address names the place around a building: "a house in Hampstead", "Hotel X, Manhattan"."""


@dataclass(frozen=True, slots=True)
class EntityMatch:
    name: str
    """As the reply wrote it."""
    id: str | None
    """The entity's id; None for a year or a name nobody known bears."""
    label: str
    """The entity's label, the year's text, or the name itself."""
    how: str
    """``label``, ``alias``, ``short``, ``kb-label``, ``kb-alias``, ``year``, ``ambiguous``, ``demonym``
    ("Danish" for Denmark), ``initials`` ("CAR"), ``counted``
    (a count of a class: "two Nobel Prizes") or ``none``."""
    year: int | None = None
    candidates: tuple[str, ...] = ()
    """The entities an ambiguous name may be ("Cambridge": the English and the American one)."""

    @property
    def known(self) -> bool:
        return self.id is not None


class EntityReader:
    """Resolves the names a reply uses, against its case and, when given, the KB."""

    def __init__(self, kb: KbLookup | None) -> None:
        self.kb = kb

    def read(self, name: str, ground: GroundGraph, look_up: bool = True) -> EntityMatch:
        """``look_up``: ask the KB about names the case lacks (False: the case and years only)."""
        if _SAINT.match(name):  # "St. Petersburg": Saint Petersburg where it is known, not the Floridian one
            saint = self._read(_SAINT.sub("Saint ", name, count=1), ground, look_up)
            if saint.known:
                return EntityMatch(name, saint.id, saint.label, saint.how)
        found = self._read(name, ground, look_up)
        if found.known or found.how == "year":
            return found
        words = name.split()
        if len(words) > 1 and words[0].lower() in _COUNT and words[-1].lower().endswith("s"):
            return EntityMatch(name, None, name, "counted")  # "two Nobel Prizes" is no prize's name
        while len(words) > 1 and (words[0].lower() in _COUNTED or year_of(words[0]) is not None):
            words = words[1:]  # "a second Nobel Prize", "the 1921 Nobel Prize in Physics": the prize
            again = self._read(" ".join(words), ground, look_up)
            if again.known or again.candidates:
                return EntityMatch(name, again.id, again.label, again.how, candidates=again.candidates)
        for part in _places(name):  # "Princeton Hospital in Princeton, New Jersey": in Princeton
            again = self._read(part, ground, look_up)
            if again.known:
                return EntityMatch(name, again.id, again.label, again.how)
        if len(words) > 1 and words[-1].lower() in _CLASSES:  # "the East Africa region"
            again = self._read(" ".join(words[:-1]), ground, look_up)
            if again.known:
                return EntityMatch(name, again.id, again.label, again.how)
        if len(words) == 1 and name[:1].isupper():  # "Danish": Denmark (WordNet's pertainyms)
            for country in wordnet().pertainyms(name.lower()):
                again = self._read(country, ground, look_up)
                if again.known:
                    return EntityMatch(name, again.id, again.label, "demonym")
        return _case_entity_within(name, ground) or _initials(name, ground) or found

    def _read(self, name: str, ground: GroundGraph, look_up: bool) -> EntityMatch:
        if _DECADE.search(name):  # "the early 1970s": no one year
            return EntityMatch(name, None, name, "none")
        name = _PART_OF_YEAR.sub("", name)  # "autumn 2006" is 2006
        key = name_key(name)
        for entity in ground.entities:
            if key == name_key(entity.label):
                return EntityMatch(name, entity.id, entity.label, "label")
        for entity in ground.entities:
            if any(key == name_key(a) for a in entity.aliases):
                return EntityMatch(name, entity.id, entity.label, "alias")
        year = year_of(name)
        if year is not None or is_value(name):
            return EntityMatch(name, None, name, "year", year=year)
        if not key or set(key) <= _GENERIC:
            return EntityMatch(name, None, name, "none")
        proper = any(ch.isupper() for ch in name)  # "question mark" is no name to look up
        kb = self.kb if look_up and proper else None
        found = kb.named(name) if kb is not None else []
        labelled = sorted({eid for eid, how in found if how == "label"})
        short = self._short(name, key, ground, kb)
        if short is not None and not labelled:
            return short
        for how, ids in (("kb-label", labelled), ("kb-alias", sorted({eid for eid, _ in found}))):
            if len(ids) == 1:
                return EntityMatch(name, ids[0], self._label(ids[0], ground, name), how)
            if ids:
                return EntityMatch(name, None, name, "ambiguous", candidates=tuple(ids))
        return EntityMatch(name, None, name, "none")

    def _short(
        self, name: str, key: tuple[str, ...], ground: GroundGraph, kb: KbLookup | None
    ) -> EntityMatch | None:
        """ "Dickens" for the entity whose label holds every word of the name, most named by the case
        (then by the KB) when several do."""
        words = set(key)
        if all(w.isdigit() for w in words):  # "in 2012–13": no short form of "2012–13 Cypriot Third Division"
            return None
        found = [e for e in ground.entities if any(words < set(name_key(t)) for t in (e.label, *e.aliases))]
        if not found:
            return None
        best = _most(found, ground.prominence)
        if len(best) > 1 and kb is not None:  # the one the KB knows more about: Charles Dickens
            best = _most(best, lambda eid: len(kb.facts_of([eid])))
        if len(best) > 1:  # Charles and Catherine Dickens, and no KB to tell: neither is guessed
            return EntityMatch(name, None, name, "ambiguous", candidates=tuple(e.id for e in best))
        return EntityMatch(name, best[0].id, best[0].label, "short")

    def _label(self, eid: str, ground: GroundGraph, name: str) -> str:
        entity = self.kb.entity(eid) if self.kb is not None else None
        return entity.label if entity is not None and entity.label else ground.label(eid) or name


def _places(name: str) -> list[str]:
    """The places an address names, inner first: "Hotel X in Manhattan, New York City" gives Manhattan,
    then New York City; the part before "in" is a building, not a place to read."""
    first, *rest = [p.strip() for p in name.split(",")]
    inner = _WITHIN.split(first)
    return [p for p in ([*inner[1:], *rest] if len(inner) > 1 else [first, *rest]) if p and p != name]


def _most(entities: list[GroundEntity], weight: Callable[[str], int]) -> list[GroundEntity]:
    top = max(weight(e.id) for e in entities)
    return [e for e in entities if weight(e.id) == top]


def _case_entity_within(name: str, ground: GroundGraph) -> EntityMatch | None:
    """The one case entity whose whole name the name holds, the rest of it words for a kind of
    place, or for its age: "the Rhône department", "New York City municipality", "the city of Zürich",
    "the new Auvergne-Rhône-Alpes region", or lower-case words that only describe it before it, "the
    newly founded University of Göttingen" (never "the
    New York City Marathon", "the capital of Switzerland" or "the cantons of Switzerland"). Unread,
    such a name was charged as another value than the case's own."""
    words = name.split()
    found: set[tuple[str, str]] = set()
    for entity in ground.entities:
        whole = entity.label.lower().split()
        n = len(whole)
        for i in range(len(words) - n + 1):
            rest = words[:i] + words[i + n :]
            kinds = [w for w in rest if w not in ("the", "of")]
            if (
                kinds
                and [w.lower() for w in words[i : i + n]] == whole
                and (set(kinds) <= _CLASSES | _AGE or (i + n == len(words) and _modifiers(rest)))
            ):
                found.add((entity.id, entity.label))
    if len(found) != 1:
        return None
    ((eid, label),) = found
    return EntityMatch(name, eid, label, "label")


def _modifiers(words: list[str]) -> bool:
    """Lower-case words before a name that describe it and name nothing else: "the newly founded"
    (no preposition: "the capital of", "a suburb in" lead to another place)."""
    return all(w.islower() and w.isalpha() and w not in _PREPOSITIONS for w in words)


_PREPOSITIONS = {"of", "in", "at", "near", "outside", "from", "to", "by", "for", "with", "and", "or", "not"}


def _initials(name: str, ground: GroundGraph) -> EntityMatch | None:
    """The one case entity whose initials the name is: "CAR" for the Central African Republic, "US"
    and "USA" for the United States of America (the words before "of", or all of them)."""
    letters = re.sub(r"^the\s+", "", name, flags=re.I).replace(".", "")
    if not (2 <= len(letters) <= 5 and letters.isalpha() and letters.isupper()):
        return None
    found = set()
    for entity in ground.entities:
        head = entity.label.split(" of ")[0]
        for words in (entity.label.split(), head.split()):
            capital = [w for w in words if w[:1].isupper()]
            if len(capital) > 1 and "".join(w[0] for w in capital) == letters:
                found.add((entity.id, entity.label))
    if len(found) != 1:
        return None
    ((eid, label),) = found
    return EntityMatch(name, eid, label, "initials")
