"""Python's view of the rule library: derivations and refutations with their proofs.

The rules (reasoning.pl, negation.pl) return proofs as nested lists; this module turns
them into ``Derivation`` trees of plain values. Turning those into the suite's ``Proof``
records, with labels, is the generator's job (generator/proofs.py), so this package does
not depend on the generator.
"""

from __future__ import annotations

import builtins
import functools
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import orjson

from kgtest.core.errors import ReasoningError
from kgtest.core.files import write_atomic
from kgtest.prolog.engine import engine, quote_atom

Statement = tuple[str, str, str]
"""(subject, property, object); the property may be ``^P`` (P read backwards)."""

Years = tuple[tuple[int, int], ...]
"""Closed year intervals, sorted and merged: the years a statement is known to hold."""

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
    years: Years | None = None
    """The years it holds in (all premises together), or for a statement proven false, the years
    it is proven false in (near_miss.pl); None when every premise is undated, and for a statement
    proven false in every year (negation.pl)."""

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


@dataclass(frozen=True, slots=True)
class Derivable:
    """A statement the rules add to the KB: the rules its best proof applies, and its years."""

    rules: frozenset[str]
    years: Years | None


@dataclass(frozen=True, slots=True)
class Violation:
    """A stated fact that breaks a sanity rule (sanity.pl), with what shows it."""

    fact_id: str
    rule: str
    premises: tuple[FactPremise | YearPremise, ...]


def known_years(start: int | None, end: int | None) -> Years | None:
    """The years a fact is known to hold, as reasoning.pl reads its dates (None: undated).

    An open end (a start, no end) means "from then on, end unknown", so only the start year
    is known; a missing start likewise leaves only the end year. A start after the end
    leaves no year at all.
    """
    if start is None and end is None:
        return None
    first = end if start is None else start
    last = start if end is None else end
    assert first is not None and last is not None
    return ((first, last),) if first <= last else ()


class Reasoner:
    """Queries against the KB that ``prolog.export.load_kb`` made current."""

    def __init__(self, digest: str, current: Callable[[], str | None], cache: Path | None = None) -> None:
        self.digest = digest
        self._current = current
        self._cache = cache

    def derivable(self) -> dict[Statement, Derivable]:
        """Every statement the rules add to the KB, with the rules and years of its best proof.

        Kept in the cache folder under the KB's digest and the rules' (Wikidata12k: 0.9 s to
        derive and bring over from Prolog, 0.02 s to read back).
        """
        path = None if self._cache is None else self._cache / f"derivable-{self.digest}-{rules_digest()}.json"
        rows = _read_rows(path)
        if rows is None:
            rows = _derived_rows(str(self._once("derived_rules_text(Text)")["Text"]))
            if path is not None:
                write_atomic(path, orjson.dumps(rows).decode("utf-8"))
                for old in path.parent.glob("derivable-*.json"):
                    if old != path:
                        old.unlink(missing_ok=True)
        return {(s, p, o): Derivable(frozenset(rules), _years(ys)) for s, p, o, rules, ys in rows}

    def prove(self, statements: Sequence[Statement]) -> list[Derivation | None]:
        """The shortest proof of each statement, or None where it does not follow (batched)."""
        return self._each("prove", statements)

    def refute(self, statements: Sequence[Statement]) -> list[Derivation | None]:
        """A proof of falsity for each statement, or None where none exists (batched): false in every
        year (negation.pl) where one exists, else in the years of a near miss's premises (near_miss.pl)."""
        return self._each("disprove", statements)

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

    def near_miss_rules(self) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        """The properties near_miss.pl refutes in years: one value at a time, partitioned containments,
        and one club at a time."""
        row = self._once(
            "findall(P, one_at_a_time(P), Os), findall(P, partitioned(P), Ps),"
            " findall(P, one_club_at_a_time(P), Cs)"
        )
        return frozenset(map(str, row["Os"])), frozenset(map(str, row["Ps"])), frozenset(map(str, row["Cs"]))

    def seasonal_rules(self) -> dict[str, str]:
        """Property -> the property linking its season to a league, for near_miss.pl's one league a season."""
        row = self._once("findall([P, Of], seasonal(P, Of), Rs)")
        return {str(p): str(of) for p, of in row["Rs"]}

    def check(self, proof: str) -> bool:
        """Does ``proof`` (Prolog text, see proofcheck.pl) establish its conclusion in this KB?"""
        return bool(self._query(f"check_proof({proof})"))

    def check_all(self, proofs: Sequence[str]) -> list[bool]:
        """``check`` for many proofs, a batch per Prolog call."""
        out: list[bool] = []
        for start in range(0, len(proofs), _BATCH):
            items = ", ".join(proofs[start : start + _BATCH])
            row = self._once(f"findall(R, (member(X, [{items}]), (check_proof(X) -> R = 1 ; R = 0)), Rs)")
            out.extend(r == 1 for r in row["Rs"])
        return out

    def violations(self) -> list[Violation]:
        """Every stated fact that breaks a sanity rule, once per fact and rule, in that order."""
        row = self._once("findall([F, R, Ps], sanity:violation(F, R, Ps), All)")
        found: dict[tuple[str, str], Violation] = {}
        for fid, rule, premises in sorted(row["All"], key=repr):
            parsed = tuple(p for p in map(_premise, premises) if isinstance(p, FactPremise | YearPremise))
            found.setdefault((fid, rule), Violation(fid, rule, parsed))
        return [found[k] for k in sorted(found)]

    def excluded(self) -> frozenset[str]:
        """Ids of the facts no derivation may rest on (those ``violations`` lists)."""
        row = self._once("findall(F, kb_excluded(F), All)")
        return frozenset(row["All"])

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


def _read_rows(path: Path | None) -> list[Any] | None:
    if path is None:
        return None
    try:
        rows = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return None
    return rows if isinstance(rows, list) else None


@functools.cache
def rules_digest() -> str:
    """The rule library's text (every .pl file shipped here): what a derivation depends on besides the KB."""
    h = hashlib.sha256()
    folder = resources.files("kgtest.prolog")
    for name in sorted(p.name for p in folder.iterdir() if p.name.endswith(".pl")):
        h.update(name.encode() + b"\0" + (folder / name).read_bytes())
    return h.hexdigest()[:12]


def derivation(item: Any) -> Derivation:
    """A proof list from the rule files: ``[derive, Rule, S, P, O, Premises, Years]`` or
    ``[refute, Rule, S, P, O, Premises]``."""
    try:
        tag, rule, s, p, o, premises, *when = item
        years = _years(when[0]) if when else None
        return Derivation(tag == "derive", rule, s, p, o, tuple(_premise(x) for x in premises), years)
    except (TypeError, ValueError) as exc:
        raise ReasoningError(f"malformed proof from the rule library: {item!r}") from exc


def _derived_rows(text: str) -> list[list[Any]]:
    """derived_rules_text/1's lines as ``[S, P, O, Rules, Years]``, Years as ``_years`` takes them."""
    rows: list[list[Any]] = []
    for line in text.splitlines():
        fields = line.split("\t")
        if len(fields) != 5:
            raise ReasoningError(f"derived_rules_text/1 gave {len(fields)} fields, not 5: {line[:200]!r}")
        s, p, o, rules, years = fields
        rows.append([s, p, o, rules.split(",") if rules else [], _spans(years)])
    return rows


def _spans(text: str) -> str | list[list[int]]:
    """``always``, or ``A:B;C:D`` as ``[[A, B], [C, D]]``."""
    if text == "always":
        return text
    return [[int(y) for y in span.split(":")] for span in text.split(";") if span]


def _years(item: Any) -> Years | None:
    """``always`` (undated) or ``[[A, B], ...]``."""
    if item == "always":
        return None
    return tuple((int(a), int(b)) for a, b in item)


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
