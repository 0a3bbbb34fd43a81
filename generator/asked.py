"""When and how a fact question asks about its statement: the year, the tense, the names.

A question never asks about a year outside the known existence of what it names (a
person's birth to death, a place's or body's inception to dissolution, as far as the KB
gives them): "Was Charles Dickens married to X in 1880?" would test nothing but arithmetic
on his death. So the year is drawn from the statement's years *within* both entities' known
existence, a statement with no such year is not asked, and an undated statement about
something that ended before the reference year is asked in the past tense ("Was Upper
Alsace located in the German Empire?"), not the present.

Names come from generator/names.py: a statement whose entity needs a context it cannot be
given is not asked.
"""

from __future__ import annotations

import random

from kgtest.generator.clauses import PAST, PRESENT
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_random import clip, uniform_year
from kgtest.generator.mtl_text import DROWZEE
from kgtest.generator.names import Namer
from kgtest.generator.phrasing import relation_clause
from kgtest.generator.templates import plain_question, table_question, wording
from kgtest.prolog.reasoner import Statement, Years

WHERE = frozenset({"P17", "P30", "P131", "P150", "P206", "P361", "P527"})
"""Properties that say where something lies: a name's context must not answer them."""
_FAR = 10**6


class Asker:
    """Years, tense and wording of the fact questions about one KB view."""

    def __init__(self, view: KbView, now: int | None, style: str) -> None:
        self._view = view
        self._now = now
        self.style = style
        self.names = Namer.of(view)
        self._dated = any(e.start_year is not None or e.end_year is not None for e in view.entities.values())
        """Whether the KB knows when anything existed at all (Wikidata12k does not)."""

    def existence(self, statement: Statement) -> tuple[int, int]:
        """The years both entities of ``statement`` are known to exist in (unbounded: +-10**6)."""
        lo, hi = -_FAR, _FAR
        for eid in (statement[0], statement[2]) if self._dated else ():
            e = self._view.entities.get(eid)
            if e is not None:  # an event known by its one year (P585) began and ended in it
                start, end = e.start_year, e.end_year
                if start is None and end is None:
                    start = end = e.point_year
                lo = max(lo, start if start is not None else -_FAR)
                hi = min(hi, end if end is not None else _FAR)
        return lo, hi

    def askable(self, statement: Statement, years: Years | None) -> bool:
        """Its entities can be named, and it is undated (no year is asked) or holds in a year they
        both existed in."""
        ambiguous = self.names.ambiguous
        named = self.style == DROWZEE or (statement[0] not in ambiguous and statement[2] not in ambiguous)
        if not named and self.naming(statement) is None:
            return False
        if years is None or not self._dated:
            return True
        return bool(clip(years, *self.existence(statement)))

    def when(self, statement: Statement, years: Years | None, rng: random.Random) -> tuple[int | None, str]:
        """The year to ask about (None: none named) and the tense.

        The present when the statement is undated or holds in the reference year and neither
        entity is known to have ended before it; else the past, about a year drawn from its
        years within the entities' existence (none for an undated statement).
        """
        lo, hi = self.existence(statement)
        now = self._now
        if years is None:
            return None, PRESENT if now is None or hi >= now else PAST
        if now is not None and lo <= now <= hi and any(a <= now <= b for a, b in years):
            return None, PRESENT
        return uniform_year(rng, clip(years, lo, hi)), PAST

    def naming(self, statement: Statement) -> tuple[str, str] | None:
        """The names a plain question gives subject and object, or None when one cannot be told apart."""
        s, p, o = statement
        where = p.lstrip("^") in WHERE
        s_name = self.names.name(s, o, where)
        o_name = self.names.name(o, s, where)
        return None if s_name is None or o_name is None else (s_name, o_name)

    def question(self, statement: Statement, variant: str, year: int | None, tense: str) -> str:
        s, p, o = statement
        view = self._view
        if self.style == DROWZEE:
            return table_question(view.label(s), wording(p, view.catalog), view.label(o), variant, year)
        named = self.naming(statement)
        if named is None:  # askable() keeps these out; a caller that skipped it gets labels
            named = (view.label(s), view.label(o))
        subject = o if p.startswith("^") else s  # whose domain picks the wording (P's subject)
        label = view.relation(p.lstrip("^")).label
        plural = [n for n, x in zip(named, (s, o), strict=True) if self.names.plural(x)]
        said = relation_clause(p, label, named[0], named[1], tense, self._domain(subject), plural)
        return plain_question(said, variant, year)

    def _domain(self, eid: str) -> str:
        e = self._view.entities.get(eid)
        return e.domain.value if e is not None else "unknown"
