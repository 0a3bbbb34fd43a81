"""MTL formulas as plain English questions, and the temporal prompt (Drowzee Table IV).

A formula is asked at one year, so every window it opens from that year is a stretch of
calendar years, and the question says it so (generator/mtl_when.py):
"Was Charles Dickens alive at any time from 1800 through 1840?", "Was the Victorian era under way
throughout 1830–1850?"; a window of two or three years names them ("in 2003, 2004
or 2005", "in both 2003 and 2004"). What the formula looks at one year ahead is simply that year
(``N p`` at 1836 is p in 1837), and windows inside windows of the same kind add up
(generator/mtl_windows.py). What is left reads as one sentence: G inside F as a run ("for 11
years in a row within 1815–1840"), until as "in some year from 1810
to 1820, E2, and in every year from 1800 until the year before, E1": never "until E2
started", which the semantics do not ask (docs/temporal-semantics.md). Two clauses join as a
person joins them (generator/mtl_said.py): "both Charles Dickens and Charles Darwin were alive",
"Was Kaká both a player for AC Milan in 2005 and ...", "Did A or B play for X",
"neither ... nor ...": one reading each. Plain suites draw only formulas that can be said so
(``sayable``); Drowzee's wording (mtl_table3.py) says any formula.

A question whose whole claim is one event in some years is asked as English asks it ("Did
Kaká play for AC Milan at any time during 2003–2008?"); any other is "Is it true that
<the claim>?". Such a lone event says an award's years as the years it was given ("Was Connie
Willis awarded the Nebula Award in 1992?", "Was Bobby Darin nominated for X in 1962?": the
seventh round's readers rated every "X given in 1992" stiff) and the first or last year of its
stretch (but a career's: generator/temporal_question.py ``CAREERS``), or any year of a marriage,
as "at any time in 1922" (``_Speaker._lone``). A team's "in 1999" is said so: a plain suite asks it
only where a season's reading gives the same answer (generator/temporal_draw.py). Events are
generator/clauses.py ``Clause``s ("Charles Dickens" / "was" / "alive"), or plain past-tense
sentences from callers that have no clause.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from kgtest.core.errors import UnknownNameError
from kgtest.generator.clauses import Clause
from kgtest.generator.mtl_said import Said, join
from kgtest.generator.mtl_when import When, later
from kgtest.generator.mtl_when import year_text as year_text  # where the wording modules look for it
from kgtest.generator.mtl_windows import shifted, simplified
from kgtest.prolog import mtl
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until

INSTRUCTION = "Answer the question with your knowledge and reasoning power."

PLAIN = "plain"
DROWZEE = "drowzee"
WORDINGS = (PLAIN, DROWZEE)
INDIRECT = ("Is it true that ", "Is it false that ")
"""How a question opens when its clauses cannot be asked directly (plain suites keep none)."""
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


def mtl2nl(
    formula: Formula,
    year: int,
    describe: Mapping[str, Event],
    given: Collection[str] = (),
    edges: Mapping[str, Collection[int]] | None = None,
    any_time: Collection[str] = (),
) -> str:
    """The question "does ``formula`` hold in ``year``?" as one plain sentence.

    ``given``: events whose years are the years an award was given, said so ("won the Nebula Award
    given in 1992"). ``edges``: the first and last years of each event's stretches of more than a
    year; an event asked about one of them says "at any time in 1922" (what "in 1922" means here),
    and an event in ``any_time`` in every year (a marriage: generator/asked.py ``AT_ANY_TIME``)."""
    speaker = _Speaker(describe, frozenset(given), edges or {}, frozenset(any_time))
    return speaker.question(formula, year)


_AWARDED = (("receive ", "awarded "), ("win ", "awarded "))
"""An award's clause read in the passive, whose year is the year it was given."""


def _awarded(event: Clause) -> str | None:
    """ "Was Connie Willis awarded the Nebula Award" for "Did Connie Willis win the Nebula Award",
    a nomination as it is ("Was Bobby Darin nominated for X"); None for a clause of another shape."""
    if event.aux == "was" and event.rest.startswith("nominated for "):
        return event.question()
    for verb, passive in _AWARDED:
        if event.aux == "did" and event.rest.startswith(verb):
            return f"Was {event.subject} {passive}{event.rest.removeprefix(verb)}"
    return None


_GIVEN_WHEN = ("in ", "at any time from ", "at any time during ")
"""The time words an award's "given" takes: a year or a window, not a decade's "at any time in"."""


def _after_y(n: int) -> str:
    return "Y" if n == 0 else "a year after Y" if n == 1 else f"{n} years after Y"


class _Speaker:
    def __init__(
        self,
        describe: Mapping[str, Event],
        given: frozenset[str],
        edges: Mapping[str, Collection[int]],
        any_time: frozenset[str],
    ) -> None:
        self._describe = describe
        self._given = given
        self._edges = edges
        self._any_time = any_time

    def _lone(self, f: Formula, year: int, when: str) -> str:
        """The time words of a question about one event alone: in the first or last year of its
        stretch (or any year of a marriage) "at any time in 1922" (the Russian SFSR, founded on 30
        December 1922: in the Soviet Union "in 1922"?; ``edges`` leaves out events whose "in 1998"
        reads as any part of it); for an award, the year it was given ("the Nebula Award for Best
        Short Story given in 1992", "Was X awarded Y in any year from 1967 to 1974?": readers took "in
        1992" for the work's year too). Joins keep theirs, "in 2005" even
        in a first or last year: "at any time in 2005" over "both A and B" read two ways (at once,
        or each at some point?); a plain suite asks a join in such a year only where every reading
        gives its answer (generator/temporal_draw.py)."""
        names = mtl.events_of(f)
        if len(names) != 1:
            return when
        (name,) = names
        at = _point(f, year)
        if at is not None and (at in self._edges.get(name, ()) or name in self._any_time):
            return f"at any time in {year_text(at)}"
        if name not in self._given or not when.startswith(_GIVEN_WHEN):
            return when
        return f"given {when}"

    def question(self, f: Formula, year: int) -> str:
        g = simplified(f)
        said = self._say(g, When(year))
        if said.event is not None:
            when = self._lone(g, year, said.question_when)
            if when.startswith("given ") and (awarded := _awarded(said.event)):
                return f"{awarded} {when.removeprefix('given ')}?"
            return f"{said.event.question()} {when}?".replace(" ?", "?")
        if isinstance(f, Not) and said.text.startswith("it was not the case that "):
            return f"{INDIRECT[1]}{said.text.removeprefix('it was not the case that ')}?"
        return f"{INDIRECT[0]}{said.text}?"

    # -- events -----------------------------------------------------------------------------
    def _event(self, name: str) -> Event:
        if name not in self._describe:
            raise UnknownNameError("event", name, self._describe)
        return self._describe[name]

    def _positive(self, name: str, when: str, ask: str = "", at_point: bool = False) -> Said:
        e = self._event(name)
        if isinstance(e, Clause):
            return Said(e.statement(), when, e, at_point, ask=ask, clause=e)
        return Said(e, when, at_point=at_point)

    def _negative(self, name: str, when: str, at_point: bool = False) -> Said:
        e = self._event(name)
        if isinstance(e, Clause):
            return Said(e.negative(), when, at_point=at_point, clause=e, negated=True)
        return Said(f"it was not the case that {e}", when, at_point=at_point)

    # -- formulas ---------------------------------------------------------------------------
    def _say(self, f: Formula, when: When) -> Said:
        match f:
            case Atom(name=name):
                return self._positive(name, when.point(), at_point=True)
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
                return join("and", self._say(p1, when), self._say(p2, when))
            case Or(phi1=p1, phi2=p2):
                return join("or", self._say(p1, when), self._say(p2, when))
            case Not(phi=phi):
                return self._not(phi, when)
        raise TypeError(f"not an MTL formula: {f!r}")

    def _some(self, a: int, b: int, phi: Formula, when: When) -> Said:
        """F[a,b] phi, a < b."""
        match phi:
            case Atom(name=name):
                return self._positive(name, *when.some(a, b))
            case Globally(a=c, b=d, phi=Atom(name=name)):
                return self._positive(name, f"for {d - c + 1} years in a row {when.run(a + c, b + c, d - c)}")
            case Or(phi1=Atom(name=n1), phi2=Atom(name=n2)):
                # one or the other in some year: one of them in some year, said once if they are alike
                said = join("or", self._positive(n1, *when.some(a, b)), self._positive(n2, *when.some(a, b)))
                if not said.op:
                    return said
        return _quantified("in some year", when.span(a, b), self._say(phi, When(None)))

    def _every(self, a: int, b: int, phi: Formula, when: When) -> Said:
        """G[a,b] phi, a < b."""
        match phi:
            case Atom(name=name):
                return self._positive(name, when.every(a, b))
            case Not(phi=Atom(name=name)):
                return self._negative(name, when.none(a, b))
        return _quantified("in every year", when.span(a, b), self._say(phi, When(None)))

    def _until(self, a: int, b: int, p1: Formula, p2: Formula, when: When) -> Said:
        """Some year in the window where p2 holds, with p1 in every year from ``when`` to the one before.

        Inside a phrase that chose a year, that year is called Y (two years would otherwise both
        be "that year"); at a calendar year, a side that speaks of a Y of its own (an until inside)
        has its phrase introduce it.
        """
        if a == b == 0:  # [R-Until-0]: p2 in the year itself
            return self._say(p2, when)
        right = self._say(p2, When(None))
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
        return Said(
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
            said = self._say(p1, When(None))
            return 0, said.uses_y(), f"until the year before that, {said.worded('and')}"
        end = shift + span - 1  # E holds from t + shift to (the until's year - 1) + shift + span
        through = (
            "until the year before that"
            if end < 0
            else "through that year"
            if end == 0
            else f"through {later(end).removesuffix(' later')} after that year"
        )
        return shift, False, f"{through}, {self._positive(inner.name, '').text}"

    def _not(self, phi: Formula, when: When) -> Said:
        match phi:
            case Atom(name=name):
                return self._negative(name, when.point(), at_point=True)
            case Next(phi=inner):
                return self._not(inner, when.later(1))
            case Finally(a=a, b=b, phi=inner) | Globally(a=a, b=b, phi=inner) if a == b:
                return self._not(inner, when.later(a))
            case Finally(a=a, b=b, phi=Atom(name=name)):
                return self._negative(name, when.none(a, b))
            case Finally(a=a, b=b, phi=inner):
                return _quantified("in no year", when.span(a, b), self._say(inner, When(None)))
            case Globally(a=a, b=b, phi=inner):
                return _quantified("in some year", when.span(a, b), self._not(inner, When(None)))
            case And(phi1=p1, phi2=p2):
                return Said(op="or", parts=(self._not(p1, when), self._not(p2, when)))
            case Or(phi1=p1, phi2=p2):
                return join("and", self._not(p1, when), self._not(p2, when))
        return Said(f"it was not the case that {self._say(phi, when).text}")


def _point(f: Formula, year: int) -> int | None:
    """The one year ``f`` asked at ``year`` looks at, when it is one event in one year."""
    g, at = shifted(f, year)
    return at if isinstance(g, Atom) else None


def _quantified(quantifier: str, span: str, body: Said) -> Said:
    """ "in every year from 1830 to 1850, <body>"; "every year Y" when the body speaks of Y."""
    if body.uses_y():
        quantifier += " Y"
    return Said(f"{quantifier} {span}, {body.text}")
