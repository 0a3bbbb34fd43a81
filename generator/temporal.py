"""Temporal test cases (Drowzee section 3.4): random MTL formulas over dated events, asked at one year.

Each case is a formula, a query year and the exact set of years where the formula holds
(from mtl.pl), so the expected answer is "Yes" when the year is in that set. Query years
are balanced between Yes and No and favour the years at the edges of the set, where a
model that half-remembers a date goes wrong. Query years never let a window run past the
end of the universe (``t <= U1 - horizon``), so no answer depends on the end-of-time
convention (docs/temporal-semantics.md).

An event may have unknown years (an open end: it started, and may have ended at any time
after). Then the formula has years where it surely holds and years where it may hold
(prolog/mtl_bounds.py); "Yes" is asked only in the first, "No" only outside the second, and
the years between, whose answer depends on the unknown end, are never asked. Every answer
is re-checked year by year by the pointwise referee before the case is kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from kgtest.core.errors import GenerationError, ReasoningError
from kgtest.generator.case import (
    Answer,
    Proof,
    TemporalMeta,
    TemporalQuestion,
    TestCase,
    case_id,
)
from kgtest.generator.mtl_random import clip, complement, merged, within
from kgtest.generator.mtl_text import INDIRECT, PLAIN, WORDINGS, temporal_prompt
from kgtest.generator.temporal_draw import Candidate, Draws, drawn_here
from kgtest.generator.temporal_event import EventWords as EventWords
from kgtest.generator.temporal_event import TemporalEvent as TemporalEvent
from kgtest.generator.temporal_event import birth_only, edges_of, start_only
from kgtest.generator.temporal_event import worded as worded
from kgtest.generator.temporal_question import SEASONS, ceremony_year, question_of
from kgtest.prolog import mtl
from kgtest.prolog.mtl_bounds import bound_events, polarised
from kgtest.prolog.pointwise import holds_at

_CLOSED_WORLD = "closed world: each event held only in the years the knowledge base records for it"
_OPEN_END = (
    "; an event with an open end held at most until some unknown later year, and no year that "
    "depends on when it ended is asked"
)
CHECKED_BY = "pointwise"
"""What re-checked a temporal case's answer at generation time (``meta["checked_by"]``)."""


@dataclass(frozen=True, slots=True)
class TemporalReport:
    """What a generation run did: kept cases, their answers, and why candidates were dropped."""

    requested: int
    generated: int
    attempts: int
    """Candidate formulas drawn; every one is generated, filtered or a duplicate."""
    yes: int
    no: int
    boundary: int
    """Cases whose query year is the first or last year of a satisfying interval, or just outside one."""
    filtered_disjoint: int
    """Two of the formula's events are further apart in time than the formula can look ahead."""
    filtered_trivial_true: int
    """True at every year that could be asked."""
    filtered_trivial_false: int
    filtered_too_wide: int
    """The formula looks further ahead than the universe leaves room for."""
    duplicates: int
    """A case already generated, or a formula with the same sub-formula on both sides of an operator."""
    filtered_anachronism: int = 0
    """The years asked about fall outside the known existence of something an event names."""
    filtered_unsayable: int = 0
    """Formulas a plain question cannot say as a person would (generator/mtl_windows.py)."""

    @property
    def filtered(self) -> int:
        return (
            self.filtered_disjoint
            + self.filtered_trivial_true
            + self.filtered_trivial_false
            + self.filtered_too_wide
            + self.filtered_anachronism
            + self.filtered_unsayable
        )


@dataclass(frozen=True)
class TemporalPlan:
    """A checked request for temporal cases, with the events it may ask about."""

    draws: Draws
    table: dict[str, TemporalEvent]
    count: int
    wording: str

    def event(self, name: str) -> TemporalEvent:
        """The event ``name`` with its words, made once if it was given without them."""
        ev = self.table[name]
        if ev.worded is not None:
            ev = self.table[name] = worded(ev)
        return ev

    @property
    def limit(self) -> int:
        """Candidates drawn at most, however few are kept, so a KB that gives few cases ends."""
        return 50 * self.count + 100


def temporal_plan(
    events: Sequence[TemporalEvent],
    *,
    depth: int,
    count: int,
    seed: int,
    universe: tuple[int, int],
    max_window: int = 30,
    wording: str = PLAIN,
) -> TemporalPlan:
    """Check the request and index the events once, for whichever processes draw the candidates."""
    u0, u1 = universe
    if depth < 0 or count < 0 or max_window < 1 or u0 > u1 or wording not in WORDINGS:
        raise GenerationError(
            f"depth={depth}, count={count}, max_window={max_window}, universe={universe}, "
            f"wording={wording!r}: need depth >= 0, count >= 0, max_window >= 1, "
            f"universe=(first_year, last_year) with first <= last and wording in {WORDINGS}"
        )
    table = _usable(events, u0, u1)
    known = {name: within(merged(ev.intervals), u0, u1) for name, ev in table.items()}
    possible = {
        name: within(merged((*ev.intervals, *ev.unknown)), u0, u1) if ev.unknown else known[name]
        for name, ev in table.items()
    }
    open_ended = frozenset(name for name, ev in table.items() if ev.unknown)
    plain = wording == PLAIN
    draws = Draws(
        seed,
        depth,
        max_window,
        universe,
        tuple(table),
        known,
        possible,
        open_ended,
        plain,
        {name: ev.about for name, ev in table.items() if ev.about} if plain else {},
        {name: ev.topic for name, ev in table.items() if ev.topic} if plain else {},
        {name: ev.domain for name, ev in table.items()} if plain else {},
        _alive(table, universe, plain),
        _edges(table) if plain else {},
        frozenset(name for name, ev in table.items() if ev.topic in SEASONS) if plain else frozenset(),
        frozenset(name for name, ev in table.items() if ceremony_year(ev)) if plain else frozenset(),
        frozenset(name for name, ev in table.items() if ev.miscast) if plain else frozenset(),
        {name: ev.intervals[0][0] for name, ev in table.items() if start_only(ev)} if plain else {},
    )
    return TemporalPlan(draws, table, count, wording)


def _edges(table: Mapping[str, TemporalEvent]) -> dict[str, tuple[int, ...]]:
    """Per event, the years it began or ended in (``edges_of``); none for a life known from its birth
    alone, which is asked as that birth ("born before 1989"), one reading."""
    out = {}
    for name, ev in table.items():
        if not birth_only(ev) and (found := edges_of(ev)):
            out[name] = tuple(sorted(found))
    return out


def generate_temporal_cases(
    plan: TemporalPlan, candidates: Iterable[Candidate] | None = None
) -> tuple[list[TestCase], TemporalReport]:
    """Up to ``plan.count`` cases, kept from the plan's candidates in index order so that Yes and No
    stay even and nothing is asked twice.

    ``candidates`` are drawn here when not given (generator/suite.py has them drawn on workers), and read
    only as far as the cases need. The same plan gives the same cases in the same order
    (byte-identical JSONL). Raises GenerationError when no case at all can be made, with the filter
    counts.
    """
    draws = plan.draws
    if candidates is None:
        candidates = drawn_here(draws, plan.limit)
    tally: Counter[str] = Counter()
    seen: set[tuple[str, int]] = set()
    asked: set[str] = set()
    cases: list[TestCase] = []
    for candidate in candidates:
        if len(cases) >= plan.count:
            break
        tally["attempts"] += 1
        formula = candidate.formula
        if formula is None:
            tally["duplicates" if candidate.dropped == "echo" else candidate.dropped] += 1
            continue
        want_yes = tally["yes"] < tally["no"] or (tally["yes"] == tally["no"] and candidate.coin)
        year, boundary = candidate.yes if want_yes else candidate.no
        key = (mtl.to_text(formula), year)
        if key in seen:
            tally["duplicates"] += 1
            continue
        seen.add(key)
        question = _question(formula, year, plan)
        if question in asked:  # two formulas may ask one birth year ("born before 1989")
            tally["duplicates"] += 1
            continue
        asked.add(question)
        if draws.plain and question.startswith(INDIRECT) and _clauses(formula, plan):
            tally["unsayable"] += 1  # its events' clauses do not join into one direct question
            continue
        _recheck(formula, year, want_yes, draws.known, draws.possible)
        tally["yes" if want_yes else "no"] += 1
        tally["boundary"] += boundary
        answer = _Answer(year, want_yes, boundary, candidate.holds, candidate.maybe)
        cases.append(_case(formula, answer, plan, question))
    report = TemporalReport(
        requested=plan.count,
        generated=len(cases),
        attempts=tally["attempts"],
        yes=tally["yes"],
        no=tally["no"],
        boundary=tally["boundary"],
        filtered_disjoint=tally["disjoint"],
        filtered_trivial_true=tally["trivial_true"],
        filtered_trivial_false=tally["trivial_false"],
        filtered_too_wide=tally["too_wide"],
        duplicates=tally["duplicates"],
        filtered_anachronism=tally["anachronism"],
        filtered_unsayable=tally["unsayable"],
    )
    if plan.count and not cases:
        raise GenerationError(
            f"no temporal case could be made from {len(plan.table)} events at depth={draws.depth}: {report}. "
            "Give events that overlap in time, a lower depth or max_window, or a wider universe."
        )
    return cases, report


def _clauses(formula: mtl.Formula, plan: TemporalPlan) -> bool:
    """Every event of ``formula`` is a clause the wording can invert into a question (an event
    given only as a sentence is asked "Is it true that ...?" whatever joins it)."""
    return all(plan.event(name).clause is not None for name in mtl.events_of(formula))


def _alive(
    table: Mapping[str, TemporalEvent], universe: tuple[int, int], plain: bool = False
) -> dict[str, tuple[int, int]]:
    """Per event that names an entity the KB dates, the years all such entities existed in (within
    the universe): the draw asks no year outside them (a marriage before a birth). In a plain suite,
    a state, a body or a party something was in (``HELD_IN``) began, as far as the KB knows, no
    earlier than the first year it surely held something (``_held``): "Were Stuttgart and
    Bamberg both in the Weimar Republic in 1907?", "Was Kherson in the Soviet Union in 1913, 1914
    or 1915?" (both of the thirteenth session's start readers: "the Soviet Union did not yet
    exist") are not asked, where one fact with an open start had left the Weimar Republic no first
    year; nor, where the KB shows it ended, after the last year it surely held anything: "Was
    Stuttgart in Nazi Germany at any time from 1946 to 1955?", "Was Sevastopol in the Soviet Union
    at any time from 1992 through 2001?" (issue 37's goal 4)."""
    held = _held(table) if plain else {}
    out = {}
    for name, ev in table.items():
        years = [(b, e) for _, b, e in ev.exists]
        if ev.topic in HELD_IN and len(ev.about) == 2 and ev.about[1] in held:
            years.append(held[ev.about[1]])
        if years:
            born = max((b for b, _ in years if b is not None), default=universe[0])
            ended = min((e for _, e in years if e is not None), default=universe[1])
            out[name] = (max(born, universe[0]), min(ended, universe[1]))
    return out


HELD_IN = frozenset({"P17", "P131", "P463", "P102"})
"""Country, located in, member of, party: the object is a state, a body or a party that holds its
subjects only while it exists."""


def _held(table: Mapping[str, TemporalEvent]) -> dict[str, tuple[int, int | None]]:
    """Per object of a ``HELD_IN`` event, the first year any such event surely held in and, where
    most of them have an end (the Soviet Union: 23 of 24 in Wikidata12k; Germany: none of 20),
    the last year any surely held in: one fact left open ("Sevastopol in the Soviet Union from
    1936") does not keep a state the KB shows ended in being."""
    first: dict[str, int] = {}
    last: dict[str, int] = {}
    ended: Counter[str] = Counter()
    for ev in table.values():
        if ev.topic in HELD_IN and len(ev.about) == 2:
            state = ev.about[1]
            lo, hi = min(a for a, _ in ev.intervals), max(b for _, b in ev.intervals)
            first[state], last[state] = min(first.get(state, lo), lo), max(last.get(state, hi), hi)
            ended[state] += -1 if ev.unknown else 1
    return {state: (lo, last[state] if ended[state] > 0 else None) for state, lo in first.items()}


def _recheck(
    formula: mtl.Formula,
    year: int,
    yes: bool,
    known: Mapping[str, list[tuple[int, int]]],
    possible: Mapping[str, list[tuple[int, int]]],
) -> None:
    """The answer again, year by year (prolog/pointwise.py), on the years it depends on.

    The truth at ``year`` looks at years ``year .. year + horizon`` only, all inside the
    universe, so that stretch is the referee's whole universe and it stays cheap.
    """
    signed = polarised(formula)
    window = (year, year + mtl.horizon(formula))
    if holds_at(signed, bound_events(formula, known, possible, yes), window, year) is not yes:
        raise ReasoningError(
            f"mtl.pl and the year-by-year referee disagree on {mtl.to_text(formula)} in {year}; "
            "this is a bug, please report it"
        )


@dataclass(frozen=True, slots=True)
class _Answer:
    year: int
    yes: bool
    boundary: bool
    holds: list[tuple[int, int]]
    """Years where the formula surely holds."""
    maybe: list[tuple[int, int]]
    """Years where it may hold (equal to ``holds`` when no event has unknown years)."""


def _usable(events: Sequence[TemporalEvent], u0: int, u1: int) -> dict[str, TemporalEvent]:
    """The events with at least one year inside the universe, by id (ids must be unique)."""
    ids: set[str] = set()
    table: dict[str, TemporalEvent] = {}
    for ev in events:
        if ev.id in ids:
            raise GenerationError(f"two events have id={ev.id!r}; event ids must be unique")
        ids.add(ev.id)
        if any(s <= u1 and e >= u0 for s, e in ev.intervals):
            table[ev.id] = ev
    if not table:
        raise GenerationError(
            f"none of the {len(events)} events has a year inside universe=({u0}, {u1}); widen the universe"
        )
    return table


def _question(formula: mtl.Formula, year: int, plan: TemporalPlan) -> str:
    return question_of(formula, year, [plan.event(n) for n in mtl.events_of(formula)], plan.wording)


def _case(formula: mtl.Formula, answer: _Answer, plan: TemporalPlan, question: str) -> TestCase:
    year, yes = answer.year, answer.yes
    table, spans, possible = plan.table, plan.draws.known, plan.draws.possible
    universe = plan.draws.universe
    used = mtl.events_of(formula)
    text = mtl.to_text(formula)
    evidence = tuple(dict.fromkeys(fact for n in used for fact in plan.event(n).evidence))
    statement = f"holds({mtl.to_prolog(formula)}, {year})"
    open_ended = {n: _between(spans[n], possible[n], universe) for n in used if table[n].unknown}
    return TestCase(
        id=case_id("temporal", text, year, *universe),
        kind="temporal",
        rule="mtl",
        domain=table[used[0]].domain,
        question=question,
        prompt=temporal_prompt(question),
        expected=Answer.YES if yes else Answer.NO,
        evidence=evidence,
        proof=Proof(
            rule="mtl",
            conclusion=statement if yes else f"not({statement})",
            premises=evidence,
            assumption="" if yes else _CLOSED_WORLD + (_OPEN_END if open_ended else ""),
        ),
        temporal=TemporalQuestion(
            formula=mtl.to_json(formula),
            text=text,
            query_year=year,
            universe=universe,
            satisfying=tuple(answer.holds),
            unknown=tuple(_between(answer.holds, answer.maybe, universe)),
            events={n: tuple(spans[n]) for n in used},
            events_unknown={n: tuple(gaps) for n, gaps in open_ended.items()},
            boundary=answer.boundary,
        ),
        meta=TemporalMeta(depth=mtl.depth(formula), horizon=mtl.horizon(formula), checked_by=CHECKED_BY),
    )


def _between(
    holds: list[tuple[int, int]], maybe: list[tuple[int, int]], universe: tuple[int, int]
) -> list[tuple[int, int]]:
    """Years in ``maybe`` but not in ``holds``: where the answer depends on an unknown end."""
    out: list[tuple[int, int]] = []
    for s, e in maybe:
        out.extend(complement(holds, s, e))
    return clip(out, *universe)
