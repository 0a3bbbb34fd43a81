"""MTL formulas in Drowzee's own Table III templates, word for word, for faithfulness.

Table III nests the whole question of a sub-formula inside the question of its parent
("where "Event" is defined as <mtl2NL(phi)>"), so a formula of depth two already reads as a
question inside a question, and "until "Event2" started" suggests more than the semantics
ask (docs/temporal-semantics.md). kgtest's default wording (mtl_text.py) says the same
thing in plain sentences; this module is chosen with ``kgtest gen --wording drowzee``.

A sub-formula asked about inside another is about the years its parent looks at, not the
query year, so its question says "that year" where the top one names the year.
"""

from __future__ import annotations

from collections.abc import Mapping

from kgtest.core.errors import UnknownNameError
from kgtest.generator.mtl_text import year_text
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until


def table3_question(formula: Formula, year: int, describe: Mapping[str, str]) -> str:
    """Table III's mtl2NL(``formula``) asked at ``year``."""
    t = year_text(year)
    return _Table3(describe).ask(formula, f"the year {t}", f"year {t}", t)


class _Table3:
    def __init__(self, describe: Mapping[str, str]) -> None:
        self._describe = describe

    def ask(self, f: Formula, after: str, at: str, year: str) -> str:
        """The template of ``f``'s operator; ``after`` / ``at`` / ``year`` name the year it is asked at."""
        match f:
            case Atom(name=name):
                return f"Did {self._event(name)} happen at {at}?"
            case Finally(a=a, b=b, phi=phi) | Globally(a=a, b=b, phi=phi):
                how = "finally" if isinstance(f, Finally) else "globally"
                return (
                    f'Did "Event" {how} happen within the time frame of [{a}, {b}] after {after}, '
                    f'where "Event" is defined as {self._inner(phi)}?'
                )
            case Next(phi=phi):
                inner = self._inner(phi)
                return f'Did "Event" happen in the next year of {year}, where "Event" is defined as {inner}?'
            case Until(a=a, b=b, phi1=p1, phi2=p2):
                return (
                    f'Did "Event1" happen continuously until "Event2" started, during the period [{a}, {b}] '
                    f'after {after}, where "Event1" is {self._inner(p1)} and "Event2" is {self._inner(p2)}?'
                )
            case And(phi1=p1, phi2=p2) | Or(phi1=p1, phi2=p2):
                both = 'both "Event1" and' if isinstance(f, And) else 'either "Event1" or'
                return (
                    f'Did {both} "Event2" happen at {at}, where "Event1" is {self._inner(p1)} '
                    f'and "Event2" is {self._inner(p2)}?'
                )
            case Not(phi=phi):
                return f'Did "Event" not happen at {at}, where "Event" is {self._inner(phi)}?'
        raise TypeError(f"not an MTL formula: {f!r}")

    def _inner(self, f: Formula) -> str:
        if isinstance(f, Atom):
            return self._event(f.name)
        return f"({self.ask(f, 'that year', 'that year', 'that year')})"

    def _event(self, name: str) -> str:
        if name not in self._describe:
            raise UnknownNameError("event", name, self._describe)
        return f'"{self._describe[name]}"'
