"""The Drowzee paper's worked examples (Fig. 3, Fig. 10-12, section 3.4) with their stated answers.

Database H_s (Fig. 10): Charles Dickens lived 1812-1870, the Victorian era ran 1837-1901; the
universe is years 1..2024, as in the paper's negation example. Where kgtest's semantics and
the paper's Prolog encoding part ways (not in any of these examples), the last tests say how.
"""

from __future__ import annotations

import pytest

from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until, evaluate
from kgtest.prolog.pointwise import evaluate_pointwise, holds_at

UNIVERSE = (1, 2024)
H_S = {"charles_dickens": [(1812, 1870)], "victorian_era": [(1837, 1901)], "ben_10": [(2005, 2008)]}
DICKENS, VICTORIAN = Atom("charles_dickens"), Atom("victorian_era")


@pytest.mark.parametrize(
    ("name", "formula", "year", "interval", "answer"),
    [
        ("R-AP", DICKENS, 1800, [(1812, 1870)], False),
        ("R-AP", VICTORIAN, 1900, [(1837, 1901)], True),
        ("R-Finally", Finally(0, 40, VICTORIAN), 1800, [(1797, 1901)], True),
        ("R-Globally", Globally(30, 50, VICTORIAN), 1800, [(1807, 1851)], False),
        ("R-Next", Next(VICTORIAN), 1836, [(1836, 1900)], True),
        ("R-Until (Fig. 12)", Until(10, 20, DICKENS, VICTORIAN), 1800, [(1817, 1861)], False),
        ("R-Neg", Not(VICTORIAN), 1800, [(1, 1836), (1902, 2024)], True),
        ("R-Conj", And(DICKENS, VICTORIAN), 1900, [(1837, 1870)], False),
        ("R-Disj", Or(DICKENS, VICTORIAN), 1900, [(1812, 1901)], True),
        ("Table I / Fig. 3", Finally(1, 3, Atom("ben_10")), 2000, [(2002, 2007)], False),
    ],
)
def test_worked_example(
    name: str, formula: Formula, year: int, interval: list[tuple[int, int]], answer: bool
) -> None:
    assert evaluate(formula, H_S, UNIVERSE) == interval, name
    assert evaluate_pointwise(formula, H_S, UNIVERSE) == interval, name
    assert holds_at(formula, H_S, UNIVERSE, year) is answer, name


def test_until_witnesses_named_in_the_paper() -> None:
    """'when t'=1817, there exists d=20 ...; when t'=1861 there exists d=10' (Fig. 12 text)."""
    for t, d in ((1817, 20), (1861, 10)):
        assert holds_at(Until(d, d, DICKENS, VICTORIAN), H_S, UNIVERSE, t)
    assert not holds_at(Until(10, 20, DICKENS, VICTORIAN), H_S, UNIVERSE, 1816)
    assert not holds_at(Until(10, 20, DICKENS, VICTORIAN), H_S, UNIVERSE, 1862)


def test_until_zero_rule() -> None:
    """[R-Until-0]: phi1 U[0,b] phi2 is (phi1 U[1,b] phi2) or phi2."""
    for b in (1, 5, 40):
        assert evaluate(Until(0, b, DICKENS, VICTORIAN), H_S, UNIVERSE) == evaluate(
            Or(Until(1, b, DICKENS, VICTORIAN), VICTORIAN), H_S, UNIVERSE
        )


def test_left_side_must_hold_at_t_unlike_definition_1_as_printed() -> None:
    """Definition 1 asks phi1 only strictly between t and t+d; the paper's encoding (Fig. 11,
    "the intersection of nm_f and nm1") and its Until question ("Did Event1 happen continuously
    until Event2 ... after the year t") also ask it at t. kgtest follows the encoding."""
    events = {"p": [(1801, 1805)], "q": [(1806, 1806)]}
    assert not holds_at(Until(1, 10, Atom("p"), Atom("q")), events, UNIVERSE, 1800)
    assert evaluate(Until(1, 10, Atom("p"), Atom("q")), events, UNIVERSE) == [(1801, 1805)]


def test_until_with_a_broken_left_side_follows_definition_1_not_the_per_interval_encoding() -> None:
    """[R-Until] pairs each phi1 interval with any phi2 witness; with phi1 in two pieces that
    would answer Yes at 1800 although phi1 fails in 1803..1809. Definition 1 says No."""
    events = {"p": [(1800, 1802), (1810, 1812)], "q": [(1813, 1813)]}
    assert evaluate(Until(1, 13, Atom("p"), Atom("q")), events, UNIVERSE) == [(1810, 1812)]
