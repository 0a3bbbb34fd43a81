"""What a question calls an entity: its label, read as a name in a sentence, and told apart.

Three things stand between a KB label and a name a person would write:

* an article, and the shape English gives an edition's or a season's label ("the Province of
  Genoa", "the 2012 Giro d'Italia", "the 2011 Team Sky season": generator/articles.py), and the
  short form of a full title ("Queens Park Rangers F.C.": generator/short_names.py);
* a disambiguation suffix some labels carry from Wikipedia's titles, "Fascia, Liguria": the
  suffix is dropped when it names something the KB places the entity within, and kept as a
  context instead;
* a context where a reader cannot tell which thing is meant: a label the KB gives to more
  than one entity ("Cambridge", "David Copperfield"), one that carried a suffix, or the name of
  a place WordNet (core/wordnet.py) knows two places or more by, though the KB holds one of them
  ("Georgia", "Cambridge", "Córdoba": blind readers read "born in Georgia" two ways). The context
  is the first of the entity's description (up to its first comma), the head of its
  description ("novel", "1935 film"), the suffix's place, its country, the places the KB
  puts it in from the nearest up, that tells it from the others of its name and gives away
  nothing about the question: never the question's other entity, never words of its name,
  and in a question about where a place lies only a place that contains the other one
  ("Is Fascia (Italy) located in Liguria?", never "Fascia (Liguria)").

A person the KB alone has of their name, though the world likely has others of it (WordNet
knows two people or more by the surname and none by the whole name: "Daniel Martin", not "Dean
Martin"; or a name on a short list of well-known clashes, ``WELL_KNOWN``), takes what the
description says they did: "the cyclist Daniel Martin" (generator/name_contexts.py); so
does anyone asked where they were born or died (``described``). A person known by one word that is
a common noun too ("Common") is told by the description, else by a line of work the KB's relations
give (``ROLES``: "the musician Common"), else not asked about. Anyone else known by one word takes
the line of work the description or the facts show (``_work``: "the footballer Éder", a player of
football clubs). A place the world shares that a question could only name bare is not asked
(``bare_namesake``); one named as a person and as no place WordNet knows ("Oldenburg": Claes
Oldenburg; a surname of the KB's) is told by what holds it where it may be ("Oldenburg in Lower
Saxony"), else bare.

A French département is "the Rhône department" (generator/departments.py). Where the KB puts an
entity, which suffixes and contexts name, is generator/placing.py's.

A name that needs a context and has none it may take is not asked about (``Namer.name``
returns None).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from kgtest.core.wordnet import wordnet
from kgtest.generator.articles import named, plural_team
from kgtest.generator.clubs import Clubs
from kgtest.generator.departments import departments
from kgtest.generator.kbview import KbView
from kgtest.generator.name_contexts import (
    ROLES,
    common,
    descriptions,
    in_front,
    many_places,
    occupation,
    person_named,
    told,
    word_name,
)
from kgtest.generator.placing import COUNTRY, Placing
from kgtest.generator.short_names import short_name
from kgtest.kg.model import Domain

_CAPITALS = ("P36", "P1376")
"""Capital, capital of."""
COUNTRIES = frozenset(
    {"Q112099", "Q123480", "Q15634554", "Q179164", "Q202686", "Q3024240", "Q3624078", "Q6256", "Q7275"}
)
"""Classes of countries and states (sovereign state, country, island nation, historical country ...)."""
_DIGIT = re.compile(r"\d")
_CUT = re.compile(r"^(\d{1,3}) [A-Z]")
WELL_KNOWN = frozenset({"David Cross", "Georgia", "James Brown", "Jura", "Mads Pedersen"})
"""Names the world gives to more than one well-known thing, which neither the KB nor WordNet tells:
the cyclist and the footballer Mads Pedersen, James Brown the singer and others, the country and
the US state of Georgia (WordNet's second Georgia, which a country's name otherwise ignores), the
French department and the mountains of Jura. Blind readers read each two ways."""


@dataclass(frozen=True, slots=True)
class _Entry:
    base: str
    """The name without a disambiguation suffix, with its article."""
    contexts: tuple[tuple[str, str], ...]
    """(text, entity id or "" for a description) that may tell it apart, best first."""
    needs_context: bool
    optional: bool = False
    """Unique in the KB, told apart only for readers (``Namer._elsewhere``): its bare name will do
    where no context may be given."""
    front: bool = False
    """Not a place: a description tells it before its name ("the cyclist Mads Pedersen", ``told``)."""
    namesake: bool = True
    """Other places share its name: one named bare where it must be told is not asked
    (``Namer.bare_namesake``). False for a place that shares a person's name ("Oldenburg"), told
    where it may be and else asked bare, as before."""
    country: bool = False
    """A country told from its namesakes as one ("the country Georgia"): beside another country it
    needs no telling ("Does Bosnia and Herzegovina have diplomatic relations with Georgia?")."""


class Namer:
    """Names for the entities of one KB view, with the contexts that tell shared names apart."""

    _last: tuple[KbView, Namer] | None = None

    @classmethod
    def of(cls, view: KbView) -> Namer:
        """The namer of ``view``, made once: fact and temporal questions of one suite share it (each
        part reads a view of its own over the same entities and facts)."""
        last = cls._last
        if last is None or (last[0].entities, last[0].facts) != (view.entities, view.facts):
            cls._last = last = (view, cls(view))
        return last[1]

    def __init__(self, view: KbView) -> None:
        self._view = view
        self._entries: dict[str, _Entry] = {}
        self._places = Placing(view)
        self._clubs = Clubs(view)
        self._year_named: dict[str, bool] = {}
        """``may_name_a_year`` by entity: each dated statement asks it of both of its two."""

    @cached_property
    def departments(self) -> frozenset[str]:
        """French départements (generator/departments.py)."""
        return departments(self._places.up, self._view.label)

    @cached_property
    def _roles(self) -> dict[str, str]:
        """A person's line of work by a relation only it has (``ROLES``)."""
        return {f.subject: ROLES[f.property] for f in self._view.facts_of(tuple(ROLES))}

    def _work(self, eid: str) -> str:
        """A person's line of work by what their facts show where no description says it: a role
        (``_roles``), else "footballer" for a player of a football club ("the footballer Éder")."""
        return self._roles.get(eid, "") or ("footballer" if eid in self._clubs.footballers else "")

    @cached_property
    def _surnames(self) -> frozenset[str]:
        """The last words of the KB's people's names: a place called "Lagrange" beside a "Joseph-Louis
        Lagrange" reads as the man."""
        people = (e.label for e in self._view.entities.values() if e.domain is Domain.PEOPLE)
        return frozenset(label.rsplit(" ", 1)[1] for label in people if " " in label)

    @cached_property
    def _by_base(self) -> dict[str, list[str]]:
        groups: dict[str, list[str]] = defaultdict(list)
        for eid, e in self._view.entities.items():
            if e.label:
                groups[self._split(eid)[0].casefold()].append(eid)
        return groups

    @cached_property
    def ambiguous(self) -> frozenset[str]:
        """The entities whose names need a context: a label shared in the KB, one with a suffix, a
        person known by a common word ("Common")."""
        shared = (eid for ids in self._by_base.values() if len(ids) > 1 for eid in ids)
        suffixed = (eid for eid, e in self._view.entities.items() if ", " in e.label and self._split(eid)[1])
        worded = (eid for eid, e in self._view.entities.items() if "Q5" in e.types and word_name(e.label))
        return frozenset((*shared, *suffixed, *worded))

    def within(self, eid: str) -> list[str]:
        """Everything the KB places ``eid`` within (at any time), nearest first."""
        return self._places.within(eid)

    def may_name_a_year(self, eid: str) -> bool:
        """Whether a name ``name`` gives ``eid`` may hold a digit, so a year: every name is made of
        the label, the description and the labels of places the KB puts ``eid`` within, so this
        tells without making the name (most of a KB's thousands of dated statements are never
        asked about, and naming them all took a quarter of a suite's temporal part)."""
        found = self._year_named.get(eid)
        if found is None:
            entity = self._view.entities.get(eid)
            description = entity.description if entity is not None else ""
            found = self._year_named[eid] = bool(
                _DIGIT.search(self._view.label(eid)) or _DIGIT.search(description or "")
            ) or (eid in self._places.within_digits)
        return found

    @cached_property
    def _labels(self) -> frozenset[str]:
        return frozenset(e.label for e in self._view.entities.values() if e.label)

    def garbled(self, eid: str) -> bool:
        """The label is no name a person writes: words mixed with another entity's name in capitals
        ("West Africa BENIN Rep", in LitWD1K and CoDEx-S: every blind reader found "Is Mauritania
        part of West Africa BENIN Rep?" confusing). Acronyms ("UEFA Club Footballer of the Year", "AC Milan")
        are no label of their own, so they keep theirs."""
        words = self._view.label(eid).split()
        capitals = [w for w in words if len(w) >= 3 and w.isalpha() and w.isupper()]
        return len(capitals) < len(words) and any(w.capitalize() in self._labels for w in capitals)

    def cut_year(self, eid: str) -> bool:
        """The label begins with a year cut short, the first digits of the year the entity began
        ("201 Movistar", founded and dissolved in 2015, in LitWD1K: "Did 201 Movistar exist in
        2016?" was confusing to both fourteenth-session readers). Plain questions leave it out;
        Drowzee's events keep it (``TemporalEvent.miscast``)."""
        entity = self._view.entities.get(eid)
        digits = _CUT.match(entity.label) if entity is not None else None
        began = entity.start_year or entity.point_year if entity is not None else None
        return digits is not None and began is not None and str(began).startswith(digits[1])

    def plural(self, eid: str) -> bool:
        """A team named by a plural ("the Los Angeles Lakers"), which takes a plural verb."""
        return eid in self._clubs.teams and plural_team(self._view.label(eid))

    def name(self, eid: str, other: str = "", where: bool = False, quoted: bool = False) -> str | None:
        """What a question about ``eid`` and ``other`` calls ``eid``; None when it cannot say which.
        ``where``: the question asks where one of the two lies (located in, contains, country);
        ``quoted``: in a sentence Drowzee's wording quotes, a place's context as it had it, "(Germany)"."""
        entry = self._entry(eid)
        if not entry.needs_context or (entry.country and self._country(other)):
            return entry.base
        other_words = self._view.label(other).casefold() if other else ""
        others = [x for x in self._by_base.get(self._split(eid)[0].casefold(), []) if x != eid]
        taken = {text for x in others for text, _ in self._entry(x).contexts}
        for text, place in entry.contexts:
            if text in taken or (other_words and other_words in text.casefold()):
                continue
            if place and not self._may_place(place, other, where):
                continue
            if place and not where and not quoted:  # "Brunswick in Germany", "... in the United Kingdom"
                return told(entry.base, self._entry(place).base, False, inside=True)
            return told(entry.base, text, entry.front and not place)
        return entry.base if entry.optional else None

    def played_for(self, eid: str, name: str) -> str:
        """What "played for" calls the club ``eid`` that ``name`` names: its label without a legal
        form (generator/clubs.py ``Clubs.short``) where ``name`` is its plain name."""
        short, entry = self._clubs.short(eid), self._entry(eid)
        if not short or name != entry.base or entry.needs_context:
            return name
        return named(short)  # a name that dropped a legal form takes no article: "Blackburn Rovers"

    def tells(self, eid: str, other: str, where: bool) -> bool:
        """Whether a question about ``eid`` and ``other`` tells ``eid`` apart ("the country Georgia")."""
        return self.name(eid, other, where) != self._entry(eid).base

    def _country(self, eid: str) -> bool:
        entity = self._view.entities.get(eid)
        return entity is not None and not COUNTRIES.isdisjoint(entity.types)

    def described(self, eid: str, name: str) -> str:
        """``name``, a person's bare name, with what their description says they did: "the
        sociologist Max Weber" where a question asks where they were born or died, which turns on
        who is meant ("Did Max Weber die in Leipzig?" read two ways to every blind reader of the
        tenth round: the world knows several); ``name`` as it is for anyone else."""
        entity = self._view.entities.get(eid)
        if (
            entity is None
            or "Q5" not in entity.types
            or not entity.description
            or name != self._entry(eid).base
        ):
            return name
        did = occupation(entity.description)
        return told(name, did, front=True) if did and in_front(name, did) else name

    def bare_namesake(self, eid: str, other: str, where: bool) -> bool:
        """A place the world knows others of (``_elsewhere``) that a question about ``eid`` and
        ``other`` would name bare: asked where one lies (``where``), with no context that would
        not answer it ("Was Friesland in Belgium in 1987?": the German district, or the Dutch
        province a reader thinks of?), or asked anything with none at all ("Was Toledo ever twinned
        with Aachen?": Wikidata12k gives Toledo no country). Not where the KB ties the two as
        places (one within the other, a capital): "Was Brunswick in Germany?" tells which."""
        entity = self._view.entities.get(eid)
        if entity is None or entity.domain is not Domain.PLACES or "Q5" in entity.types:
            return False
        if self._common_word(eid):  # "Was Opera ever in the Metropolitan City of Milan?": the art form
            return self.name(eid, other, where) == self._entry(eid).base
        if other in self.within(eid) or eid in self.within(other) or (eid, other) in self._capitals:
            return False  # what the question asks says which (and spares the WordNet lookups)
        entry = self._entry(eid)
        if not entry.namesake:
            return False
        if not where:
            return entry.optional and not entry.contexts
        return entry.optional and self.name(eid, other, where) == entry.base

    def _common_word(self, eid: str) -> bool:
        """A place of one word that WordNet has as a common noun and knows no place by ("Opera",
        "Boron"): blind readers read the word, not the comune."""
        label = self._view.label(eid)
        return (
            " " not in label
            and wordnet().available
            and wordnet().common(label)
            and not wordnet().places(label)
        )

    @cached_property
    def _capitals(self) -> frozenset[tuple[str, str]]:
        """Capitals and their places, either way round."""
        facts = self._view.facts_of(_CAPITALS)
        return frozenset(pair for f in facts for pair in ((f.subject, f.object), (f.object, f.subject)))

    def _may_place(self, place: str, other: str, where: bool) -> bool:
        """A place context gives nothing away: never the other entity; for "where" only a container of it."""
        if not other:
            return True
        if place == other:
            return False
        return not where or place in self.within(other)

    def _entry(self, eid: str) -> _Entry:
        found = self._entries.get(eid)
        if found is None:
            found = self._entries[eid] = self._make(eid)
        return found

    def _make(self, eid: str) -> _Entry:
        view = self._view
        entity = view.entities.get(eid)
        label, suffix_place = self._split(eid)
        if eid in self.departments:
            return _Entry(f"the {label} department", (), False)
        alone = len(self._by_base.get(label.casefold(), ())) < 2 and not suffix_place
        person = entity is not None and "Q5" in entity.types
        short = short_name(label, self._by_base, person) if alone else ""  # "Queens Park Rangers"
        types = entity.types if entity is not None else ()
        team = eid in self._clubs.teams and not short
        base = named(short or label, types, person=person, team=team, work=alone)
        known = label in WELL_KNOWN
        is_place = entity is not None and entity.domain is Domain.PLACES
        if alone and is_place and (known or many_places(label)):
            return self._elsewhere(eid, base, label)
        if alone and is_place and person_named(label, self._surnames):
            return self._elsewhere(eid, base, label, namesake=False)  # "Oldenburg (Germany)"
        if alone and entity is not None and "Q5" in entity.types and (known or common(label)):
            # by the description, else as a player of football clubs ("the footballer Bradley Johnson")
            club = "footballer" if eid in self._clubs.footballers else ""
            did = occupation(entity.description or "") or club
            if not did and not entity.description:
                return _Entry(base, (), False)
            described = ((did, ""),) if did else ()
            return _Entry(base, described, bool(described), optional=True, front=True)
        if alone and person and word_name(label):  # "the musician Common", by a role the KB gives
            did = occupation(entity.description) if entity is not None and entity.description else ""
            did = did or self._roles.get(eid, "")
            return _Entry(base, ((did, ""),) if did else (), True, front=True)
        if (
            alone
            and entity is not None
            and entity.label
            and entity.domain is Domain.PEOPLE
            and " " not in label
        ):
            # a mononym the world gives to several ("Did Jorginho play for FC Bayern Munich?")
            did = (occupation(entity.description) if person and entity.description else "") or self._work(eid)
            if did:
                return _Entry(base, ((did, ""),), True, optional=True, front=True)
        if alone:
            return _Entry(base, (), False)  # its own name: nothing to tell apart
        contexts: list[tuple[str, str]] = []
        if entity is not None and entity.description:
            contexts.extend((d, "") for d in descriptions(entity.description, label))
        places = [suffix_place] if suffix_place else []
        places += self._places.countries.get(eid, [])
        places += self.within(eid)
        for place in dict.fromkeys(places):
            if view.label(place) != place:
                contexts.append((view.label(place), place))
        front = entity is not None and entity.domain not in (Domain.PLACES, Domain.UNKNOWN)
        return _Entry(base, tuple(dict.fromkeys(contexts)), True, front=front)

    def _elsewhere(self, eid: str, base: str, label: str, namesake: bool = True) -> _Entry:
        """A place the KB alone has of its name, though WordNet knows others: told by its country
        ("Cambridge in the United Kingdom"), else the place the KB puts it in, else its description.
        A country keeps its name (WordNet's second "Malta" is the island), and so does a place the
        KB says nothing more of, or one asked where no context may be given ("Was Friesland in
        Germany?", never "Friesland (Germany)"). One that shares a person's name (``namesake``
        False) may take what holds its region too: "Was Oldenburg (Germany) in Lower Saxony?"."""
        view = self._view
        entity = view.entities[eid]
        if COUNTRIES.intersection(entity.types):
            if label in WELL_KNOWN:  # "the country Georgia": never the place in the country
                return _Entry(base, (("country", ""),), True, optional=True, front=True, country=True)
            return _Entry(base, (), False)
        places = [*self._places.now_in(eid, COUNTRY), *self._places.now_in(eid, "P131")]
        if not namesake:
            places += [self.within(p)[0] for p in self._places.now_in(eid, "P131") if self.within(p)]
        contexts = [(view.label(p), p) for p in places if view.label(p) != p]
        if entity.description:
            contexts += [(d, "") for d in descriptions(entity.description, label)]
        return _Entry(base, tuple(dict.fromkeys(contexts)), bool(contexts), optional=True, namesake=namesake)

    def _split(self, eid: str) -> tuple[str, str]:
        """The label without a ", Region" suffix naming a place the KB puts it in, and that place."""
        label = self._view.label(eid)
        head, sep, tail = label.rpartition(", ")
        if sep and head:
            for place in self.within(eid):
                if self._view.label(place) == tail:
                    return head, place
        return label, ""
