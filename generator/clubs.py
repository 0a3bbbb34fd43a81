"""The clubs of a KB view: those a person is a member of (P54's objects), who plays football for
one, and the name "played for" gives a club.

A club played for drops its legal form and founding year (generator/short_names.py ``team_name``:
"Arsenal F.C." is Arsenal) where no other club's label holds the short name: "FC Moscow" beside
"Spartak Moscow" and "FC Barcelona" beside "Barcelona B" keep theirs, as a reader would take the
short one for the other club. Whether the name asked is the plain one is the namer's
(generator/names.py ``Namer.played_for``).
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property

from kgtest.generator.kbview import KbView
from kgtest.generator.name_contexts import football_club
from kgtest.generator.short_names import team_name

TEAM = "P54"
"""Member of sports team: the object is a club."""


class Clubs:
    """The clubs of ``view`` and their players."""

    def __init__(self, view: KbView) -> None:
        self._view = view

    @cached_property
    def teams(self) -> frozenset[str]:
        return frozenset(f.object for f in self._view.facts_of((TEAM,)))

    @cached_property
    def footballers(self) -> frozenset[str]:
        """Players of a football club: "the footballer Éder" where nothing else says their work."""
        clubs = {team for team in self.teams if football_club(self._view.label(team))}
        return frozenset(f.subject for f in self._view.facts_of((TEAM,)) if f.object in clubs)

    def short(self, eid: str) -> str:
        """The club's name without a legal form, or "" where it has none or another club's name
        holds it."""
        short = team_name(self._view.label(eid))
        return short if short and self._words[short.casefold()] < 2 else ""

    @cached_property
    def _words(self) -> Counter[str]:
        """How many clubs' labels hold each run of up to four of their words."""
        runs: Counter[str] = Counter()
        for team in self.teams:
            w = self._view.label(team).casefold().split()
            runs.update({" ".join(w[i : i + k]) for k in range(1, 5) for i in range(len(w) - k + 1)})
        return runs
