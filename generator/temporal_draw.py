"""Candidate temporal questions, each drawn from a seed of its own, so any process can draw any of them.

Candidate ``i`` of a suite is a pure function of the suite's seed, ``i`` and the events: its
formula, the years where it holds (from mtl.pl: the costly part) and a query year for either
answer. The generator (temporal.py) then walks the candidates in order and keeps or drops each
by what it kept before (the yes/no balance, questions already asked). Drawing is where the time
goes, and it depends on nothing kept, so worker processes draw blocks of candidates while the
parent keeps them (generator/suite.py), and the suite is the same byte for byte with any number
of workers (docs/scale.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from kgtest.generator.mtl_random import (
    Neighbours,
    assign_events,
    clip,
    complement,
    edge_years,
    gap,
    merged,
    random_formula,
    uniform_year,
)
from kgtest.generator.mtl_windows import (
    birth_cutoff,
    decade_wide,
    decade_years,
    run_of,
    sayable,
    simplified,
)
from kgtest.generator.temporal_pick import Kin, distinct, related
from kgtest.generator.temporal_readings import Reading, evaluated, other_readings, reading
from kgtest.generator.temporal_years import years
from kgtest.prolog import mtl

BOUNDARY_SHARE = 0.5
"""Share of query years drawn from the edges of the satisfying set (others are uniform)."""

BLOCK = 64
"""Candidates a worker draws per task: about 40 ms of work, against a fraction of a millisecond to hand
it over; a suite that is complete wastes at most two blocks per worker drawn ahead."""

Spans = list[tuple[int, int]]


@dataclass(frozen=True)
class Draws:
    """What drawing a candidate needs, and nothing of the KB beyond it: it is pickled to the workers."""

    seed: int
    depth: int
    max_window: int
    universe: tuple[int, int]
    names: tuple[str, ...]
    """Event ids in the caller's order: anchors are drawn from it."""
    known: Mapping[str, Spans]
    """Years each event surely held in (merged, clipped to the universe)."""
    possible: Mapping[str, Spans]
    """Years it may have held in: ``known`` and, for an open end, the years after it."""
    open_ended: frozenset[str]
    plain: bool = False
    """Plain wording: only formulas a person can be asked plainly (generator/mtl_windows.py), over
    events that share an entity, a topic or a domain where the era has such."""
    about: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The entities each event names (plain wording only)."""
    topic: Mapping[str, str] = field(default_factory=dict)
    """What each event says of them (plain wording only): a relation, "alive", "existed", ..."""
    domain: Mapping[str, str] = field(default_factory=dict)
    alive: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """The years every entity an event names (but not the existence of) is known to exist in, for
    events that name one the KB dates: a question looks at no year outside them."""
    edges: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """The years each event began or ended in (plain wording only; generator/temporal_event.py)."""
    seasons: frozenset[str] = frozenset()
    """Teams' events, whose year a reader may take for a season (plain wording only;
    generator/temporal_question.py ``SEASONS``)."""
    ceremonies: frozenset[str] = frozenset()
    """Ranked awards' events, whose year a reader may take for the film's, the year before, or the
    ceremony's, the year after (plain wording only; generator/temporal_question.py ``ceremony_year``)."""
    miscast: frozenset[str] = frozenset()
    """Events a plain question never asks: a person's award given to a thing (``TemporalEvent.miscast``)."""
    starts: Mapping[str, int] = field(default_factory=dict)
    """Lives and bodies known from their start alone, asked as it ("born before 1989"), with that
    year (plain wording only): a cutoff lies within ``NEAR`` years of one."""
    near: Neighbours = field(init=False, repr=False, compare=False)
    kin: Kin = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        hulls = {name: (s[0][0], s[-1][1]) for name, s in self.possible.items()}
        object.__setattr__(self, "near", Neighbours(hulls))
        object.__setattr__(
            self, "kin", Kin(self.names, self.about, self.topic, self.domain) if self.plain else Kin()
        )


LIFELONG = (":span", ":alive")
"""Events that hold over one stretch, a life or an existence: a run of them ("Did Alki Larnaca F.C.
exist for 7 years in a row, starting in some year from 1964 through 1974?") reads as a life that
short, and blind readers found it confusing."""
NEAR = 5
"""Years at most between a birth or a founding asked as one and the cutoff it is asked before
(``Draws.starts``)."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One drawn question: dropped (and why), or a formula with its years and a query year per answer."""

    index: int
    dropped: str = ""
    """Why it cannot be asked: ``unsayable``, ``echo``, ``disjoint``, ``too_wide``, ``anachronism``,
    ``trivial_true`` or ``trivial_false``."""
    formula: mtl.Formula | None = None
    holds: Spans = field(default_factory=list)
    """Years where the formula surely holds."""
    maybe: Spans = field(default_factory=list)
    """Years where it may hold (``holds`` when no event has an open end)."""
    coin: bool = False
    """Ask "Yes" when the kept cases are balanced."""
    yes: tuple[int, bool] = (0, False)
    """The year to ask when the answer is to be "Yes", and whether it is an edge of ``holds``."""
    no: tuple[int, bool] = (0, False)


@dataclass(frozen=True, slots=True)
class _Drawn:
    """A candidate drawn as far as its evaluation, with the askable years found so far; its random
    stream goes on after it."""

    index: int
    rng: random.Random
    formula: mtl.Formula
    used: list[str]
    lo: int
    hi: int


def _start(draws: Draws, index: int) -> Candidate | _Drawn:
    """Candidate ``index`` up to evaluating its formula, dropped or drawn: the same in any process
    (its seed is a string, so no hash order enters)."""
    rng = random.Random(f"{draws.seed}/{index}")
    shape = random_formula(rng, draws.depth, draws.max_window)
    if draws.plain and not sayable(shape):
        return Candidate(index, "unsayable")
    if draws.plain:  # its window a calendar decade where a year makes it one ("in the 1990s")
        shape = decade_wide(shape)
    reach = mtl.horizon(shape)
    anchor = rng.choice(draws.names)
    near = draws.near.of(anchor, reach)
    formula = assign_events(shape, related(rng, anchor, near, draws) if draws.plain else distinct(rng, near))
    if _echoes(formula):
        return Candidate(index, "echo")
    if draws.plain and (run := run_of(formula)) is not None and run.endswith(LIFELONG):
        return Candidate(index, "unsayable")
    used = mtl.events_of(formula)
    if draws.miscast.intersection(used):
        return Candidate(index, "unsayable")
    possible = draws.possible
    if any(gap(possible[x], possible[y]) > reach for i, x in enumerate(used) for y in used[i + 1 :]):
        return Candidate(index, "disjoint")
    # Askable years: the era of the events (every edge of the satisfying set lies in it)
    # and never so late that a window runs past the universe.
    u0, u1 = draws.universe
    lo = max(u0, min(possible[n][0][0] for n in used) - reach - draws.max_window)
    hi = min(u1 - reach, max(possible[n][-1][1] for n in used) + draws.max_window)
    if lo > hi:
        return Candidate(index, "too_wide")
    for name in used:  # asked only in years all it names existed in: no marriage before a birth
        if name in draws.alive:
            born, ended = draws.alive[name]
            lo, hi = max(lo, born), min(hi, ended - reach)
    if draws.starts and all(name in draws.starts for name in used):
        # "born before 1960" of a cyclist born in 1986, "before 2007" of one born in 1999: a cutoff
        # far from every birth asks nothing (the thirteenth session's readers: "absurd"); the
        # cutoff asked (``birth_cutoff``, ``shift`` years after the query year) lies near them,
        # whatever the window's width, which a birth's question never says
        first, last = min(draws.starts[n] for n in used), max(draws.starts[n] for n in used)
        shift = birth_cutoff(simplified(formula), 0)[1]
        if shift is None:
            lo, hi = max(lo, first - NEAR), min(hi, last + NEAR - reach)
        else:
            lo, hi = max(lo, first - NEAR - shift), min(hi, last + NEAR - shift)
    if lo > hi:
        return Candidate(index, "anachronism")
    return _Drawn(index, rng, formula, used, lo, hi)


def _trivial(drawn: _Drawn, holds: Spans, maybe: Spans) -> Candidate | None:
    """Dropped when its formula holds in every askable year or in none; every other reading narrows
    the Yes years and the No years, so they need no evaluating then."""
    if not (any_no := complement(maybe, drawn.lo, drawn.hi)) or not clip(holds, drawn.lo, drawn.hi):
        return Candidate(drawn.index, "trivial_true" if not any_no else "trivial_false")
    return None


def _early(draws: Draws, drawn: _Drawn) -> Candidate | _Drawn:
    """``drawn`` dropped as trivial before mtl.pl evaluates it, where its formula is monotone and its
    years in Python (generator/temporal_years.py) say so: the same years ``_trivial`` reads."""
    maybe_events = draws.possible if draws.open_ended.intersection(drawn.used) else draws.known
    if (maybe := years(drawn.formula, maybe_events)) is None:
        return drawn
    holds = maybe if maybe_events is draws.known else years(drawn.formula, draws.known)
    return _trivial(drawn, holds or [], maybe) or drawn


def _finish(
    draws: Draws, drawn: _Drawn, holds: Spans, maybe: Spans, others: Sequence[tuple[Spans, Spans]]
) -> Candidate:
    """The candidate with its query years, where the ``others`` readings agree with its own."""
    lo, hi, rng, formula = drawn.lo, drawn.hi, drawn.rng, drawn.formula
    sure, unsure = holds, maybe  # the years a Yes, and a No, are asked in
    for strict_holds, strict_maybe in others:
        # the readings agree: a Yes where all hold, a No where none may
        sure = [piece for s, e in strict_holds for piece in clip(sure, s, e)]
        unsure = merged([*unsure, *strict_maybe])
    yes_years, no_years = clip(sure, lo, hi), complement(unsure, lo, hi)
    if not no_years or not yes_years:
        return Candidate(drawn.index, "trivial_true" if not no_years else "trivial_false")
    # asked in a year that makes its window a decade, where there is one ("in the 1990s")
    yes_decades = decade_years(formula, yes_years) if draws.plain else []
    no_decades = decade_years(formula, no_years) if draws.plain else []
    coin = rng.random() < 0.5
    yes = _query_year(rng, holds, yes_years, lo, hi, inside=True, preferred=yes_decades)
    no = _query_year(rng, maybe, no_years, lo, hi, inside=False, preferred=no_decades)
    return Candidate(drawn.index, "", formula, holds, maybe, coin, yes, no)


def ready(draws: Draws) -> Draws:
    """A worker's tools: the draws alone. Here, not in generator/suite.py, so a spawned worker imports
    this module and mtl.pl's, not the whole generator (0.2 s less per worker)."""
    return draws


def draw_block(draws: Draws, block: range) -> list[Candidate]:
    """A worker's task, and this process's: the candidates of ``block``, their formulas evaluated by
    mtl.pl in two queries (each one's own reading; then, of those it leaves askable, the other
    readings) where one each took five times as long as mtl.pl's work (generator/temporal_readings.py)."""
    out: dict[int, Candidate] = {}
    drawn: list[_Drawn] = []
    for index in block:
        started = _start(draws, index)
        if isinstance(started, _Drawn):
            started = _early(draws, started)
        if isinstance(started, _Drawn):
            drawn.append(started)
        else:
            out[index] = started
    own = evaluated([reading(d.formula, draws, d.used) for d in drawn], draws.universe)
    left: list[tuple[_Drawn, Spans, Spans, list[Reading]]] = []
    for d, (holds, maybe) in zip(drawn, own, strict=True):
        if (dropped := _trivial(d, holds, maybe)) is not None:
            out[d.index] = dropped
        else:
            left.append((d, holds, maybe, other_readings(d.formula, draws, d.used) if draws.plain else []))
    others = iter(evaluated([r for *_, readings in left for r in readings], draws.universe))
    for d, holds, maybe, readings in left:
        out[d.index] = _finish(draws, d, holds, maybe, [next(others) for _ in readings])
    return [out[index] for index in block]


def blocks(limit: int) -> Iterator[range]:
    """Candidate indices ``0 .. limit - 1`` in blocks of ``BLOCK``, in order."""
    return (range(start, min(start + BLOCK, limit)) for start in range(0, limit, BLOCK))


def drawn_here(draws: Draws, limit: int) -> Iterator[Candidate]:
    """Candidates drawn in this process a block at a time, as the generator asks for them."""
    return (candidate for block in blocks(limit) for candidate in draw_block(draws, block))


def _query_year(
    rng: random.Random,
    holds: Spans,
    answer_years: Spans,
    lo: int,
    hi: int,
    inside: bool,
    preferred: Sequence[tuple[int, int]] = (),
) -> tuple[int, bool]:
    """A year in ``answer_years``: an edge of ``holds`` with probability BOUNDARY_SHARE, else uniform,
    from the ``preferred`` years among them where there are any (edges too).

    Returns the year and whether it is an edge (just inside for "Yes", just outside for "No"). An
    edge outside ``answer_years`` (a plain question's window whose ends would decide it) is none.
    A plain window's decades are preferred, not required: an edge, the year an answer turns, is
    worth a window said "from 1923 to 1932" (about a quarter of a suite's questions are edges).
    """
    edges = [y for y in edge_years(holds, lo, hi, inside=inside) if any(a <= y <= b for a, b in answer_years)]
    edges = [y for y in edges if any(a <= y <= b for a, b in preferred)] or edges
    if edges and rng.random() < BOUNDARY_SHARE:
        year = rng.choice(edges)
    else:
        year = uniform_year(rng, preferred or answer_years)
    return year, year in edges


def _echoes(formula: mtl.Formula) -> bool:
    """A binary operator with the same thing on both sides ("p or p") asks nothing new."""
    return any(
        isinstance(node, mtl.And | mtl.Or | mtl.Until) and node.phi1 == node.phi2
        for node in mtl.walk(formula)
    )
