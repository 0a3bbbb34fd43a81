"""MTL when some years of an event are unknown: the years a formula surely holds, and may hold.

An event with an open end (a start, no end) is known to hold in its start year and unknown
after it: it may have ended at any time. Each event then has *known* years (it held) and
*possible* years (known plus unknown; outside them it did not hold). Every MTL operator but
negation is monotone, so a formula surely holds where it holds with each event's known years
under an even number of negations and its possible years under an odd number; it may hold
where the roles are swapped. Every way the unknown years could have gone gives a truth set
between the two, so a "Yes" asked in the sure years and a "No" asked outside the possible
years are proven whatever the unknown end was (Kleene's three-valued reading, evaluated by
mtl.pl twice).
"""

from __future__ import annotations

from collections.abc import Mapping

from kgtest.prolog.mtl import (
    And,
    Atom,
    Finally,
    Formula,
    Globally,
    IntervalSet,
    Job,
    Next,
    Not,
    Or,
    Until,
    evaluate_all,
    events_of,
)


def polarised(formula: Formula, negated: bool = False) -> Formula:
    """``formula`` with each atom renamed ``+name`` (even number of negations above it) or ``-name``."""
    match formula:
        case Atom(name=name):
            return Atom(("-" if negated else "+") + name)
        case Not(phi=phi):
            return Not(polarised(phi, not negated))
        case Next(phi=phi):
            return Next(polarised(phi, negated))
        case Finally(a=a, b=b, phi=phi):
            return Finally(a, b, polarised(phi, negated))
        case Globally(a=a, b=b, phi=phi):
            return Globally(a, b, polarised(phi, negated))
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            return Until(a, b, polarised(p1, negated), polarised(p2, negated))
        case And(phi1=p1, phi2=p2):
            return And(polarised(p1, negated), polarised(p2, negated))
        case Or(phi1=p1, phi2=p2):
            return Or(polarised(p1, negated), polarised(p2, negated))


def bound_events(
    formula: Formula,
    known: Mapping[str, IntervalSet],
    possible: Mapping[str, IntervalSet],
    sure: bool,
) -> dict[str, IntervalSet]:
    """The events of ``polarised(formula)``: for the sure bound, ``+`` known and ``-`` possible."""
    first, second = (known, possible) if sure else (possible, known)
    out: dict[str, IntervalSet] = {}
    for name in events_of(formula):
        out["+" + name] = first[name]
        out["-" + name] = second[name]
    return out


def bound_jobs(
    formula: Formula, known: Mapping[str, IntervalSet], possible: Mapping[str, IntervalSet]
) -> tuple[Job, Job]:
    """The two evaluations ``evaluate_bounds`` makes (sure, maybe), for a caller that sends many
    formulas to mtl.pl at once (``evaluate_all``)."""
    signed = polarised(formula)
    return (
        (signed, bound_events(formula, known, possible, True)),
        (signed, bound_events(formula, known, possible, False)),
    )


def evaluate_bounds(
    formula: Formula,
    known: Mapping[str, IntervalSet],
    possible: Mapping[str, IntervalSet],
    universe: tuple[int, int],
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(years where ``formula`` surely holds, years where it may hold), both from mtl.pl.

    ``possible[name]`` must contain ``known[name]`` for every event; the first set is then
    within the second.
    """
    sure, maybe = evaluate_all(bound_jobs(formula, known, possible), universe)
    return sure, maybe
