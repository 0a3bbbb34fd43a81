"""The ground truth of a case (Drowzee's G_ground): its entities, its evidence facts, and what it asks.

Nodes are the entities the evidence names, each with its label and the KB's other names for
it (the case's ``aliases``); edges are the evidence facts between entities. The question is
the proof's conclusion, ``holds('S', 'P', 'O')`` or ``not(holds(...))`` (``^P``: P read
backwards); a reply's Yes states it when the question asks it straight and denies it when
the question is worded the other way ("Is it true that X never contains Y?"). Class
premises (``P31``) and birth and death years are kept apart: the rules use them to prove a
"No", and a reply is not expected to state them. A temporal case asks an MTL formula at a
year; its events and universe come with it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from kgtest.generator.case import Answer, EvidenceFact, TestCase
from kgtest.kg.sources.wikidata import DATE_PROPERTIES, INSTANCE_OF
from kgtest.prolog import mtl
from kgtest.prolog.reasoner import Statement

_ATOM = r"'((?:[^'\\]|\\.)*)'"
_YEARS = r"(?:\s*,\s*\[[\[\]\d\s,-]*\])?"
_CONCLUSION = re.compile(rf"^\s*(?P<neg>not\(\s*)?holds\(\s*{_ATOM}\s*,\s*{_ATOM}\s*,\s*{_ATOM}{_YEARS}\s*\)")
"""``holds('Q1', 'P26', 'Q2')``, with the years it holds in (``holds(..., [[1836, 1870]])``), or
``not(holds(...))`` (generator/proofs.py)."""
YEAR_PROPERTIES = {"P569": "born", "P570": "died"}
"""Evidence of a human's lifetime: years, not entities."""


@dataclass(frozen=True, slots=True)
class GroundEntity:
    id: str
    label: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GroundEdge:
    """One evidence fact between two entities."""

    id: str
    """``e0``, ``e1``, ... in evidence order."""
    subject: str
    property: str
    object: str
    subject_label: str
    relation: str
    """The property's label."""
    object_label: str
    start: int | None = None
    end: int | None = None
    fact_id: str = ""

    def text(self) -> str:
        return f"{self.subject_label} {self.relation} {self.object_label}"


@dataclass(frozen=True, slots=True)
class TemporalTruth:
    """What a temporal case asks: the formula at a year, over its events' intervals."""

    formula: dict[str, Any]
    events: dict[str, list[tuple[int, int]]]
    """``Q5:span`` (a lifetime, from birth and death) or ``S P O`` (a dated fact) -> intervals."""
    universe: tuple[int, int]
    year: int

    def holds(self, events: dict[str, list[tuple[int, int]]] | None = None) -> bool:
        """Does the formula hold at the year, over these events (default: the KB's)?"""
        from kgtest.prolog.pointwise import holds_at

        return holds_at(
            mtl.from_json(self.formula), self.events if events is None else events, self.universe, self.year
        )


@dataclass(frozen=True, slots=True)
class GroundGraph:
    entities: tuple[GroundEntity, ...]
    edges: tuple[GroundEdge, ...]
    statement: Statement | None
    """What the question asks, in the proof's terms; None for a temporal case or none found."""
    holds: bool | None
    """The proof concludes the statement holds (True) or is false (False)."""
    yes_means_holds: bool
    """A Yes says the statement holds; False when the question is worded the other way."""
    types: tuple[tuple[str, str], ...] = ()
    """Class premises (entity, class) the proof of a "No" rests on."""
    years: tuple[tuple[str, str, int], ...] = ()
    """(``born`` | ``died``, entity, year) from the evidence."""
    temporal: TemporalTruth | None = None
    notes: tuple[str, ...] = ()
    dates: tuple[tuple[str, str, int], ...] = ()
    """(date property, entity, year) from the evidence: births and deaths, inceptions, points in time."""
    """What could not be read from the case, and why."""

    @property
    def only(self) -> str | None:
        """The label of the case's one entity, years aside; None when it has several."""
        named = [e for e in self.entities if not e.id.lstrip("-").isdigit()]
        return named[0].label if len(named) == 1 else None

    @property
    def pair(self) -> tuple[str, str] | None:
        """The labels of the case's two entities, years aside ("both of them"); None otherwise."""
        named = [e.label for e in self.entities if not e.id.lstrip("-").isdigit()]
        return (named[0], named[1]) if len(named) == 2 else None

    @property
    def dated(self) -> bool:
        """A temporal case, or one with an evidence fact the KB dates: a year said of it may be one
        of its facts' years."""
        return self.temporal is not None or any(e.start is not None or e.end is not None for e in self.edges)

    def label(self, eid: str) -> str:
        return next((e.label for e in self.entities if e.id == eid), eid)

    def entity(self, eid: str) -> GroundEntity | None:
        return next((e for e in self.entities if e.id == eid), None)

    @property
    def properties(self) -> frozenset[str]:
        """The relations of the case: its evidence's and its question's (``^P`` as P)."""
        found = {e.property for e in self.edges}
        if self.statement is not None:
            found.add(self.statement[1].lstrip("^"))
        return frozenset(found)

    def prominence(self, eid: str) -> int:
        """How often the evidence and the question name an entity: short names go to the most named."""
        named = Counter(x for e in self.edges for x in (e.subject, e.object))
        if self.statement is not None:
            named.update((self.statement[0], self.statement[2]))
        return named[eid]


def ground_graph(case: TestCase) -> GroundGraph:
    """The case's entities, evidence facts and question, labelled from the evidence."""
    labels = _labels(case.evidence)
    edges: list[GroundEdge] = []
    types: list[tuple[str, str]] = []
    years: list[tuple[str, str, int]] = []
    dates: list[tuple[str, str, int]] = []
    for fact in dict.fromkeys(case.evidence):
        if fact.property in DATE_PROPERTIES and (fact.start_year is not None or _is_year(fact.object)):
            year = fact.start_year if fact.start_year is not None else int(fact.object)
            dates.append((fact.property, fact.subject, year))
        if fact.property == INSTANCE_OF:
            types.append((fact.subject, fact.object))
        elif fact.property in YEAR_PROPERTIES and (fact.start_year is not None or _is_year(fact.object)):
            year = fact.start_year if fact.start_year is not None else int(fact.object)
            years.append((YEAR_PROPERTIES[fact.property], fact.subject, year))
        elif not _is_year(fact.object):
            edges.append(_edge(f"e{len(edges)}", fact))
    notes: list[str] = []
    statement, holds = _statement(case, notes)
    yes_means_holds = holds is None or (case.expected is Answer.YES) == holds
    ids = dict.fromkeys(
        [
            *(x for e in edges for x in (e.subject, e.object)),
            *(e for _, e, _ in years),
            *(e for _, e, _ in dates),  # a season's start and end: a name the reply may use
            *(e for e, _ in types),
        ]
    )
    if statement is not None:
        ids.update(dict.fromkeys((statement[0], statement[2])))
        notes += [
            f"no label for {x} in the evidence" for x in (statement[0], statement[2]) if x not in labels
        ]
    entities = tuple(GroundEntity(i, labels.get(i, i), case.aliases.get(i, ())) for i in ids)
    return GroundGraph(
        entities,
        tuple(edges),
        statement,
        holds,
        yes_means_holds,
        tuple(types),
        tuple(years),
        _temporal(case),
        tuple(notes),
        tuple(dates),
    )


def _edge(edge_id: str, fact: EvidenceFact) -> GroundEdge:
    return GroundEdge(
        edge_id,
        fact.subject,
        fact.property,
        fact.object,
        fact.subject_label or fact.subject,
        fact.property_label or fact.property,
        fact.object_label or fact.object,
        fact.start_year,
        fact.end_year,
        fact.fact_id,
    )


def _statement(case: TestCase, notes: list[str]) -> tuple[Statement | None, bool | None]:
    if case.proof is None or case.temporal is not None:
        return None, None
    found = _CONCLUSION.match(case.proof.conclusion)
    if found is None:
        notes.append(f"conclusion {case.proof.conclusion!r} is no statement; judged by the answer alone")
        return None, None
    s, p, o = (re.sub(r"\\(.)", r"\1", found.group(i)) for i in (2, 3, 4))
    return (s, p, o), not found["neg"]


def _temporal(case: TestCase) -> TemporalTruth | None:
    t = case.temporal
    if not t:
        return None
    events = {name: list(spans) for name, spans in t.events.items()}
    return TemporalTruth(t.formula, events, t.universe, t.query_year)


def _labels(evidence: tuple[EvidenceFact, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for fact in evidence:
        for key, label in ((fact.subject, fact.subject_label), (fact.object, fact.object_label)):
            if label:
                found.setdefault(key, label)
    return found


def _is_year(value: str) -> bool:
    return bool(re.fullmatch(r"-?\d{1,4}", value))
