"""What a temporal question says of its formula: windows added up, and which formulas a person can
be asked plainly.

``simplified`` adds up windows in windows, so that a question names each stretch of years once.
``sayable`` tells the formulas a plain question can ask as a person would (generator/mtl_text.py
words them): one event in a year, in some or every year of one window, or for a run of years; two
of those joined by "and" or "or". Plain suites draw only those (generator/temporal_draw.py), and
keep only the ones whose events let them be asked directly ("Did both A and B play for X in
2005?", generator/temporal.py): blind readers rated every question framed "Is it true that ..."
stiff or confusing. A negation, "neither ... nor", an until, a window inside a window that does
not add up or three events in one list are Drowzee's wording's (``--wording drowzee``); a plain
suite's negations are in its answers, half of which are No.
"""

from __future__ import annotations

from kgtest.generator.mtl_when import DECADE, on_decade
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until, walk


def simplified(f: Formula) -> Formula:
    """``f`` with windows in windows of the same kind added up: F[a,b] F[c,d] p is F[a+c,b+d] p,
    G[a,b] G[c,d] p is G[a+c,b+d] p, and a one-year step inside (N, or F or G with c = d) moves
    the window: F[a,b] N p is F[a+1,b+1] p. An until with one fixed year is two windows:
    p U[a,a] q is G[0,a-1] p and F[a,a] q; and G of a conjunction is each part's G. Equal to ``f``
    at every year whose horizon lies in the universe (tests/generator/test_mtl_text.py checks it
    against the pointwise referee)."""
    match f:
        case Atom():
            return f
        case Next(phi=phi):
            return Next(simplified(phi))
        case Not(phi=phi):
            return Not(simplified(phi))
        case And(phi1=p1, phi2=p2):
            return And(simplified(p1), simplified(p2))
        case Or(phi1=p1, phi2=p2):
            return Or(simplified(p1), simplified(p2))
        case Until(a=a, b=b, phi1=p1, phi2=p2) if a == b and a > 0:
            # p1 in each year up to the fixed year, p2 in it: two plain windows, no "that year"
            return And(simplified(Globally(0, a - 1, p1)), simplified(Finally(a, a, p2)))
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            return Until(a, b, simplified(p1), simplified(p2))
        case Finally(a=a, b=b, phi=phi) | Globally(a=a, b=b, phi=phi):
            inner = simplified(phi)
            same = Finally if isinstance(f, Finally) else Globally
            if isinstance(inner, And) and (same is Globally or a == b) and not _plain(inner):
                # every year of a window within one: each part its own window, said as years
                return And(simplified(same(a, b, inner.phi1)), simplified(same(a, b, inner.phi2)))
            match inner:
                case Next(phi=p):
                    return simplified(same(a + 1, b + 1, p))
                case Finally(a=c, b=d, phi=p) | Globally(a=c, b=d, phi=p) if c == d or isinstance(
                    inner, same
                ):
                    return simplified(same(a + c, b + d, p))
            return same(a, b, inner)
    raise TypeError(f"not an MTL formula: {f!r}")


def _plain(f: And) -> bool:
    """Both sides are events or their negations: one window said once reads better than two."""
    return _literal(f.phi1) and _literal(f.phi2)


def _literal(f: Formula) -> bool:
    """An event or its negation."""
    return isinstance(f, Atom) or (isinstance(f, Not) and isinstance(f.phi, Atom))


def moved(f: Formula) -> Formula:
    """``f`` without the steps that only move its year (N, and F or G over one year)."""
    while True:
        match f:
            case Next(phi=phi):
                f = phi
            case Finally(a=a, b=b, phi=phi) | Globally(a=a, b=b, phi=phi) if a == b:
                f = phi
            case _:
                return f


def sayable(f: Formula) -> bool:
    """A plain question can ask ``f`` as one clause, or two joined plainly (see the module)."""
    f = moved(simplified(f))
    match f:
        case And(phi1=p, phi2=q) | Or(phi1=p, phi2=q):
            return _positive_unit(p) and _positive_unit(q)
        case Finally(phi=And(phi1=Atom(), phi2=Atom()) | Or(phi1=Atom(), phi2=Atom())):
            return True  # "in some year from 1990 through 2000, A and B"
        case Globally(phi=Or(phi1=Atom(), phi2=Atom())):
            return True
        case Finally(phi=Globally(phi=Atom())):
            return True  # "for 11 years in a row within 1815–1840"
    return _positive_unit(f)


def run_of(f: Formula) -> str | None:
    """The event a plain question asks about as a run ("alive for 7 years in a row, starting in some
    year from ..."), or None."""
    match moved(simplified(f)):
        case Finally(phi=Globally(phi=Atom(name=name))):
            return name
    return None


def _positive_unit(f: Formula) -> bool:
    f = moved(f)
    return isinstance(f, Atom) or (isinstance(f, Finally | Globally) and isinstance(f.phi, Atom))


def ends_left_out(f: Formula) -> Formula:
    """``f`` as a reader who takes a window to leave out its two ends reads it: every window of four
    years or more one year shorter at each end (shorter ones are named year by year, "in 2003, 2004
    or 2005"). A plain question is asked only in a year where this reading and the inclusive one
    give the same answer (generator/temporal_draw.py): blind readers doubted the ends of "between
    2003 and 2015", and though the question now says "at any time from 2003 through 2015"
    (mtl_when.py), the draw keeps the rule, so suites ask the same formulas in the same years."""
    match f:
        case Atom():
            return f
        case Next(phi=phi):
            return Next(ends_left_out(phi))
        case Not(phi=phi):
            return Not(ends_left_out(phi))
        case And(phi1=p1, phi2=p2):
            return And(ends_left_out(p1), ends_left_out(p2))
        case Or(phi1=p1, phi2=p2):
            return Or(ends_left_out(p1), ends_left_out(p2))
        case Finally(a=a, b=b, phi=phi):
            return Finally(*_inner(a, b), ends_left_out(phi))
        case Globally(a=a, b=b, phi=phi):
            return Globally(*_inner(a, b), ends_left_out(phi))
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            return Until(*_inner(a, b), ends_left_out(p1), ends_left_out(p2))
    raise TypeError(f"not an MTL formula: {f!r}")


def _inner(a: int, b: int) -> tuple[int, int]:
    return (a + 1, b - 1) if b - a > 2 else (a, b)


def exclusive(f: Formula) -> Formula:
    """``f`` as a reader who takes "A or B" for one of them only reads it: each "or" is "A and not B,
    or B and not A", one over a window ("Was Moscow located in Moscow Oblast or the Russian SFSR in
    any year from 1914 to 1925?") said of each side's window, as the words put it. A plain question
    is asked only in a year where this reading and the inclusive one give the same answer
    (generator/temporal_draw.py), so that "or" has one answer whichever way it is read."""
    match f:
        case Atom():
            return f
        case Next(phi=phi):
            return Next(exclusive(phi))
        case Not(phi=phi):
            return Not(exclusive(phi))
        case And(phi1=p1, phi2=p2):
            return And(exclusive(p1), exclusive(p2))
        case Or(phi1=p1, phi2=p2):
            one, two = exclusive(p1), exclusive(p2)
            return Or(And(one, Not(two)), And(Not(one), two))
        case Finally(a=a, b=b, phi=Or(phi1=p1, phi2=p2)):
            return exclusive(Or(Finally(a, b, p1), Finally(a, b, p2)))
        case Finally(a=a, b=b, phi=phi):
            return Finally(a, b, exclusive(phi))
        case Globally(a=a, b=b, phi=phi):
            return Globally(a, b, exclusive(phi))
        case Until(a=a, b=b, phi1=p1, phi2=p2):
            return Until(a, b, exclusive(p1), exclusive(p2))
    raise TypeError(f"not an MTL formula: {f!r}")


def _said_window(f: Formula) -> tuple[int, Finally | Globally] | None:
    """The one window a question says with its own time words ("at any time from 1921 through 1929",
    "throughout 1921–1929", generator/mtl_when.py), and how many years after the asked year the
    leading steps move it; None for any other formula (a run, a window over "and", two windows)."""
    step, f = 0, simplified(f)
    while True:
        match f:
            case Next(phi=phi):
                step, f = step + 1, phi
            case Finally(a=a, b=b, phi=phi) | Globally(a=a, b=b, phi=phi) if a == b:
                step, f = step + a, phi
            case Finally(phi=Atom() | Or(phi1=Atom(), phi2=Atom())) | Globally(phi=Atom()):
                return (step, f) if f.b - f.a > 1 else None
            case _:
                return None


def decade_wide(shape: Formula) -> Formula:
    """``shape`` with the window its question says (``_said_window``) made ten years wide by moving
    its windows' ends (``_outer_end``), so that asked in the right year it is a calendar decade: "at
    any time in the 1920s", "throughout the 1990s" (the thirteenth session's start readers rated
    every stretch of years said another way formulaic or wordy). Windows of two years keep "in 2003
    or 2004"; ``shape`` as it is where no end can be moved so. Its depth and operators are kept."""
    said = _said_window(shape)
    if said is None or said[1].b - said[1].a == DECADE - 1:
        return shape
    wider = _outer_end(shape, DECADE - 1 - (said[1].b - said[1].a))
    if wider is not None and (again := _said_window(wider)) and again[1].b - again[1].a == DECADE - 1:
        return wider
    return shape


def _outer_end(f: Formula, by: int) -> Formula | None:
    """``f`` with the ends of its windows of more than a year moved by ``by`` in all: a wider one by
    its outermost window's end, a narrower one by each window's end in turn, outermost first, as far
    as it goes (to a single year); None where they cannot move so far."""
    match f:
        case Next(phi=phi):
            inner = _outer_end(phi, by)
            return None if inner is None else Next(inner)
        case Finally(a=a, b=b, phi=phi) | Globally(a=a, b=b, phi=phi):
            same = Finally if isinstance(f, Finally) else Globally
            end = b if a == b else max(b + by, a, 1)
            if end - b == by:
                return same(a, end, phi)
            inner = _outer_end(phi, by - (end - b))
            return None if inner is None else same(a, end, inner)
    return None


def decade_years(f: Formula, years: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The years of ``years`` in which ``f``'s said window (``_said_window``), ten years wide, is a
    calendar decade (generator/mtl_when.py ``on_decade``); none where it is no such window. A plain
    suite asks in one of them where it can (generator/temporal_draw.py)."""
    said = _said_window(f)
    if said is None or said[1].b - said[1].a != DECADE - 1:
        return []
    start = said[0] + said[1].a
    return [
        (y, y)
        for lo, hi in years
        for y in range(lo + (-(lo + start)) % DECADE, hi + 1, DECADE)
        if on_decade(y + start)
    ]


def shifted(f: Formula, year: int) -> tuple[Formula, int]:
    """``f`` under its leading steps of whole years (N, and F or G over one year), and the year
    they reach: ``N F[2,2] p`` asked at 1836 is p in 1839."""
    while True:
        match f:
            case Next(phi=phi):
                f, year = phi, year + 1
            case Finally(a=a, b=b, phi=phi) | Globally(a=a, b=b, phi=phi) if a == b:
                f, year = phi, year + a
            case _:
                return f, year


def birth_cutoff(f: Formula, year: int) -> tuple[Formula, int | None]:
    """``f`` under its one leading run of time operators, and the year a birth must come by for
    lives that hold from their births on: a point's year, a window's last ("in some year") or first
    ("in every year"); None where a time operator is left inside. A birth is asked before it
    (generator/temporal_question.py ``born_question``), and a plain suite draws it near the births
    (generator/temporal_draw.py)."""
    f, year = shifted(f, year)
    match f:
        case Finally(a=a, b=b, phi=phi):
            return phi, year + b if _timeless(phi) else None
        case Globally(a=a, b=b, phi=phi):
            return phi, year + a if _timeless(phi) else None
    return f, year if _timeless(f) else None


def _timeless(f: Formula) -> bool:
    return all(isinstance(node, Atom | And | Or) for node in walk(f))
