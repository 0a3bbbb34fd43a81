"""Python's view of the rule library: derivations and refutations with their proofs.

The rules (reasoning.pl, negation.pl) return proofs as nested lists; this module turns
them into ``Derivation`` trees of plain values. Turning those into the suite's ``Proof``
records, with labels, is the generator's job (generator/proofs.py), so this package does
not depend on the generator.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kgtest.core.errors import ReasoningError
from kgtest.prolog.engine import engine, quote_atom

Statement = tuple[str, str, str]
"""(subject, property, object); the property may be ``^P`` (P read backwards)."""

_BATCH = 2_000


@dataclass(frozen=True, slots=True)
class FactPremise:
    """A ground fact of the KB, by its id."""

    fact_id: str


@dataclass(frozen=True, slots=True)
class YearPremise:
    """A human's birth or death year, as the KB states it."""

    entity: str
    event: str
    """``born`` or ``died``."""
    year: int


@dataclass(frozen=True, slots=True)
class TypePremise:
    """The KB says ``entity`` is an instance of ``cls`` (P31)."""

    entity: str
    cls: str


@dataclass(frozen=True, slots=True)
class Derivation:
    """``property(subject, object)`` proven true (``holds``) or false by ``rule``."""

    holds: bool
    rule: str
    subject: str
    property: str
    object: str
    premises: tuple[Premise, ...]

    @builtins.property  # the field named `property` shadows the builtin inside this class
    def statement(self) -> Statement:
        return (self.subject, self.property, self.object)

    def rules(self) -> set[str]:
        """Every rule applied anywhere in the proof."""
        found = {self.rule}
        for p in self.premises:
            if isinstance(p, Derivation):
                found |= p.rules()
        return found


Premise = FactPremise | YearPremise | TypePremise | Derivation


class Reasoner:
    """Queries against the KB that ``prolog.export.load_kb`` made current."""

    def __init__(self, digest: str, current: Callable[[], str | None]) -> None:
        self.digest = digest
        self._current = current

    def derivable(self) -> dict[Statement, frozenset[str]]:
        """Every statement the rules add to the KB, with the rules its shortest proof applies."""
        row = self._once("findall([S, P, O, Rs], derived_rules(S, P, O, Rs), All)")
        return {(s, p, o): frozenset(rules) for s, p, o, rules in row["All"]}

    def prove(self, statements: Sequence[Statement]) -> list[Derivation | None]:
        """The shortest proof of each statement, or None where it does not follow (batched)."""
        return self._each("prove", statements)

    def refute(self, statements: Sequence[Statement]) -> list[Derivation | None]:
        """A proof of falsity for each statement, or None where none exists (batched)."""
        return self._each("refute", statements)

    def _each(self, predicate: str, statements: Sequence[Statement]) -> list[Derivation | None]:
        out: list[Derivation | None] = []
        for start in range(0, len(statements), _BATCH):
            batch = statements[start : start + _BATCH]
            items = ", ".join(f"[{', '.join(quote_atom(x) for x in st)}]" for st in batch)
            each = f"({predicate}(S, P, O, D) -> R = D ; R = none)"
            row = self._once(f"findall(R, (member([S, P, O], [{items}]), {each}), Rs)")
            out.extend(None if r == "none" else derivation(r) for r in row["Rs"])
        return out

    def lifetime_rules(self) -> dict[str, str]:
        """Property -> roles (together, parent_child, child_parent) negation.pl checks years for."""
        row = self._once("findall([P, R], lifetime_rule(P, R), Rs)")
        return {str(p): str(r) for p, r in row["Rs"]}

    def check(self, proof: str) -> bool:
        """Does ``proof`` (Prolog text, see proofcheck.pl) establish its conclusion in this KB?"""
        return bool(self._query(f"check_proof({proof})"))

    def _query(self, goal: str) -> list[dict[str, Any]]:
        if self._current() != self.digest:
            raise ReasoningError(
                "another knowledge base was loaded into Prolog after this reasoner was made; "
                "call prolog.export.load_kb again"
            )
        return engine().query(goal)

    def _once(self, goal: str) -> dict[str, Any]:
        rows = self._query(goal)
        if not rows:
            raise ReasoningError(f"Prolog goal unexpectedly failed: {goal[:200]}")
        return rows[0]


def derivation(item: Any) -> Derivation:
    """A proof list from the rule files, ``[derive|refute, Rule, S, P, O, Premises]``."""
    try:
        tag, rule, s, p, o, premises = item
        return Derivation(tag == "derive", rule, s, p, o, tuple(_premise(x) for x in premises))
    except (TypeError, ValueError) as exc:
        raise ReasoningError(f"malformed proof from the rule library: {item!r}") from exc


def _premise(item: Any) -> Premise:
    match item:
        case ["fact", fid]:
            return FactPremise(fid)
        case ["type", entity, cls]:
            return TypePremise(entity, cls)
        case ["born" | "died" as event, entity, int(year)]:
            return YearPremise(entity, event, year)
        case ["derive" | "refute", *_]:
            return derivation(item)
    raise ReasoningError(f"malformed premise from the rule library: {item!r}")
