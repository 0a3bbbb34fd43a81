"""One suite from one request: fact cases, then temporal cases, validated and reported.

This is ``kgtest gen`` without the command line, so tests and scripts make exactly the
suite users get. Names are checked before any work: an unknown rule kind or domain is an
UnknownNameError listing the known ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from kgtest.core.errors import GenerationError, UnknownNameError
from kgtest.generator.case import TestCase
from kgtest.generator.facts import DEFAULT_KINDS, RULE_KINDS, FactReport, generate_fact_cases, usable
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_text import PLAIN, WORDINGS
from kgtest.generator.temporal import TemporalPlan, TemporalReport, generate_temporal_cases, temporal_plan
from kgtest.generator.temporal_draw import Candidate, drawn_here
from kgtest.generator.temporal_kb import kb_events, universe
from kgtest.kg.model import Domain
from kgtest.kg.sources.wikidata import INSTANCE_OF
from kgtest.prolog.reasoner import Reasoner

DOMAINS = tuple(d.value for d in Domain)


@dataclass(frozen=True, slots=True)
class SuiteRequest:
    kinds: tuple[str, ...] = DEFAULT_KINDS
    """Rule kinds of the fact cases (RULE_KINDS)."""
    domains: tuple[str, ...] = ()
    """Only statements and events of these domains; empty: all."""
    count: int = 100
    """Fact cases wanted."""
    seed: int = 0
    balance: bool = True
    """Half the cases of each kind in the negated wording, so Yes and No are even."""
    mtl_depth: int = 0
    """Operator nesting of temporal formulas; 0: no temporal cases."""
    temporal_count: int = 0
    reference_year: int | None = None
    """The year the present tense speaks of; None: the latest year the KB names."""
    wording: str = PLAIN
    """How questions about years read: ``plain``, or ``drowzee`` (Table III word for word)."""

    def validate(self) -> None:
        for kind in self.kinds:
            if kind not in RULE_KINDS:
                raise UnknownNameError("rule kind", kind, RULE_KINDS)
        for domain in self.domains:
            if domain not in DOMAINS:
                raise UnknownNameError("domain", domain, DOMAINS)
        if self.wording not in WORDINGS:
            raise UnknownNameError("wording", self.wording, WORDINGS)
        if self.count < 0 or self.temporal_count < 0 or self.mtl_depth < 0:
            raise GenerationError(
                f"count={self.count}, temporal_count={self.temporal_count}, mtl_depth={self.mtl_depth}: "
                "none may be negative"
            )


@dataclass(frozen=True, slots=True)
class SuiteResult:
    cases: tuple[TestCase, ...]
    facts: FactReport
    temporal: TemporalReport | None = None
    temporal_events: int = 0
    universe: tuple[int, int] | None = None
    notes: tuple[str, ...] = field(default=())
    """Shortfalls worth telling the user (fewer cases than asked, and why)."""


PARTS = ("facts", "temporal")
"""What a suite is made of, each independent of the other: a worker process can make each."""


@dataclass(frozen=True, slots=True)
class SuitePart:
    """One part's cases and its report."""

    name: str
    cases: tuple[TestCase, ...] = ()
    facts: FactReport | None = None
    temporal: TemporalReport | None = None
    events: int = 0
    universe: tuple[int, int] | None = None


def generate_suite(view: KbView, reasoner: Reasoner, request: SuiteRequest) -> SuiteResult:
    request.validate()
    return assemble(view, request, [suite_part(view, reasoner, request, name) for name in PARTS])


def suite_part(view: KbView, reasoner: Reasoner, request: SuiteRequest, name: str) -> SuitePart:
    """The fact cases or the temporal cases of the suite: each from the request's seed alone."""
    if name == "facts":
        fact_cases, facts = generate_fact_cases(
            view,
            reasoner,
            kinds=tuple(dict.fromkeys(request.kinds)),
            domains=request.domains,
            count=request.count,
            seed=request.seed,
            balance=request.balance,
            reference_year=request.reference_year,
            wording_style=request.wording,
        )
        return SuitePart(name, tuple(fact_cases), facts=facts)
    found = temporal_plan_of(view, reasoner, request)
    if found is None:
        return SuitePart(name)
    plan, events = found
    return temporal_part(plan, events, drawn_here(plan.draws, plan.limit))


def temporal_plan_of(
    view: KbView, reasoner: Reasoner, request: SuiteRequest
) -> tuple[TemporalPlan, int] | None:
    """The temporal part's plan over the KB's dated events, and their number; None when none is asked."""
    if not (request.mtl_depth and request.temporal_count):
        return None
    events = kb_events(usable(view, reasoner), request.domains)  # no event rests on an excluded fact
    if not events:
        raise GenerationError(
            f"the knowledge base has no dated entities or facts{_where(request)} to ask temporal questions "
            "about; build one with dates or use --mtl-depth 0"
        )
    plan = temporal_plan(
        events,
        depth=request.mtl_depth,
        count=request.temporal_count,
        seed=request.seed,
        universe=universe(events),
        wording=request.wording,
    )
    return plan, len(events)


def temporal_part(plan: TemporalPlan, events: int, candidates: Iterable[Candidate]) -> SuitePart:
    """The temporal cases kept from ``candidates``, drawn here or by worker processes (generator/pool.py)."""
    cases, report = generate_temporal_cases(plan, candidates)
    return SuitePart("temporal", tuple(cases), temporal=report, events=events, universe=plan.draws.universe)


def assemble(view: KbView, request: SuiteRequest, parts: Sequence[SuitePart]) -> SuiteResult:
    """The suite from its parts (``PARTS``, in that order), with the shortfalls worth telling."""
    by_name = {p.name: p for p in parts}
    facts, temporal = by_name["facts"], by_name["temporal"]
    assert facts.facts is not None
    notes = []
    where = _where(request)
    if len(facts.cases) < request.count:
        f = facts.facts
        notes.append(
            f"only {len(facts.cases)} of {request.count} fact cases could be made{where}: statements per "
            f"kind {f.available}, {f.negation_refuted} of {f.negation_tried} candidate falsities "
            "refuted; add rule kinds (--rules ground) or domains"
        )
    report = temporal.temporal
    if report is not None and report.generated < request.temporal_count:
        notes.append(f"only {report.generated} of {request.temporal_count} temporal cases could be made")
    if not facts.cases and not temporal.cases:
        raise GenerationError(
            f"no test case could be made{where} for rule kinds {', '.join(dict.fromkeys(request.kinds))}"
            + (f" ({notes[0]})" if notes else "")
        )
    cases = tuple(with_aliases(c, view) for c in facts.cases + temporal.cases)
    return SuiteResult(cases, facts.facts, report, temporal.events, temporal.universe, tuple(notes))


def _where(request: SuiteRequest) -> str:
    return f" in domain(s) {', '.join(request.domains)}" if request.domains else ""


def with_aliases(case: TestCase, view: KbView) -> TestCase:
    """The case with the KB's other names for the entities its evidence names (classes left out)."""
    ids = sorted(
        {f.subject for f in case.evidence} | {f.object for f in case.evidence if f.property != INSTANCE_OF}
    )
    found = {i: view.entities[i].aliases for i in ids if i in view.entities and view.entities[i].aliases}
    return replace(case, aliases=found) if found else case
