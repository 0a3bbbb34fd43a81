"""When and how a fact question asks about its statement: the year, the tense, the names.

A question never asks about a year outside the known existence of what it names (a
person's birth to death, a place's or body's inception to dissolution, as far as the KB
gives them): "Was Charles Dickens married to X in 1880?" would test nothing but arithmetic
on his death. So the year is drawn from the statement's years *within* both entities' known
existence, a statement with no such year is not asked, and an undated statement about
something that ended before the reference year is asked in the past tense ("Was Upper
Alsace located in the German Empire?"), not the present.

A plain question names a year only where it knows one inside a stretch of the statement's
years, neither its first nor its last. A truth known only in such an edge year is asked
whether it ever held ("Was Trier ever twinned with Pula?", "Did Connie Willis ever win the
Nebula Award for Best Short Story?"): blind readers read "Was Trier twinned with Pula in
1971?" (the year the twinning began), "Was Magomadas in the Province of Nuoro in 2005?" (the
year it moved) and "Did Connie Willis win the Nebula Award in 1992?" (the ceremony's year or
the work's?) two ways.

A term (a post, an owner: ``TERMS``) is not asked in the present tense, which a reader takes
for their own year, not the KB's: "Is Elizabeth II the head of state of Grenada?" (true in a KB
of 2020) is "Was Elizabeth II the head of state of Grenada in 2020?", or with no year known,
"Was Elizabeth II ever the head of state of Grenada?".

Names come from generator/names.py: a statement whose entity needs a context it cannot be
given, or whose label is no name ("West Africa BENIN Rep"), is not asked; nor is a place asked as
someone's influence ("Was Germany one of Handel's influences?"), nor a part of a state (England,
Hong Kong, by the KB's classes) as having diplomatic relations, nor a state with the one whose name
it holds, where one of them is gone ("Germany" and "West Germany"), nor an edition as part of the
series whose name it holds ("the 2004–05 Cypriot First Division"). A city of millions asked as
someone's place of birth or death when the KB puts it elsewhere, in a smaller place of the same
country, is "the city of" its name: "Did Gene Kelly die in Los Angeles?" (he died in Beverly
Hills) read two ways to every blind reader of the seventh round, the city or its area; the proof's
near miss is the city.
"""

from __future__ import annotations

import random

from kgtest.generator.articles import years_named
from kgtest.generator.clauses import PAST, PRESENT
from kgtest.generator.clubs import TEAM
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_random import clip, complement, uniform_year
from kgtest.generator.mtl_text import DROWZEE
from kgtest.generator.names import Namer
from kgtest.generator.phrasing import opposite_clause, opposites, relation_clause
from kgtest.generator.short_names import CITY_STATE
from kgtest.generator.still_in import OpenContainments, named_in_whole
from kgtest.generator.templates import NEGATED, plain_question, table_question, wording
from kgtest.prolog.reasoner import Statement, Years

EVER = "ever"
"""The tense of a truth asked whether it ever held: the past, with no year."""
NOW = "now"
"""The tense of a statement about a term that holds in the reference year: the past, naming that year."""
TERMS = frozenset({"P6", "P35", "P127", "P1830"})
"""Relations held for a term (a post, an owner): "Is Elizabeth II the head of state of Grenada?"
holds in a KB of 2020 and not in the reader's year, so it is asked about the KB's year or whether
it ever held."""
WHERE = frozenset({"P17", "P30", "P131", "P150", "P206", "P361", "P527"})
"""Properties that say where something lies: a name's context must not answer them."""
LIFE_PLACES = frozenset({"P19", "P20"})
"""Place of birth, place of death: one place each, asked as "born in", "die in"."""
MILLIONS = "Q1637706"
"""city with millions of inhabitants: a name a reader may take for its area as well ("Los Angeles")."""
BIG_CITY = "Q1549591"
"""big city (over 100,000): a place a reader would not take for another's suburb."""
CITY = "Q515"
"""city: the class a city-state's official name gives it ("Free Hanseatic City of Bremen")."""
_FAR = 10**6
FORMER = frozenset({"Q3024240", "Q19953632"})
"""historical country, former administrative territorial entity."""
INFLUENCES = frozenset({"P737"})
"""Relations whose object is one of the subject's influences: a person, a movement, a work, never a
place ("Was Germany one of George Frideric Handel's influences?" reads as a mistake)."""
STATE_RELATIONS = frozenset({"P530"})
"""Relations only a state holds: diplomatic relations."""
PART_OF_STATE = frozenset({"Q3336843", "Q779415"})
"""constituent country of the United Kingdom, special administrative region of China: a part of a
state, whose diplomacy is its state's ("Does England lack diplomatic relations with Bosnia and
Herzegovina?", "Does Hong Kong lack ... with India?" read as confusing to blind readers)."""
SEASON = "Q27020041"
"""sports season: a league's season, which a club or a player takes part in or not."""
CONTAINMENTS = frozenset({"P17", "P131", "P150", "P361", "P527"})
"""Relations whose opposite says S lies outside O ("Was X always outside Y?"): read stiff flipped."""
AT_ANY_TIME = frozenset({"P26"})
"""Relations whose words at a year also name the event that began them: "Was X married to Y in
1983?" reads as "did they marry in 1983?", and so does "Were X and Y married in 1983?" (the
wedding's own passive), so a year is "at any time in 1983"."""


class Asker:
    """Years, tense and wording of the fact questions about one KB view."""

    def __init__(self, view: KbView, now: int | None, style: str) -> None:
        self._view = view
        self._now = now
        self.style = style
        self.names = Namer.of(view)
        self._dated = any(e.start_year is not None or e.end_year is not None for e in view.entities.values())
        """Whether the KB knows when anything existed at all (Wikidata12k does not)."""
        self._places: dict[tuple[str, str], set[str]] | None = None
        """(subject, property) -> objects, for places of birth and death and countries, made when
        a question about a place of birth or death first asks."""
        self._stated: dict[str, dict[Statement, list[tuple[int, int]]]] = {}
        """Per property, the years the KB states each of its dated statements in, made when a near
        miss of that property first asks."""
        self._open = OpenContainments(view, CONTAINMENTS)

    def existence(self, statement: Statement) -> tuple[int, int]:
        """The years both entities of ``statement`` are known to exist in (unbounded: +-10**6):
        their own dates, or in a KB without them, the years the facts about them cover."""
        lo, hi = -_FAR, _FAR
        for eid in statement[0], statement[2]:
            start, end = self._span(eid)
            lo = max(lo, start if start is not None else -_FAR)
            hi = min(hi, end if end is not None else _FAR)
        return lo, hi

    def _stated_years(self, pid: str) -> dict[Statement, list[tuple[int, int]]]:
        stated = self._stated.get(pid)
        if stated is None:
            stated = self._stated[pid] = {}
            for f in self._view.facts_of((pid,)):
                first = f.start_year if f.start_year is not None else f.end_year
                last = f.end_year if f.end_year is not None else f.start_year
                if first is not None and last is not None:
                    stated.setdefault((f.subject, f.property, f.object), []).append((first, last))
        return stated

    def _former(self, eid: str) -> bool:
        """The KB's class says it is gone, though it gives no end year: a historical country, a
        former administrative unit ("Does the Holy See have diplomatic relations with the Soviet
        Union?" read two ways: today, or while it was)."""
        e = self._view.entities.get(eid)
        return e is not None and not FORMER.isdisjoint(e.types)

    def _span(self, eid: str) -> tuple[int | None, int | None]:
        if not self._dated:  # the years its dated facts cover, first to last
            return self._view.fact_spans.get(eid, (None, None))
        e = self._view.entities.get(eid)
        if e is None:
            return None, None
        if e.start_year is None and e.end_year is None:  # an event known by its one year (P585)
            return e.point_year, e.point_year
        return e.start_year, e.end_year

    def askable(
        self, statement: Statement, years: Years | None, near_miss: bool = False, settled: bool = False
    ) -> bool:
        """Its entities can be named, and it is undated (no year is asked) or holds in a year they
        both existed in (for a ``near_miss``, one not next to a year the KB states it; ``settled``:
        not the first or last year of a stretch either)."""
        if self.style != DROWZEE and (
            self._place_of_influence(statement)
            or any(self.names.garbled(x) or self.names.cut_year(x) for x in statement[::2])
            or self._successor_named(statement)
            or self._name_answers(statement)
            or self._unfit(statement)
        ):
            return False
        ambiguous = self.names.ambiguous
        named = self.style == DROWZEE or (statement[0] not in ambiguous and statement[2] not in ambiguous)
        if not named and self.naming(statement) is None:
            return False
        if self.style != DROWZEE and self._namesake(statement):
            return False
        if years is None:
            return True
        return bool(self._years(statement, years, near_miss, settled))

    def _namesake(self, statement: Statement) -> bool:
        """A place of a name the world shares would be named bare (``Namer.bare_namesake``)."""
        s, p, o = statement
        where = p.lstrip("^") in WHERE
        return self.names.bare_namesake(s, o, where) or self.names.bare_namesake(o, s, where)

    def _successor_named(self, statement: Statement) -> bool:
        """Two places, one's name holding the other's whole, and one of them gone (``_former``, or an
        end year): "Did Germany have diplomatic relations with West Germany?" read as one state
        asked about itself, confusing to every blind reader of the tenth round. "Does Sudan share
        a border with South Sudan?" (both still there) is asked."""
        s, _, o = statement
        short, long = sorted((self._view.label(s), self._view.label(o)), key=len)
        if (
            short == long
            or f" {short} " not in f" {long} "
            or {self._domain(s), self._domain(o)} != {"places"}
        ):
            return False
        return any(self._former(x) or self._ended(x) for x in (s, o))

    def _name_answers(self, statement: Statement) -> bool:
        """An edition asked as part of its series, whose name it holds: "Was the 2004–05 Cypriot
        First Division part of the Cypriot First Division?" answers itself (blind readers of the
        eleventh session); a place in one named after it ("Was Venice in the Republic of Venice in
        753?", generator/still_in.py ``named_in_whole``)."""
        s, p, o = statement
        if p.lstrip("^") not in WHERE:
            return False
        short, long = sorted((self._view.label(s), self._view.label(o)), key=len)
        edition = short != long and f" {short} " in f" {long} " and bool(years_named(long))
        return edition or named_in_whole(self._view, statement)

    def _unfit(self, statement: Statement) -> bool:
        """A state's relation (``STATE_RELATIONS``) of an entity the KB's class makes a part of a state
        (``PART_OF_STATE``); a KB that gives no classes (Wikidata12k) tells nothing, and asks it."""
        s, p, o = statement
        return p.lstrip("^") in STATE_RELATIONS and any(
            any(self._is(x, cls) for cls in PART_OF_STATE) for x in (s, o)
        )

    def _ended(self, eid: str) -> bool:
        """The KB gives ``eid`` an end year of its own (not one its facts imply)."""
        e = self._view.entities.get(eid)
        return e is not None and e.end_year is not None

    def _place_of_influence(self, statement: Statement) -> bool:
        """``statement`` names a place as one of someone's influences (``INFLUENCES``)."""
        s, p, o = statement
        if p.lstrip("^") not in INFLUENCES:
            return False
        return self._domain(s if p.startswith("^") else o) == "places"

    def when(
        self,
        statement: Statement,
        years: Years | None,
        rng: random.Random,
        near_miss: bool = False,
        settled: bool = False,
    ) -> tuple[int | None, str]:
        """The year to ask about (None: none named) and the tense.

        The present when the statement is undated or holds in the reference year and neither
        entity is known to have ended before it (by its years, or its class: a historical
        country); else the past, about a year drawn from its years within the entities'
        existence (none for an undated statement; "ever" where only an edge year is known). A
        term (``TERMS``) is never asked in the present: in the reference year it names that year
        (``NOW``), undated it is asked whether it ever held (a truth) or in the present (a near miss,
        refuted only as the KB stands).
        """
        lo, hi = self.existence(statement)
        now = self._now
        term = self.style != DROWZEE and statement[1].lstrip("^") in TERMS
        if years is None:
            ended = (now is not None and hi < now) or any(self._former(x) for x in statement[::2])
            if term and not ended and not near_miss:
                return None, EVER  # the KB's undated truth held at some time, not surely now
            return None, PAST if ended else PRESENT
        if now is not None and lo <= now <= hi and any(a <= now <= b for a, b in years):
            return None, NOW if term else PRESENT
        if self.style != DROWZEE and not near_miss and not _inside(clip(years, lo, hi), lo, hi):
            # only a first or last year is known: "Was Trier ever twinned with Pula?"; a place
            # still where it has lain since then is asked so ("Is Verden in Germany?")
            return None, PRESENT if self._still_in(statement, hi) else EVER
        return uniform_year(rng, self._years(statement, years, near_miss, settled)), PAST

    def _still_in(self, statement: Statement, hi: int) -> bool:
        """A containment of places not gone (by the reference year or a former class) that holds now by
        the KB's open containments (generator/still_in.py): "Is Verden in Germany?", not "ever"."""
        if statement[1].lstrip("^") not in CONTAINMENTS or self._now is None or hi < self._now:
            return False
        return not any(self._former(x) for x in statement[::2]) and self._open.holds(statement)

    def _years(
        self, statement: Statement, years: Years, near_miss: bool, settled: bool
    ) -> list[tuple[int, int]]:
        """The years ``statement`` may be asked about. A plain question avoids a year something
        began or ended in (read two ways: "Was Sosnowiec in Poland in 1918?" depends on the
        month) where it can, and a near miss is never asked next to a year the KB states it
        ("Was Mary Steenburgen married to Ted Danson in 1994?", the year they married); a
        ``settled`` one (another value of a property with one at a time: "Was Jelgava in the Soviet
        Union in 1990?", the year Latvia's independence began) only inside a stretch."""
        lo, hi = self.existence(statement)
        asked = clip(years, lo, hi)
        if self.style == DROWZEE:
            return asked
        if near_miss:
            stated = self._stated_years(statement[1]).get(statement, ())
            close = {y + d for a, b in stated for y in (a, b) for d in (-1, 0, 1)}
            asked = [piece for a, b in asked for piece in complement(_years_of(close), a, b)]
        inside = _inside(asked, lo, hi)
        return inside if inside or settled else asked

    def naming(self, statement: Statement) -> tuple[str, str] | None:
        """The names a plain question gives subject and object, or None when one cannot be told apart."""
        s, p, o = statement
        where = p.lstrip("^") in WHERE
        s_name = self.names.name(s, o, where)
        o_name = self.names.name(o, s, where)
        if o_name is not None and p == TEAM:
            o_name = self.names.played_for(o, o_name)  # "Arsenal", not "Arsenal F.C."
        return None if s_name is None or o_name is None else (s_name, o_name)

    def question(self, statement: Statement, variant: str, year: int | None, tense: str) -> str:
        s, p, o = statement
        view = self._view
        if self.style == DROWZEE:
            return table_question(view.label(s), wording(p, view.catalog), view.label(o), variant, year)
        named = self.naming(statement)
        if named is None:  # askable() keeps these out; a caller that skipped it gets labels
            named = (view.label(s), view.label(o))
        if p in LIFE_PLACES and self._city_area(s, p, o) and not named[1].startswith("the "):
            named = (named[0], f"the city of {named[1]}")
        if p in LIFE_PLACES:  # "Did the sociologist Max Weber die in Leipzig?": which one decides it
            named = (self.names.described(s, named[0]), named[1])
        subject = o if p.startswith("^") else s  # whose domain picks the wording (P's subject)
        label = view.relation(p.lstrip("^")).label
        plural = [n for n, x in zip(named, (s, o), strict=True) if self.names.plural(x)]
        clause_tense = PAST if tense in (EVER, NOW) else tense
        domain = self._domain(subject)
        at = self._now if tense == NOW else year
        # "Did Laos lack diplomatic relations with the Soviet Union?" (undated, past) read two ways
        # (at some time, or always?): the negation of "did ... ever" is "always"/"never"; not for
        # an event or an edition, which happens once ("Was X always absent from the 2012 Tour de France?").
        once = any(self._domain(x) == "events" or years_named(view.label(x)) for x in (s, o))
        ever = tense == EVER or (variant == NEGATED and tense == PAST and at is None and not once)
        classes, object_classes = self._classes(subject), self._classes(s if subject == o else o)
        said = relation_clause(
            p, label, named[0], named[1], clause_tense, domain, plural, classes, object_classes
        )
        opposite = None
        if variant == NEGATED:
            opposite = opposite_clause(p, named[0], named[1], clause_tense, domain, plural)
        return plain_question(said, variant, at, ever, opposite, p.lstrip("^") in AT_ANY_TIME)

    def _city_area(self, person: str, pid: str, city: str) -> bool:
        """``city`` is a city of millions the KB does not give as ``person``'s place (``pid``), which
        it gives as a smaller place (not a big city) in the same country: a reader could take the
        city's name for its area."""
        if self._places is None:
            self._places = {}
            for f in self._view.facts_of((*LIFE_PLACES, "P17")):
                self._places.setdefault((f.subject, f.property), set()).add(f.object)
        stated = self._places.get((person, pid), set())
        if not stated or city in stated or not self._is(city, MILLIONS):
            return False
        countries = self._places.get((city, "P17"), set())
        return any(
            not self._is(x, BIG_CITY) and countries & self._places.get((x, "P17"), set()) for x in stated
        )

    def flip_reading(self, statement: Statement) -> int:
        """How well a truth reads asked flipped, best highest (balance.plain_variants flips the best
        first): 0 with no opposite (generator/phrasing.py), the quoted negation ('Is this statement
        true: "X was never twinned with Y"?', formulaic to every reader); 1 through an opposite that
        reads stiff: a containment ("Was Lusigliè always outside the Province of Turin?": every
        negated containment read clear 0 times of 24 side by side, bench/question_wording_trial/flips)
        or taking part in a league's season ("Was Korey Smith absent from the 2011–12 Football
        League Championship?" two ways to both readers of the twelfth session: out of the squad, or
        his club in another division; "miss the 2014–15 Bundesliga" stiff); 2 through one that reads
        clear ("Did X miss the 2011 Tour de France?" 5 of 6, "Does X lack diplomatic relations with
        Y?" 6 of 6)."""
        s, p, o = statement
        pid = p.lstrip("^")
        if pid not in opposites():
            return 0
        return 1 if pid in CONTAINMENTS or any(self._is(x, SEASON) for x in (s, o)) else 2

    def _classes(self, eid: str) -> tuple[str, ...]:
        """The KB's classes of ``eid``, and city where its official name says it is one (a city-state
        Wikidata12k gives no class: "the head of government of the Free Hanseatic City of Bremen"
        read stiff to both readers of the twelfth session, who wrote "the mayor of Bremen")."""
        e = self._view.entities.get(eid)
        types = e.types if e is not None else ()
        return (*types, CITY) if CITY_STATE.match(self._view.label(eid)) else types

    def _is(self, eid: str, cls: str) -> bool:
        e = self._view.entities.get(eid)
        return e is not None and cls in e.types

    def _domain(self, eid: str) -> str:
        e = self._view.entities.get(eid)
        return e.domain.value if e is not None else "unknown"


def _inside(years: list[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int]]:
    """``years`` without the first and last year of each stretch and of either entity's
    existence: "Was Sosnowiec in Poland in 1918?" depends on the month, "in 1920" does not."""
    edges = {lo, hi}
    inner = [(a + 1, b - 1) for a, b in years if a + 1 <= b - 1]
    return [piece for a, b in inner for piece in complement(_years_of(edges), a, b)]


def _years_of(years: set[int]) -> list[tuple[int, int]]:
    """Single years as the sorted stretches ``complement`` takes."""
    return [(y, y) for y in sorted(years)]
