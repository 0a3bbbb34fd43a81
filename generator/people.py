"""Which people make plausible near misses for a relation between people (issue 37, goal 2).

"Was Mark Twain the father of Frank Sinatra?" is refuted, but a reader who knows only rough eras
answers it. A parent candidate is born a generation before the child (``GENERATION`` years), a
spouse alive at the same time; one of the same family name or country comes first. negatives.py
only orders and filters what it proposes with these checks: the reasoner's rules are unchanged.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping

from kgtest.generator.kbview import KbView

GENERATION = (15, 60)
"""How many years before a child its parent is born, at least and at most."""
_CITIZEN, _BIRTHPLACE, _COUNTRY = "P27", "P19", "P17"
_ROMAN = re.compile(r"^[IVXLC]+$")
_SUFFIX = re.compile(r"^[JS]r\.?$")


class People:
    """Lifetimes, family names and countries of the KB's humans, made on first use."""

    def __init__(self, view: KbView, roles: Mapping[str, str]) -> None:
        self._view = view
        self._roles = roles  # negation.pl's lifetime roles: together, parent_child, child_parent

    @functools.cached_property
    def _countries(self) -> dict[str, frozenset[str]]:
        """A person's countries: citizenship, else the country of the place of birth."""
        of_place: dict[str, set[str]] = defaultdict(set)
        for f in self._view.facts_of([_COUNTRY]):
            of_place[f.subject].add(f.object)
        found: dict[str, set[str]] = defaultdict(set)
        for f in self._view.facts_of([_CITIZEN]):
            found[f.subject].add(f.object)
        for f in self._view.facts_of([_BIRTHPLACE]):
            if f.subject not in found or not found[f.subject] & of_place[f.object]:
                found[f.subject] |= of_place[f.object]
        return {k: frozenset(v) for k, v in found.items()}

    @functools.cached_property
    def by_surname(self) -> dict[str, list[str]]:
        """Humans by family name, sorted by id."""
        found: dict[str, list[str]] = defaultdict(list)
        for e in sorted(self._view.entities.values(), key=lambda e: e.id):
            if "Q5" in e.types and (name := surname(e.label)):
                found[name].append(e.id)
        return found

    def window(self, s: str, p: str) -> tuple[int, int] | None:
        """The birth years a plausible value of S's P has, when S's birth year is known."""
        born = self._view.entities[s].start_year
        if born is None:
            return None
        low, high = GENERATION
        match self._roles.get(p):
            case "child_parent":
                return born - high, born - low
            case "parent_child":
                return born + low, born + high
            case _:
                return born - high // 2, born + high // 2

    def fits(self, s: str, p: str, o: str) -> bool | None:
        """Whether O's lifetime fits S's as P's value (None: the KB lacks a birth year)."""
        window = self.window(s, p)
        x, y = self._view.entities.get(s), self._view.entities.get(o)
        if window is None or x is None or y is None or y.start_year is None:
            return None
        if not window[0] <= y.start_year <= window[1]:
            return False
        role = self._roles.get(p)
        if role == "child_parent":  # the parent lives to the child's birth year, or the year before
            return y.end_year is None or y.end_year >= (x.start_year or 0) - 1
        if role == "parent_child":
            return x.end_year is None or x.end_year >= y.start_year - 1
        return (x.end_year is None or y.start_year <= x.end_year) and (
            y.end_year is None or (x.start_year or 0) <= y.end_year
        )

    def alike(self, s: str, o: str) -> bool:
        """Of the same family name or country."""
        name = surname(self._view.label(s))
        if name and name == surname(self._view.label(o)):
            return True
        return bool(self._countries.get(s, frozenset()) & self._countries.get(o, frozenset()))

    def ranked(self, s: str, p: str, options: Iterable[str], fitting: bool = True) -> list[str]:
        """``options`` in order of plausibility, dropping those whose lifetime does not fit
        (``fitting``) or, for candidates chosen to clash, keeping those of S's family or country."""
        if fitting:
            marked = enumerate((self.fits(s, p, o), o) for o in options)
            kept = [(fit is None, not self.alike(s, o), i, o) for i, (fit, o) in marked if fit is not False]
        else:
            kept = [(False, not self.alike(s, o), i, o) for i, o in enumerate(options)]
        return [o for *_, o in sorted(kept)]


def surname(label: str) -> str:
    """The last word of a person's name ("Charles Dickens Jr.": dickens), none for a regnal name
    ("Elizabeth I", "Henry VIII of England") or a single word; a title after a comma is no name."""
    words = re.sub(r"\(.*?\)", " ", label).split(",")[0].split()
    if "of" in words:
        words = words[: words.index("of")]
    if len(words) > 2 and _SUFFIX.match(words[-1]):
        words.pop()
    last = words[-1] if len(words) > 1 else ""
    return "" if _ROMAN.match(last) or len(last) < 3 else last.casefold()
