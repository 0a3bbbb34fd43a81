"""Where the KB puts an entity: what it lies within, at any depth and time, and its country.

Names (generator/names.py) draw on it twice: a disambiguation suffix is dropped when it names a
place the KB puts the entity within, and a context that tells a shared name apart is a place
it lies within, its country first ("Cambridge (United Kingdom)").
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping
from functools import cached_property

from kgtest.generator.kbview import KbView
from kgtest.kg.model import Fact

UP = ("P131", "P17", "P361", "P30")
"""Properties that place their subject within their object."""
DOWN = ("P150", "P527")
"""... and their object within their subject."""
COUNTRY = "P17"
_DIGIT = re.compile(r"\d")


class Placing:
    """The containers of each entity of one KB view, worked out once and on first use."""

    def __init__(self, view: KbView) -> None:
        self._view = view
        self._within: dict[str, list[str]] = {}

    @cached_property
    def up(self) -> Mapping[str, set[str]]:
        """Entity -> what a fact places it directly within."""
        up: dict[str, set[str]] = defaultdict(set)
        for f in self._view.facts_of((*UP, *DOWN)):
            if f.property in UP:
                up[f.subject].add(f.object)
            elif f.property in DOWN:
                up[f.object].add(f.subject)
        return up

    def within(self, eid: str) -> list[str]:
        """Everything the KB places ``eid`` within (at any time), nearest first."""
        found = self._within.get(eid)
        if found is None:
            found = self._within[eid] = self._climb(eid)
        return found

    def _climb(self, eid: str) -> list[str]:
        seen: dict[str, None] = {}
        todo = sorted(self.up.get(eid, ()))
        while todo:
            nxt: list[str] = []
            for x in todo:
                if x not in seen and x != eid:
                    seen[x] = None
                    nxt.extend(sorted(self.up.get(x, ())))
            todo = nxt
        return list(seen)

    @cached_property
    def within_digits(self) -> frozenset[str]:
        """The entities the KB puts within a place whose label has a digit (at any depth)."""
        label = self._view.label
        down: dict[str, set[str]] = defaultdict(set)
        for x, ups in self.up.items():
            for y in ups:
                down[y].add(x)
        todo = [y for y in down if label(y) != y and _DIGIT.search(label(y))]
        found: set[str] = set()
        while todo:
            for x in down.get(todo.pop(), ()):
                if x not in found:
                    found.add(x)
                    todo.append(x)
        return frozenset(found)

    @cached_property
    def _placing(self) -> dict[tuple[str, str], list[Fact]]:
        """The country (P17) and place (P131) facts of each subject, read in one pass."""
        found: dict[tuple[str, str], list[Fact]] = defaultdict(list)
        for f in self._view.facts_of((COUNTRY, "P131")):
            found[(f.subject, f.property)].append(f)
        return found

    @cached_property
    def countries(self) -> Mapping[str, list[str]]:
        """Each entity's countries, the latest first."""
        facts = list(self._view.facts_of((COUNTRY,)))
        found: dict[str, list[str]] = defaultdict(list)
        for f in sorted(facts, key=lambda f: (f.subject, -(f.end_year or 10**6), f.object)):
            if f.object not in found[f.subject]:
                found[f.subject].append(f.object)
        return found

    def now_in(self, eid: str, pid: str) -> list[str]:
        """The country (or the place, for P131) the KB puts ``eid`` in last: of dated ones the one
        still open, else its only one; none where undated ones disagree ("Saint Petersburg" in
        CoDEx-S: the Soviet Union and the Russian Empire, no dates)."""
        facts = self._placing.get((eid, pid), [])
        open_ = {f.object for f in facts if f.start_year is not None and f.end_year is None}
        every = {f.object for f in facts}
        return sorted(open_) if len(open_) == 1 else sorted(every) if len(every) == 1 else []
