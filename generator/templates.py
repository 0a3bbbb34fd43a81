"""Fact questions: kgtest's plain wording, Drowzee's templates (Tables II and III), the prompt (Table IV).

The plain wording (the default) asks what a person would: "Was Lavagna located in the
Province of Genoa in 2014?", "Did Kaká play for AC Milan?", from each relation's ``ask``
(generator/phrasing.py) and the clause forms of generator/clauses.py. Its negated variant,
whose answer is the opposite one, asks about the negative statement in the one frame with a
single reading: 'Is this statement true: "Kaká did not play for AC Milan"?', unless the relation
has an opposite (generator/phrasing.py), which asks it as a person would: "Was Moscow outside the
Soviet Union in 1977?", "Did Mark Cavendish miss the 2009 Giro d'Italia?".

With ``--wording drowzee`` the questions are Drowzee's, word for word. Every relation has a
*phrase*, the words of "S <phrase> O" with their tense ("was born in", "is located in",
"follows"), and the relation's category decides the negated (antonym) wording (Table II):

    noun     "It is false that S <phrase> O. Please judge the truthfulness of this statement."
    passive  "It is impossible for S to be <participle ...> O. Am I right?"
    active   "Is it true that S never <phrase> O?"

A derived predicate ``^P`` (P read backwards) is worded with the catalog's inverse phrase;
it is passive when that phrase starts with a copula ("is the father of"), else active. A
statement asked about a year uses Table III's flat templates for an event at a year:
'Did "S <past phrase> O" happen at year YEAR?' and its negation.

Tense follows validity in both (docs/time.md): the present when the statement is undated or
holds in the KB's reference year, else one year it held in, in the past tense.
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.core.errors import GenerationError
from kgtest.generator.clauses import Clause
from kgtest.generator.mtl_text import INSTRUCTION, year_text
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Category

ORIGINAL = "original"
NEGATED = "negated"

_COPULA = {"is": "to be", "are": "to be", "was": "to have been", "were": "to have been"}
_PAST = {
    "is": "was",
    "are": "were",
    "has": "had",
    "contains": "contained",
    "follows": "followed",
    "owns": "owned",
    "produces": "produced",
    "shares": "shared",
}
"""Present-tense first words of the catalog's phrases and their past forms (the rest are past)."""

_RELATION_QUERY = (
    "Given the question: {question}\n"
    "Please provide an answer with your knowledge and reasoning power. Think step by step with a "
    "human-like reasoning process. After giving the answer, list the knowledge used in your reasoning "
    "process in the form of declarative sentences, point by point. "
    "The answer must contain 'Yes', 'No' or 'I don't know' at the beginning."
)


@dataclass(frozen=True, slots=True)
class Wording:
    """How a property reads in a sentence."""

    phrase: str
    category: Category
    label: str


def wording(pid: str, catalog: RelationCatalog) -> Wording:
    """The phrase and category for ``pid``, or for ``^P`` (P's inverse phrase)."""
    if pid.startswith("^"):
        base = catalog.resolve(pid[1:])
        if not base.inverse_phrase:
            raise GenerationError(
                f"property {pid!r} reads {base.id} backwards, but {base.id} has no inverse_phrase"
            )
        first = base.inverse_phrase.split(" ", 1)[0]
        category = Category.PASSIVE if first in _COPULA else Category.ACTIVE
        return Wording(base.inverse_phrase, category, f"inverse of {base.label}")
    rel = catalog.resolve(pid)
    return Wording(rel.phrase or f"has as {rel.label}", rel.category, rel.label)


def past(phrase: str) -> str:
    """The phrase in the past tense: "is located in" -> "was located in", "contains" -> "contained"."""
    first, _, rest = phrase.partition(" ")
    return f"{_PAST.get(first, first)} {rest}".strip()


def plain_question(
    said: Clause,
    variant: str,
    year: int | None = None,
    ever: bool = False,
    opposite: Clause | None = None,
    any_time: bool = False,
) -> str:
    """ "Was S located in O in 2014?", or for the negated variant the ``opposite`` asked ("Was S
    located outside O in 2014?", the same answer: blind readers rated every quoted negation stiff),
    else 'Is this statement true: "S was not located in O in 2014"?': readers read "Is it true that S
    was not ...?" two ways (does "No" deny the statement or agree that S was not?); a quoted
    statement leaves "Yes" and "No" one meaning. With ``ever`` (no year): "Was S ever located in
    O?", "Was S always located outside O?" and '... "S was never located in O"?'. With
    ``any_time`` the year is "at any time in 1983" (``asked.AT_ANY_TIME``)."""
    when = "" if year is None else f" {'at any time ' if any_time else ''}in {year_text(year)}"
    if variant == ORIGINAL:
        return f"{said.ever_question() if ever else said.question()}{when}?"
    if variant == NEGATED and opposite is not None:
        return f"{opposite.always_question() if ever else opposite.question()}{when}?"
    if variant == NEGATED:
        return f'Is this statement true: "{_capital(said.never() if ever else said.negative())}{when}"?'
    raise GenerationError(f"variant={variant!r}; use {ORIGINAL!r} or {NEGATED!r}")


def table_question(subject: str, how: Wording, obj: str, variant: str, year: int | None = None) -> str:
    """Drowzee's question for "``subject`` <phrase> ``obj``": Table II, or Table III about ``year``."""
    if variant not in (ORIGINAL, NEGATED):
        raise GenerationError(f"variant={variant!r}; use {ORIGINAL!r} or {NEGATED!r}")
    if year is not None:  # Table III: mtl2NL(nm) and mtl2NL(not nm)
        sentence = f"{subject} {past(how.phrase)} {obj}"
        if variant == ORIGINAL:
            return f'Did "{sentence}" happen at year {year_text(year)}?'
        return f'Did "Event" not happen at year {year_text(year)}, where "Event" is "{sentence}"?'
    if variant == ORIGINAL:
        return f"Is it true that {subject} {how.phrase} {obj}?"
    if how.category is Category.PASSIVE:
        first, _, rest = how.phrase.partition(" ")
        if first in _COPULA and rest:
            return f"It is impossible for {subject} {_COPULA[first]} {rest} {_stop(obj)} Am I right?"
        return f"It is impossible that {subject} {how.phrase} {_stop(obj)} Am I right?"
    if how.category is Category.ACTIVE:
        return f"Is it true that {subject} never {how.phrase} {obj}?"
    judge = "Please judge the truthfulness of this statement."
    return f"It is false that {subject} {how.phrase} {_stop(obj)} {judge}"


def _capital(sentence: str) -> str:
    """The sentence with its first letter capital ("the Lüneburg Government Region was ...")."""
    return sentence[:1].upper() + sentence[1:]


def _stop(text: str) -> str:
    """End a sentence after ``text`` without doubling a final period ("Charles Dickens Jr.")."""
    return text if text.endswith(".") else f"{text}."


def fact_prompt(text: str) -> str:
    """The Table IV prompt: instruction, then the relation query around ``text``."""
    return f"{INSTRUCTION}\n{_RELATION_QUERY.format(question=text)}"
