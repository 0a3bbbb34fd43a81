"""One suite from one request: fact cases, then temporal cases, validated and reported, on every core.

This is ``kgtest gen`` without the command line, so tests and scripts make exactly the
suite users get. Names are checked before any work: an unknown rule kind or domain is an
UnknownNameError listing the known ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import chain

from kgtest.core.errors import GenerationError, UnknownNameError
from kgtest.core.gc_pause import gc_paused
from kgtest.core.pool import ordered_map
from kgtest.generator.case import TestCase
from kgtest.generator.facts import DEFAULT_KINDS, RULE_KINDS, FactReport, generate_fact_cases, usable
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_text import PLAIN, WORDINGS
from kgtest.generator.temporal import TemporalPlan, TemporalReport, generate_temporal_cases, temporal_plan
from kgtest.generator.temporal_draw import BLOCK, blocks, draw_block, drawn_here, ready
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
        if self.mtl_depth > MAX_MTL_DEPTH:
            raise GenerationError(
                f"mtl_depth={self.mtl_depth}: at most {MAX_MTL_DEPTH}; deeper formulas cannot be said "
                "as one question (depth 5 words none of 400 tries), and drawing them only takes longer"
            )


MAX_MTL_DEPTH = 4
"""The deepest nesting a temporal question can be worded at: depth 4 words a few of its draws,
depth 5 none, and depth 99 drew formulas for ten silent minutes before this limit."""


@dataclass(frozen=True, slots=True)
class SuiteResult:
    cases: tuple[TestCase, ...]
    facts: FactReport
    temporal: TemporalReport | None = None
    temporal_events: int = 0
    universe: tuple[int, int] | None = None
    notes: tuple[str, ...] = field(default=())
    """Shortfalls worth telling the user (fewer cases than asked, and why)."""


MIN_TEMPORAL_CASES = 1_000
"""Worker processes start only for this many temporal cases: one costs 1-2 s to start (spawn,
imports, SWI-Prolog with mtl.pl), which a few hundred cases do not take in all (docs/scale.md)."""


@dataclass(frozen=True, slots=True)
class _Temporal:
    """The temporal part's cases and report, and the events and years they were drawn from."""

    cases: tuple[TestCase, ...] = ()
    report: TemporalReport | None = None
    events: int = 0
    universe: tuple[int, int] | None = None


def generate_suite(
    view: KbView,
    reasoner: Reasoner,
    request: SuiteRequest,
    workers: int = 1,
    min_temporal: int = MIN_TEMPORAL_CASES,
) -> SuiteResult:
    """The suite, its temporal candidates drawn on ``workers`` processes (1: all in this one).

    Drawing a temporal candidate (its formula evaluated in mtl.pl) is nearly all of a suite's
    work, and each comes from a seed of its own (generator/temporal_draw.py), so workers draw
    blocks of them, each with an SWI-Prolog engine holding mtl.pl and no KB, while this process
    makes the fact cases and then keeps the candidates in index order. The suite is the same
    byte for byte with any number of workers (tests/generator/test_pool.py). No cyclic garbage
    collection runs meanwhile: it would walk the whole view for nothing (core/gc_pause.py).
    """
    request.validate()
    with gc_paused(freeze=False):
        return _generate(view, reasoner, request, workers, min_temporal)


def _generate(
    view: KbView, reasoner: Reasoner, request: SuiteRequest, workers: int, min_temporal: int
) -> SuiteResult:
    found = _temporal_plan(view, reasoner, request)
    if found is None:
        return _assemble(view, request, *_fact_cases(view, reasoner, request), _Temporal())
    plan, events = found
    pooled = None
    workers = min(workers, -(-plan.limit // BLOCK))  # no worker without a block of its own to draw
    if workers > 1 and request.temporal_count >= min_temporal:
        pooled = ordered_map(ready, draw_block, plan.draws, blocks(plan.limit), workers)
    try:
        facts = _fact_cases(view, reasoner, request)  # while the workers start and draw
        candidates = chain.from_iterable(pooled) if pooled else drawn_here(plan.draws, plan.limit)
        cases, report = generate_temporal_cases(plan, candidates)
    finally:
        if pooled is not None:
            pooled.close()
    return _assemble(view, request, *facts, _Temporal(tuple(cases), report, events, plan.draws.universe))


def _fact_cases(view: KbView, reasoner: Reasoner, request: SuiteRequest) -> tuple[list[TestCase], FactReport]:
    return generate_fact_cases(
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


def _temporal_plan(
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


def _more(request: SuiteRequest) -> str:
    """What could make more fact cases: the rule kinds and domains not asked for yet."""
    missing = [k for k in RULE_KINDS if k not in request.kinds]
    kinds = f"add rule kinds (--rules {','.join([*request.kinds, *missing])})" if missing else ""
    domains = "widen --domain" if request.domains else ""
    return " or ".join(p for p in (kinds, domains) if p) or "build a larger knowledge base"


def _assemble(
    view: KbView, request: SuiteRequest, fact_cases: list[TestCase], facts: FactReport, temporal: _Temporal
) -> SuiteResult:
    """The suite from its parts, with the shortfalls worth telling."""
    notes = []
    where = _where(request)
    if len(fact_cases) < request.count:
        notes.append(
            f"only {len(fact_cases)} of {request.count} fact cases could be made{where}: statements per "
            f"kind {facts.available}, {facts.negation_refuted} of {facts.negation_tried} candidate falsities "
            f"refuted; {_more(request)}"
        )
    report = temporal.report
    if report is not None and report.generated < request.temporal_count:
        notes.append(f"only {report.generated} of {request.temporal_count} temporal cases could be made")
    if not fact_cases and not temporal.cases:
        raise GenerationError(
            f"no test case could be made{where} for rule kinds {', '.join(dict.fromkeys(request.kinds))}"
            + (f" ({notes[0]})" if notes else "")
        )
    cases = tuple(with_aliases(c, view) for c in (*fact_cases, *temporal.cases))
    return SuiteResult(cases, facts, report, temporal.events, temporal.universe, tuple(notes))


def _where(request: SuiteRequest) -> str:
    return f" in domain(s) {', '.join(request.domains)}" if request.domains else ""


def with_aliases(case: TestCase, view: KbView) -> TestCase:
    """The case with the KB's other names for the entities its evidence names (classes left out)."""
    ids = sorted(
        {f.subject for f in case.evidence} | {f.object for f in case.evidence if f.property != INSTANCE_OF}
    )
    found = {i: view.entities[i].aliases for i in ids if i in view.entities and view.entities[i].aliases}
    return replace(case, aliases=found) if found else case
