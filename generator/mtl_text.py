"""MTL formulas as English questions (Drowzee Table III) and the temporal prompt (Table IV).

Table III nests whole questions inside questions ("where Event is defined as <question>"),
which stops being English at depth 2. Here a sub-formula that is more than an event or a
negated event gets a name, "Event 1", and one defining sentence that comes *before* the
question, innermost first, so every sentence only uses names already defined. Windows are
spelt out with both offsets and calendar years, and until is phrased as "a year ... in
which E2, such that in every year from t up to but not including that year, E1": the
paper's "until Event2 started" would suggest E2 began then, which the semantics do not ask
(docs/temporal-semantics.md).

Event descriptions are past-tense clauses, e.g. "Charles Dickens was alive" or "the
Victorian era was under way".
"""

from __future__ import annotations

from collections.abc import Mapping

from kgtest.core.errors import UnknownNameError
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


def temporal_prompt(question: str) -> str:
    """The Table IV prompt: instruction, then the temporal query around ``question``."""
    return f"{INSTRUCTION}\n{_TEMPORAL_QUERY.format(question=question)}"


def year_text(year: int) -> str:
    """Astronomical year numbering to words: 1800 -> "1800", -43 -> "44 BC"."""
    return str(year) if year >= 1 else f"{1 - year} BC"


def mtl2nl(formula: Formula, year: int, describe: Mapping[str, str]) -> str:
    """The question "does ``formula`` hold in ``year``?", with its definitions before it."""
    return _Speaker(describe).question(formula, year)


def _years(n: int) -> str:
    return f"{n} year" if n == 1 else f"{n} years"


def _offsets(a: int, b: int, ref: str) -> str:
    """'exactly 5 years after 1800' or 'from 0 to 40 years after 1800'."""
    return f"exactly {_years(a)} after {ref}" if a == b else f"from {a} to {b} years after {ref}"


def _when(quantifier: str, a: int, b: int, ref: str) -> str:
    """'in every year from 2 to 5 years after 1800'; a one-year window needs no quantifier."""
    if a == b == 0:
        return f"in {ref}"
    if a == b == 1:
        return f"in the year after {ref}"
    if a == b:
        return f"in the year exactly {_years(a)} after {ref}"
    return f"in {quantifier} year {_offsets(a, b, ref)}"


def _calendar(a: int, b: int, year: int) -> str:
    if a == b == 0:
        return ""
    first, last = year_text(year + a), year_text(year + b)
    return f" ({first})" if a == b else f" ({first} to {last})"


class _Speaker:
    """Renders one question; owns the numbering of named sub-events."""

    def __init__(self, describe: Mapping[str, str]) -> None:
        self._describe = describe
        self._definitions: list[str] = []

    def question(self, formula: Formula, year: int) -> str:
        core = self._ask(formula, year)
        return " ".join([*self._definitions, core])

    # -- the question about the query year ---------------------------------------------------
    def _ask(self, f: Formula, year: int) -> str:
        t = year_text(year)
        match f:
            case Not(phi=phi):
                return f"Was it false in {t} that {self._clause(phi)}?"
            case Finally(a=a, b=b, phi=phi):
                return f"Was it true {self._some(a, b, t)}{_calendar(a, b, year)} that {self._clause(phi)}?"
            case Globally(a=a, b=b, phi=phi):
                return f"Was it true {self._every(a, b, t)}{_calendar(a, b, year)} that {self._clause(phi)}?"
            case Next(phi=phi):
                return f"Was it true in the year after {t} ({year_text(year + 1)}) that {self._clause(phi)}?"
            case Until(a=a, b=b, phi1=p1, phi2=p2):
                return f"Was there {self._until(a, b, p1, p2, t, _calendar(a, b, year))}?"
            case _:
                return f"Was it true in {t} that {self._point(f)}?"

    # -- sentence parts ----------------------------------------------------------------------
    @staticmethod
    def _some(a: int, b: int, ref: str) -> str:
        return _when("at least one", a, b, ref)

    @staticmethod
    def _every(a: int, b: int, ref: str) -> str:
        return _when("every", a, b, ref)

    def _until(self, a: int, b: int, p1: Formula, p2: Formula, ref: str, calendar: str) -> str:
        """'a year ... in which E2, such that ... E1', to follow "was there" or "there was"."""
        right, left = self._clause(p2), self._clause(p1)
        return (
            f"a year {_offsets(a, b, ref)}{calendar} in which {right}, such that in every year "
            f"from {ref} up to but not including that year, {left}"
        )

    def _point(self, f: Formula) -> str:
        """A clause for the Boolean operators at one year."""
        match f:
            case And(phi1=p1, phi2=p2):
                return f"both {self._clause(p1)} and {self._clause(p2)}"
            case Or(phi1=p1, phi2=p2):
                return f"{self._clause(p1)} or {self._clause(p2)} (or both)"
            case Not(phi=phi):
                return f"it was not the case that {self._clause(phi)}"
            case _:
                return self._clause(f)

    def _clause(self, f: Formula) -> str:
        """A clause saying ``f`` held in the year the sentence is about; names what is not simple."""
        match f:
            case Atom(name=name):
                if name not in self._describe:
                    raise UnknownNameError("event", name, self._describe)
                return self._describe[name]
            case Not(phi=Atom() as atom):
                return f"it was not the case that {self._clause(atom)}"
            case _:
                return f'"{self._define(f)}" happened'

    def _define(self, f: Formula) -> str:
        """Add the sentence defining ``f`` (its parts first) and return its name."""
        match f:
            case Finally(a=a, b=b, phi=phi):
                body = f", {self._some(a, b, 'Y')}, {self._clause(phi)}"
            case Globally(a=a, b=b, phi=phi):
                body = f", {self._every(a, b, 'Y')}, {self._clause(phi)}"
            case Next(phi=phi):
                body = f", in the year after Y, {self._clause(phi)}"
            case Until(a=a, b=b, phi1=p1, phi2=p2):
                body = f" there was {self._until(a, b, p1, p2, 'Y', '')}"
            case _:
                body = f", in Y, {self._point(f)}"
        name = f"Event {len(self._definitions) + 1}"
        end = "" if body.endswith(".") else "."  # a description may end in "F.C."
        self._definitions.append(f'Say that "{name}" happened in a year Y if{body}{end}')
        return name
