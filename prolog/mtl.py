"""MTL formulas over years: the AST, its Prolog and JSON forms, and exact evaluation.

The semantics (docs/temporal-semantics.md) live in mtl.pl; ``pointwise.py`` restates them
year by year as the referee. Formulas are frozen records so they can be hashed, compared
and shared between the generator, the suite file and the tests.

JSON form (the ``formula`` of a temporal test case)::

    {"op": "atom", "event": "Q5686"}
    {"op": "finally" | "globally", "window": [a, b], "arg": F}
    {"op": "next" | "not", "arg": F}
    {"op": "until", "window": [a, b], "left": F1, "right": F2}
    {"op": "and" | "or", "left": F1, "right": F2}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import orjson

from kgtest.core.errors import ReasoningError, UnknownNameError
from kgtest.prolog.engine import PrologEngine, engine, quote_atom

IntervalSet = Sequence[tuple[int, int]]
"""Closed year intervals ``(start, end)``; any order, overlaps allowed, ``end < start`` is empty."""


def _check_window(a: int, b: int) -> None:
    if not (0 <= a <= b):
        raise ValueError(f"an MTL window needs 0 <= a <= b, got a={a}, b={b}")


@dataclass(frozen=True, slots=True)
class Atom:
    """The event ``name`` held that year."""

    name: str


@dataclass(frozen=True, slots=True)
class Finally:
    """``phi`` held in at least one year ``t+d``, ``a <= d <= b``."""

    a: int
    b: int
    phi: Formula

    def __post_init__(self) -> None:
        _check_window(self.a, self.b)


@dataclass(frozen=True, slots=True)
class Globally:
    """``phi`` held in every year ``t+d``, ``a <= d <= b`` (all inside the universe)."""

    a: int
    b: int
    phi: Formula

    def __post_init__(self) -> None:
        _check_window(self.a, self.b)


@dataclass(frozen=True, slots=True)
class Next:
    """``phi`` held in year ``t+1``."""

    phi: Formula


@dataclass(frozen=True, slots=True)
class Until:
    """Some ``d`` in ``[a, b]``: ``phi2`` held in ``t+d`` and ``phi1`` in every year ``t .. t+d-1``."""

    a: int
    b: int
    phi1: Formula
    phi2: Formula

    def __post_init__(self) -> None:
        _check_window(self.a, self.b)


@dataclass(frozen=True, slots=True)
class And:
    phi1: Formula
    phi2: Formula


@dataclass(frozen=True, slots=True)
class Or:
    phi1: Formula
    phi2: Formula


@dataclass(frozen=True, slots=True)
class Not:
    phi: Formula


Formula = Atom | Finally | Globally | Next | Until | And | Or | Not


def children(formula: Formula) -> tuple[Formula, ...]:
    """The direct sub-formulas, left to right."""
    match formula:
        case Atom():
            return ()
        case Finally(phi=phi) | Globally(phi=phi) | Next(phi=phi) | Not(phi=phi):
            return (phi,)
        case Until(phi1=p1, phi2=p2) | And(phi1=p1, phi2=p2) | Or(phi1=p1, phi2=p2):
            return (p1, p2)


def events_of(formula: Formula) -> list[str]:
    """Event names in order of first appearance (a list, so iteration order is stable)."""
    seen: dict[str, None] = {}
    for node in walk(formula):
        if isinstance(node, Atom):
            seen.setdefault(node.name)
    return list(seen)


def walk(formula: Formula) -> Iterator[Formula]:
    """Every node, pre-order."""
    yield formula
    for child in children(formula):
        yield from walk(child)


def depth(formula: Formula) -> int:
    """Operator nesting: an atom is 0, ``F[0,1] p`` is 1."""
    return 0 if isinstance(formula, Atom) else 1 + max(depth(c) for c in children(formula))


def horizon(formula: Formula) -> int:
    """How many years past ``t`` the truth at ``t`` may look (an upper bound).

    At query years ``t <= U1 - horizon`` the answer cannot depend on where the universe
    ends, so strong and weak end-of-time readings agree there.
    """
    match formula:
        case Atom():
            return 0
        case Next(phi=phi):
            return 1 + horizon(phi)
        case Finally(b=b, phi=phi) | Globally(b=b, phi=phi):
            return b + horizon(phi)
        case Until(b=b, phi1=p1, phi2=p2):
            return b + max(horizon(p1), horizon(p2))
        case _:
            return max(horizon(c) for c in children(formula))


# -- text forms -----------------------------------------------------------------------------


def to_text(formula: Formula) -> str:
    """Compact mathematical notation, e.g. ``(dickens U[10,20] victorian)``; for logs and proofs."""
    match formula:
        case Atom(name=name):
            return name
        case Finally(a=a, b=b, phi=phi):
            return f"F[{a},{b}] {to_text(phi)}"
        case Globally(a=a, b=b, phi=phi):
            return f"G[{a},{b}] {to_text(phi)}"
        case Next(phi=phi):
            return f"N {to_text(phi)}"
        case Not(phi=phi):
            return f"¬{to_text(phi)}"
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            return f"({to_text(p1)} U[{a},{b}] {to_text(p2)})"
        case And(phi1=p1, phi2=p2):
            return f"({to_text(p1)} ∧ {to_text(p2)})"
        case Or(phi1=p1, phi2=p2):
            return f"({to_text(p1)} ∨ {to_text(p2)})"


def to_prolog(formula: Formula) -> str:
    """The term mtl.pl reads; event names are quoted, so any label is safe."""
    match formula:
        case Atom(name=name):
            return f"atom({quote_atom(name)})"
        case Finally(a=a, b=b, phi=phi):
            return f"finally({a}, {b}, {to_prolog(phi)})"
        case Globally(a=a, b=b, phi=phi):
            return f"globally({a}, {b}, {to_prolog(phi)})"
        case Next(phi=phi):
            return f"next({to_prolog(phi)})"
        case Not(phi=phi):
            return f"not({to_prolog(phi)})"
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            return f"until({a}, {b}, {to_prolog(p1)}, {to_prolog(p2)})"
        case And(phi1=p1, phi2=p2):
            return f"and({to_prolog(p1)}, {to_prolog(p2)})"
        case Or(phi1=p1, phi2=p2):
            return f"or({to_prolog(p1)}, {to_prolog(p2)})"


def to_json(formula: Formula) -> dict[str, Any]:
    """The plain JSON form documented in this module's docstring."""
    match formula:
        case Atom(name=name):
            return {"op": "atom", "event": name}
        case Finally(a=a, b=b, phi=phi):
            return {"op": "finally", "window": [a, b], "arg": to_json(phi)}
        case Globally(a=a, b=b, phi=phi):
            return {"op": "globally", "window": [a, b], "arg": to_json(phi)}
        case Next(phi=phi):
            return {"op": "next", "arg": to_json(phi)}
        case Not(phi=phi):
            return {"op": "not", "arg": to_json(phi)}
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            return {"op": "until", "window": [a, b], "left": to_json(p1), "right": to_json(p2)}
        case And(phi1=p1, phi2=p2):
            return {"op": "and", "left": to_json(p1), "right": to_json(p2)}
        case Or(phi1=p1, phi2=p2):
            return {"op": "or", "left": to_json(p1), "right": to_json(p2)}


_OPS = ("atom", "finally", "globally", "next", "not", "until", "and", "or")


def from_json(data: Mapping[str, Any]) -> Formula:
    """Read the JSON form back; ``ValueError`` names what is wrong (read_suite reports it)."""
    op = data.get("op")
    if op == "atom":
        return Atom(str(data["event"]))
    if op in ("finally", "globally", "until"):
        a, b = (int(x) for x in data["window"])
        if op == "finally":
            return Finally(a, b, from_json(data["arg"]))
        if op == "globally":
            return Globally(a, b, from_json(data["arg"]))
        return Until(a, b, from_json(data["left"]), from_json(data["right"]))
    if op == "next":
        return Next(from_json(data["arg"]))
    if op == "not":
        return Not(from_json(data["arg"]))
    if op == "and":
        return And(from_json(data["left"]), from_json(data["right"]))
    if op == "or":
        return Or(from_json(data["left"]), from_json(data["right"]))
    raise ValueError(f"unknown MTL operator op={op!r}; expected one of {', '.join(_OPS)}")


# -- evaluation -----------------------------------------------------------------------------


@cache
def _rules() -> PrologEngine:
    """The engine with mtl.pl loaded; cached because a load check costs as much as a query."""
    eng = engine()
    eng.load_rules("mtl.pl")
    return eng


def evaluate(
    formula: Formula, events: Mapping[str, IntervalSet], universe: tuple[int, int]
) -> list[tuple[int, int]]:
    """The exact years of ``universe`` at which ``formula`` holds, as sorted merged intervals.

    Only the events the formula names travel to Prolog, so a large event table costs nothing.
    """
    return evaluate_all([(formula, events)], universe)[0]


Job = tuple[Formula, Mapping[str, IntervalSet]]
"""A formula and the years of (at least) the events it names."""


def evaluate_all(jobs: Sequence[Job], universe: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """``evaluate`` of each job, in order, from one Prolog query: a temporal draw evaluates hundreds
    of small formulas, and pyswip's cost per query was five times mtl.pl's per formula."""
    u0, u1 = universe
    if u0 > u1:
        raise ValueError(f"universe=({u0}, {u1}) is empty; give (first_year, last_year)")
    if not jobs:
        return []
    row = _rules().once(f"mtl_eval_all_text([{', '.join(_job(f, ev) for f, ev in jobs)}], {u0}, {u1}, R)")
    result = None if row is None else row["R"]
    try:  # mtl.pl is det: no list of answers, one per job, means the rules are broken
        answers = orjson.loads(str(result))
        if len(answers) != len(jobs):
            raise ValueError(f"{len(answers)} answers to {len(jobs)} formulas")
        return [[(int(s), int(e)) for s, e in years] for years in answers]
    except (TypeError, ValueError) as exc:  # orjson.JSONDecodeError is a ValueError
        said = (
            f"mtl_eval_all_text gave {str(result)[:200]!r} for {to_text(jobs[0][0])} and {len(jobs) - 1} more"
        )
        raise ReasoningError(f"{said}; mtl.pl is damaged") from exc


def _job(formula: Formula, events: Mapping[str, IntervalSet]) -> str:
    """``job(Formula, [ev(Name, [[S,E],...]), ...])``, the events the formula names only."""
    env = []
    for name in events_of(formula):
        if name not in events:
            raise UnknownNameError("event", name, events)
        spans = ", ".join(f"[{int(s)}, {int(e)}]" for s, e in events[name])
        env.append(f"ev({quote_atom(name)}, [{spans}])")
    return f"job({to_prolog(formula)}, [{', '.join(env)}])"
