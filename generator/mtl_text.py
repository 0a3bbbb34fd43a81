"""MTL formulas as plain English questions, and the temporal prompt (Drowzee Table IV).

A formula is asked at one year, so every window it opens from that year is a stretch of
calendar years, and the question says it so, each window's ends once: "Was Charles Dickens
alive at some point from 1800 to 1840?", "Was the Victorian era under way in every year from
1830 to 1850?". What the formula looks at one year ahead is simply that year (``N p`` at 1836
is p in 1837), and windows inside windows of the same kind add up (``F[0,5] F[2,3] p`` is p at
some point from t+2 to t+8). What is left reads as one sentence: an inner window is said
from "each year" of the outer one ("in every year from 1830 to 1850, Charles Dickens was alive
at some point 3 to 8 years later"), G inside F as a run ("for 11 years in a row, starting in
some year from 1815 to 1830"), and until as "in some year from 1810 to 1820, E2, and in every
year from 1800 until the year before, E1": never "until E2 started", which the semantics do
not ask (docs/temporal-semantics.md). "not (A or B)" reads "neither ... nor ...", "not (A and
B)" as "not A, not B, or both", "A or B" as "A, B, or both": one reading each.

A question whose whole claim is one event in some years is asked as English asks it ("Did
Kaká play for AC Milan in every year from 2003 to 2008?"); any other is "Is it true that
<the claim>?". Events are generator/clauses.py ``Clause``s ("Charles Dickens" / "was" /
"alive"), or plain past-tense sentences from callers that have no clause.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kgtest.core.errors import UnknownNameError
from kgtest.generator.clauses import Clause
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until

INSTRUCTION = "Answer the question with your knowledge and reasoning power."

PLAIN = "plain"
DROWZEE = "drowzee"
WORDINGS = (PLAIN, DROWZEE)
"""How questions about years read: kgtest's plain English (the default), or Drowzee's Table III
templates word for word (generator/mtl_table3.py), kept for faithfulness to the paper."""

_TEMPORAL_QUERY = (
    "Given the question: {question}\n"
    "Please provide an answer with your knowledge and reasoning power upon metric temporal logic. "
    "Think step by step with a human-like reasoning process. After giving the answer, list the evidence "
    "from your temporal reasoning in the form of declarative sentences, point by point. "
    "The answer must contain 'Yes', 'No' or 'I don't know' at the beginning."
)

Event = Clause | str
"""An event as a clause, or as a past-tense sentence ("the treaty was in force")."""


def temporal_prompt(question: str) -> str:
    """The Table IV prompt: instruction, then the temporal query around ``question``."""
    return f"{INSTRUCTION}\n{_TEMPORAL_QUERY.format(question=question)}"


def year_text(year: int) -> str:
    """Astronomical year numbering to words: 1800 -> "1800", -43 -> "44 BC"."""
    return str(year) if year >= 1 else f"{1 - year} BC"


def mtl2nl(formula: Formula, year: int, describe: Mapping[str, Event]) -> str:
    """The question "does ``formula`` hold in ``year``?" as one plain sentence."""
    return _Speaker(describe).question(formula, year)


@dataclass(frozen=True, slots=True)
class _When:
    """A time a clause is about: a calendar year, or ``offset`` years after the year a phrase
    before it chose ("in every year from 1830 to 1850, ... 3 years later")."""

    year: int | None
    offset: int = 0

    def later(self, n: int) -> _When:
        return _When(None if self.year is None else self.year + n, self.offset + (self.year is None) * n)

    def point(self) -> str:
        """ "in 1850", "" (the chosen year itself), "a year later", "3 years later"."""
        if self.year is not None:
            return f"in {year_text(self.year)}"
        return "" if self.offset == 0 else _later(self.offset)

    def span(self, a: int, b: int) -> str:
        """ "from 1830 to 1850", "from 3 to 8 years later", "from that year to 8 years later"."""
        if self.year is not None:
            return f"from {year_text(self.year + a)} to {year_text(self.year + b)}"
        lo, hi = self.offset + a, self.offset + b
        return f"from that year to {_later(hi)}" if lo == 0 else f"from {lo} to {hi} years later"


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
    sides = (f.phi1, f.phi2)
    return all(isinstance(p, Atom) or (isinstance(p, Not) and isinstance(p.phi, Atom)) for p in sides)


def _after_y(n: int) -> str:
    return "Y" if n == 0 else "a year after Y" if n == 1 else f"{n} years after Y"


def _later(n: int) -> str:
    return "a year later" if n == 1 else f"{n} years later"


@dataclass(frozen=True, slots=True)
class _Said:
    """A declarative clause and its time words, kept apart so that clauses about one year can
    share them ("in 1850, A and B") and a lone event can be asked as a question; or ``op``
    ("and", "or") over ``parts``, worded once the whole is known."""

    core: str = ""
    when: str = ""
    event: Clause | None = None
    """The one event it asserts, when it asserts nothing else (it can then be asked inverted)."""
    at_point: bool = False
    """``when`` is a single year (only then may two clauses share it)."""
    op: str = ""
    parts: tuple[_Said, ...] = ()

    names_y: bool = False
    """Its words call a year "Y", which the phrase around it must introduce."""

    def uses_y(self) -> bool:
        return self.names_y or any(part.uses_y() for part in self.parts)

    @property
    def text(self) -> str:
        return self.worded()

    def shared_when(self) -> str:
        """The one year every clause in it is about, or ""."""
        if not self.op:
            return self.when if self.at_point else ""
        whens = {part.shared_when() for part in self.parts}
        return whens.pop() if len(whens) == 1 else ""

    def worded(self, inside: str = "", bare: bool = False) -> str:
        """The clause as words; ``inside`` is the operator of the clause around it, if any;
        ``bare`` leaves out the year that clause says once for all its parts.

        "A, B, or both" alone, "either A or B (or both)" inside an "and", "both A and B" inside
        an "or", "A, B, or C (one or more of these)", "at least one of these held: ...; ..." around an
        "and": each reads one way.
        """
        if not self.op:
            return self.core if bare or not self.when else f"{self.core} {self.when}"
        shared = "" if bare or inside else self.shared_when()
        bare = bare or bool(shared)
        kids = [k for part in self.parts for k in (part.parts if part.op == self.op else (part,))]
        items = [k.worded(self.op, bare) for k in kids]
        if any(", " in k.core for k in kids):  # a clause with commas of its own: a list
            held = "all of these held: " if self.op == "and" else "at least one of these held: "
            body = held + "; ".join(items)
        elif self.op == "and":
            body = " and ".join(items) if len(items) == 2 else ", ".join(items[:-1]) + " and " + items[-1]
            body = f"both {body}" if inside == "or" and len(items) == 2 else body
        elif any(k.op for k in kids):
            body = "at least one of these held: " + "; ".join(items)
        elif len(items) > 2:
            body = ", ".join(items[:-1]) + f", or {items[-1]} (one or more of these)"
        elif inside == "and":
            body = f"either {items[0]} or {items[1]} (or both)"
        else:
            body = f"{items[0]}, {items[1]}, or both"
        return f"{shared}, {body}" if shared else body


class _Speaker:
    def __init__(self, describe: Mapping[str, Event]) -> None:
        self._describe = describe

    def question(self, f: Formula, year: int) -> str:
        said = self._say(simplified(f), _When(year))
        if said.event is not None:
            return f"{said.event.question()} {said.when}?".replace(" ?", "?")
        if isinstance(f, Not) and said.text.startswith("it was not the case that "):
            return f"Is it false that {said.text.removeprefix('it was not the case that ')}?"
        return f"Is it true that {said.text}?"

    # -- events -----------------------------------------------------------------------------
    def _event(self, name: str) -> Event:
        if name not in self._describe:
            raise UnknownNameError("event", name, self._describe)
        return self._describe[name]

    def _positive(self, name: str, when: _When) -> _Said:
        e = self._event(name)
        if isinstance(e, Clause):
            return _Said(e.statement(), when.point(), e, True)
        return _Said(e, when.point(), None, True)

    def _negative(self, name: str, when: _When) -> _Said:
        e = self._event(name)
        core = e.negative() if isinstance(e, Clause) else f"it was not the case that {e}"
        return _Said(core, when.point(), None, True)

    # -- formulas ---------------------------------------------------------------------------
    def _say(self, f: Formula, when: _When) -> _Said:
        match f:
            case Atom(name=name):
                return self._positive(name, when)
            case Next(phi=phi):
                return self._say(phi, when.later(1))
            case Finally(a=a, b=b, phi=phi) if a == b:
                return self._say(phi, when.later(a))
            case Globally(a=a, b=b, phi=phi) if a == b:
                return self._say(phi, when.later(a))
            case Finally(a=a, b=b, phi=phi):
                return self._some(a, b, phi, when)
            case Globally(a=a, b=b, phi=phi):
                return self._every(a, b, phi, when)
            case Until(a=a, b=b, phi1=p1, phi2=p2):
                return self._until(a, b, p1, p2, when)
            case And(phi1=p1, phi2=p2):
                return _Said(op="and", parts=(self._say(p1, when), self._say(p2, when)))
            case Or(phi1=p1, phi2=p2):
                return _Said(op="or", parts=(self._say(p1, when), self._say(p2, when)))
            case Not(phi=phi):
                return self._not(phi, when)
        raise TypeError(f"not an MTL formula: {f!r}")

    def _some(self, a: int, b: int, phi: Formula, when: _When) -> _Said:
        """F[a,b] phi, a < b."""
        match phi:
            case Atom(name=name):
                said = self._positive(name, when)
                return _Said(said.core, f"at some point {when.span(a, b)}", said.event)
            case Globally(a=c, b=d, phi=Atom(name=name)):
                said = self._positive(name, when)
                run = f"for {d - c + 1} years in a row, starting in some year {when.span(a + c, b + c)}"
                return _Said(said.core, run, said.event)
        return _quantified("in some year", when.span(a, b), self._say(phi, _When(None)))

    def _every(self, a: int, b: int, phi: Formula, when: _When) -> _Said:
        """G[a,b] phi, a < b."""
        match phi:
            case Atom(name=name):
                said = self._positive(name, when)
                return _Said(said.core, f"in every year {when.span(a, b)}", said.event)
            case Not(phi=Atom(name=name)):
                return _Said(self._negative(name, when).core, f"at any time {when.span(a, b)}")
        return _quantified("in every year", when.span(a, b), self._say(phi, _When(None)))

    def _until(self, a: int, b: int, p1: Formula, p2: Formula, when: _When) -> _Said:
        """Some year in the window where p2 holds, with p1 in every year from ``when`` to the one before.

        Inside a phrase that chose a year, that year is called Y (two years would otherwise both
        be "that year"); at a calendar year, a side that speaks of a Y of its own (an until inside)
        has its phrase introduce it.
        """
        if a == b == 0:  # [R-Until-0]: p2 in the year itself
            return self._say(p2, when)
        right = self._say(p2, _When(None))
        shift, left_y, left = self._left(p1, a)
        if when.year is None:
            lo, hi = when.offset + a, when.offset + b
            window = (
                f"in the year {_after_y(lo)}"
                if lo == hi
                else f"in some year from Y to {hi} years after Y"
                if lo == 0
                else f"in some year from {lo} to {hi} years after Y"
            )
            every, start = "in every year", _after_y(when.offset + shift)
        else:
            some = "in some year Y" if right.uses_y() else "in some year"
            window = f"in {year_text(when.year + a)}" if a == b else f"{some} {when.span(a, b)}"
            every, start = "in every year Y" if left_y else "in every year", year_text(when.year + shift)
        return _Said(
            f"{window}, {right.worded('and')}, and {every} from {start} {left}", names_y=when.year is None
        )

    def _left(self, p1: Formula, a: int) -> tuple[int, bool, str]:
        """How many years later the stretch before the until's year starts, whether its words speak of
        a year Y, and the rest of "in every year from <start> ...": "until the year before that, E1";
        an event a fixed number of years later, or in every year of a window, reads as the stretch it
        covers ("through that year", "through 10 years after that year"). A window (G) is said so
        only when the until's year is always later than the first (``a`` >= 1): the stretch before it
        is then never empty."""
        shift, span, inner = 0, 0, p1
        while True:
            match inner:
                case Next(phi=phi):
                    shift, inner = shift + 1, phi
                case Finally(a=c, b=d, phi=phi) if c == d:
                    shift, inner = shift + c, phi
                case Globally(a=c, b=d, phi=phi) if span == 0:
                    shift, span, inner = shift + c, d - c, phi
                case _:
                    break
        if not isinstance(inner, Atom) or (shift, span) == (0, 0) or (span and a == 0):
            said = self._say(p1, _When(None))
            return 0, said.uses_y(), f"until the year before that, {said.worded('and')}"
        end = shift + span - 1  # E holds from t + shift to (the until's year - 1) + shift + span
        through = (
            "until the year before that"
            if end < 0
            else "through that year"
            if end == 0
            else f"through {_later(end).removesuffix(' later')} after that year"
        )
        return shift, False, f"{through}, {self._positive(inner.name, _When(None)).text}"

    def _not(self, phi: Formula, when: _When) -> _Said:
        match phi:
            case Atom(name=name):
                return self._negative(name, when)
            case Next(phi=inner):
                return self._not(inner, when.later(1))
            case Finally(a=a, b=b, phi=inner) | Globally(a=a, b=b, phi=inner) if a == b:
                return self._not(inner, when.later(a))
            case Finally(a=a, b=b, phi=Atom(name=name)):
                return _Said(self._negative(name, when).core, f"at any time {when.span(a, b)}")
            case Finally(a=a, b=b, phi=inner):
                return _quantified("in no year", when.span(a, b), self._say(inner, _When(None)))
            case Globally(a=a, b=b, phi=inner):
                return _quantified("in some year", when.span(a, b), self._not(inner, _When(None)))
            case And(phi1=p1, phi2=p2):
                return _Said(op="or", parts=(self._not(p1, when), self._not(p2, when)))
            case Or(phi1=Atom(name=n1), phi2=Atom(name=n2)) if all(
                isinstance(self._event(n), Clause) for n in (n1, n2)
            ):
                left, right = self._event(n1), self._event(n2)
                assert isinstance(left, Clause) and isinstance(right, Clause)
                point = when.point()
                core = f"neither {left.inverted()} nor {right.inverted()}"
                return _Said(f"{point}, {core}" if point else core)
            case Or(phi1=p1, phi2=p2):
                return _Said(op="and", parts=(self._not(p1, when), self._not(p2, when)))
        return _Said(f"it was not the case that {self._say(phi, when).text}")


def _quantified(quantifier: str, span: str, body: _Said) -> _Said:
    """ "in every year from 1830 to 1850, <body>"; "every year Y" when the body speaks of Y."""
    if body.uses_y():
        quantifier += " Y"
    return _Said(f"{quantifier} {span}, {body.text}")
