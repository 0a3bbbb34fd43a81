"""Ask the rule library about a small world: a reply's claims, or the KB's facts about them.

claims.pl compiles reasoning.pl and negation.pl into a module of its own, so these worlds
never touch the KB loaded for generation (prolog/export.py). Every atom passes the engine's
one quoting helper and every call holds its one lock: setting a world and asking about it
is one locked sequence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from kgtest.core.errors import ReasoningError
from kgtest.kg.catalog import RelationCatalog
from kgtest.prolog.engine import PrologEngine, locked, quote_atom
from kgtest.prolog.reasoner import Statement

Answer = Literal["holds", "fails", "both", "open"]

CLAIM_PREFIX = "c:"
"""Fact ids of a reply's claims; a claim contradicting another fact drops that fact (drop_contradicted)."""


@dataclass(frozen=True, slots=True)
class WorldFact:
    id: str
    subject: str
    property: str
    object: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True, slots=True)
class World:
    """Everything the rules may use; ``types`` and ``years`` come from the case's premises."""

    facts: tuple[WorldFact, ...] = ()
    denied: tuple[Statement, ...] = ()
    types: tuple[tuple[str, str], ...] = ()
    years: tuple[tuple[str, str, int], ...] = ()
    """(``born`` or ``died``, entity, year)."""


@dataclass(frozen=True, slots=True)
class Status:
    """What a world says of a statement: ``proven``, ``refuted``, ``other`` (with that value), ``open``."""

    kind: str
    other: str = ""


class ClaimLogic:
    """The rule library over worlds of a few dozen facts; the catalog's flags switch the rules on."""

    def __init__(self, catalog: RelationCatalog) -> None:
        self._flags = _flags(catalog)
        with locked() as eng:
            eng.load_rules("claims.pl")

    def answer(
        self, world: World, statement: Statement, drop_contradicted: bool = False
    ) -> tuple[Answer, list[str]]:
        """What ``world`` says of ``statement``, and the facts its claims contradicted (when dropped)."""
        s, p, o = (quote_atom(x) for x in statement)
        with locked() as eng:
            self._set(eng, world, statement)
            dropped: list[str] = []
            if drop_contradicted:
                row = eng.once("claims:drop_contradicted(D)")
                dropped = [str(x) for x in row["D"]] if row else []  # type: ignore[union-attr]
            found = eng.once(f"claims:answer({s}, {p}, {o}, A)")
        if found is None:
            raise ReasoningError(f"claims:answer failed for {statement}")
        return _answer(found["A"]), dropped

    def statuses(self, world: World, statements: Sequence[tuple[Statement, bool]]) -> list[Status]:
        """The world's say on each (statement, denied?) pair, in order."""
        if not statements:
            return []
        items = ", ".join(
            f"[{', '.join(quote_atom(x) for x in st)}, {'neg' if denied else 'pos'}]"
            for st, denied in statements
        )
        with locked() as eng:
            self._set(eng, world, *(st for st, _ in statements))
            row = eng.once(
                f"findall(St, (member([S, P, O, Pol], [{items}]), claims:status(S, P, O, Pol, St)), All)"
            )
        if row is None:
            raise ReasoningError("claims:status failed")
        return [_status(x) for x in row["All"]]  # type: ignore[union-attr]

    def _set(self, eng: PrologEngine, world: World, *asked: Statement) -> None:
        facts = ", ".join(
            f"[{', '.join(quote_atom(x) for x in (f.id, f.subject, f.property, f.object))}, "
            f"{_year(f.start)}, {_year(f.end)}]"
            for f in world.facts
        )
        denied = ", ".join(f"[{', '.join(quote_atom(x) for x in st)}]" for st in world.denied)
        things = {x for f in world.facts for x in (f.subject, f.object)}
        things |= {x for st in (*world.denied, *asked) for x in (st[0], st[2])}
        types = [*world.types, *((e, "thing") for e in sorted(things))]
        type_text = ", ".join(f"[{quote_atom(e)}, {quote_atom(c)}]" for e, c in types)
        years = ", ".join(f"[{event}, {quote_atom(e)}, {year}]" for event, e, year in world.years)
        goal = f"claims:set_world([{facts}], [{denied}], [{type_text}], [{years}], [{self._flags}])"
        if not eng.holds(goal):
            raise ReasoningError(f"claims:set_world failed: {goal[:200]}")


def _flags(catalog: RelationCatalog) -> str:
    """The curated catalog's logic, as export.py writes it for the KB."""
    out: list[str] = []
    curated = {pid: r for pid, r in catalog.items() if r.curated}
    for pid in sorted(curated):
        r = curated[pid]
        out += [
            f"{flag}({quote_atom(pid)})"
            for flag in ("symmetric", "transitive", "functional")
            if getattr(r, flag)
        ]
        if r.inverse in curated:
            out.append(f"inverse({quote_atom(pid)}, {quote_atom(r.inverse)})")
        elif r.inverse_phrase:
            out.append(f"inverse_phrase({quote_atom(pid)})")
    return ", ".join(out)


def _year(year: int | None) -> str:
    return "none" if year is None else str(year)


def _answer(value: object) -> Answer:
    text = str(value)
    if text not in ("holds", "fails", "both", "open"):
        raise ReasoningError(f"claims:answer gave {text!r}")
    return text  # type: ignore[return-value]


def _status(value: object) -> Status:
    if not isinstance(value, list) or not value:
        raise ReasoningError(f"claims:status gave {value!r}")
    return Status(str(value[0]), str(value[1]) if len(value) > 1 else "")
