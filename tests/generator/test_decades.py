"""Issue 37, thirteenth session: a stretch of years said as people say it, a calendar decade."""

from __future__ import annotations

import re

from kgtest.generator.clauses import Clause
from kgtest.generator.mtl_text import mtl2nl
from kgtest.generator.mtl_windows import decade_wide, simplified
from kgtest.generator.temporal import generate_temporal_cases, temporal_plan
from kgtest.prolog import mtl
from kgtest.prolog.mtl import Atom, Finally, Globally, Next, Not

from .temporal_fixture import EVENTS, UNIVERSE

SAY = {"k": Clause("Kaká", "did", "play for AC Milan", "played for AC Milan")}
K = Atom("k")


def test_a_window_on_a_calendar_decade_is_said_as_the_decade() -> None:
    """ "in any year from 1914 to 1931" (wordy, 11 marks) and "throughout 1944–1959" (formulaic, 10)
    with the thirteenth session's start readers; a decade has one reading and needs no ends."""
    assert mtl2nl(Finally(0, 9, K), 2010, SAY) == "Did Kaká play for AC Milan at any time in the 2010s?"
    assert mtl2nl(Globally(0, 9, K), 1990, SAY) == "Did Kaká play for AC Milan throughout the 1990s?"
    assert (
        mtl2nl(Next(Finally(2, 11, K)), 1987, SAY) == "Did Kaká play for AC Milan at any time in the 1990s?"
    )
    assert "did not play for AC Milan at any time in the 1990s" in mtl2nl(Not(Finally(0, 9, K)), 1990, SAY)
    # not a century's first decade ("the 1900s"), not before 1000 ("the 40s"), not ten years elsewhere
    assert mtl2nl(Finally(0, 9, K), 1900, SAY).endswith("at any time from 1900 through 1909?")
    assert mtl2nl(Finally(0, 9, K), 40, SAY).endswith("at any time from 40 through 49?")
    assert mtl2nl(Finally(0, 9, K), 1991, SAY).endswith("at any time during 1991–2000?")
    assert mtl2nl(Globally(0, 9, K), 1991, SAY).endswith("throughout 1991–2000?")


def _width(f: mtl.Formula) -> int:
    """The width of the one window a question about ``f`` says."""
    g = simplified(f)
    while isinstance(g, Next) or (isinstance(g, Finally | Globally) and g.a == g.b):
        g = g.phi
    assert isinstance(g, Finally | Globally)
    return g.b - g.a


def test_a_plain_window_is_drawn_ten_years_wide_keeping_its_operators() -> None:
    p = Atom("p")
    for shape in (
        Finally(2, 5, p),  # widened
        Globally(0, 30, p),  # narrowed
        Globally(1, 6, Globally(7, 30, p)),  # narrowed, the outer window first
        Next(Finally(3, 18, Finally(0, 19, p))),
        Finally(4, 4, Globally(0, 3, p)),
    ):
        wide = decade_wide(shape)
        assert _width(wide) == 9 and mtl.depth(wide) == mtl.depth(shape), (shape, wide)
    for kept in (Finally(0, 1, p), Finally(0, 9, p), Finally(0, 3, Globally(0, 3, p)), Atom("p")):
        assert decade_wide(kept) == kept  # two years, a decade already, a run, no window


def test_a_plain_suite_asks_its_windows_on_decades() -> None:
    """Most questions that say one window say a decade; without the draw's rule, one in ten of the
    ten-year windows would fall on one and most windows would not be ten years wide."""
    said, decades = 0, 0
    for seed in range(3):
        plan = temporal_plan(EVENTS, depth=2, count=60, seed=seed, universe=UNIVERSE)
        for case in generate_temporal_cases(plan)[0]:
            q = case.question
            if re.search(r"(?:in any year|at any time) from \d+ to \d+\b|throughout \d+–\d+|the \d{4}s", q):
                said += 1
                decades += bool(re.search(r"the \d{4}s", q))
    assert said >= 20 and decades >= said / 2, (said, decades)


def test_a_window_off_the_decades_is_said_two_ways_by_its_first_year() -> None:
    """One form said again and again read formulaic (bench/question_wording_trial: "in any year from"
    ten times in thirty questions, 0 of 20 clear; among other forms 7 of 8): windows alternate, "at
    any time during A–B" the other form read clear and one way side by side (fourth/)."""
    assert mtl2nl(Finally(0, 6, K), 1902, SAY).endswith("at any time from 1902 through 1908?")
    assert mtl2nl(Finally(0, 6, K), 1903, SAY).endswith("at any time during 1903–1909?")
