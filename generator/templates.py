"""Fact questions from templates (Drowzee Table II) and the relation prompt (Table IV).

Every relation has a *phrase*, the words of "S <phrase> O" with their tense ("was born
in", "is located in", "follows"), so the original question is the same for all
categories. The category decides the negated (antonym) wording, whose answer is the
opposite one:

    noun     "It is false that S <phrase> O. Please judge the truthfulness of this statement."
    passive  "It is impossible for S to be <participle ...> O. Am I right?"
    active   "Is it true that S never <phrase> O?"

A derived predicate ``^P`` (P read backwards) is worded with the catalog's inverse phrase;
it is passive when that phrase starts with a copula ("is the father of"), else active.

Tense follows validity (docs/reasoning.md): the phrase is used as it stands ("is located
in") when the statement is undated or holds in the KB's reference year. Otherwise the
question names a year it held in, in the past tense:

    original "Is it true that S <past phrase> O in YEAR?"
    negated  "It is impossible for S to have been <participle ...> O in YEAR. Am I right?"
             (a copula phrase), else
             "It is false that S <past phrase> O in YEAR. Please judge the truthfulness ..."

or, with ``--wording drowzee``, Drowzee's flat Table III templates for an event at a year:
'Did "S <past phrase> O" happen at year YEAR?' and its negation.
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.core.errors import GenerationError
from kgtest.generator.mtl_text import DROWZEE, INSTRUCTION, PLAIN, year_text
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


def question(
    subject: str, how: Wording, obj: str, variant: str, year: int | None = None, style: str = PLAIN
) -> str:
    """The question for "``subject`` <phrase> ``obj``"; the negated variant asserts the opposite.

    With a ``year`` the statement is asked about that year, in the past tense.
    """
    if variant not in (ORIGINAL, NEGATED):
        raise GenerationError(f"variant={variant!r}; use {ORIGINAL!r} or {NEGATED!r}")
    if style not in (PLAIN, DROWZEE):
        raise GenerationError(f"wording={style!r}; use {PLAIN!r} or {DROWZEE!r}")
    if year is not None:
        return _in_year(subject, past(how.phrase), obj, variant, year_text(year), style)
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


def _in_year(subject: str, phrase: str, obj: str, variant: str, year: str, style: str) -> str:
    sentence = f"{subject} {phrase} {obj}"
    if style == DROWZEE:  # Table III: mtl2NL(nm) and mtl2NL(not nm)
        if variant == ORIGINAL:
            return f'Did "{sentence}" happen at year {year}?'
        return f'Did "Event" not happen at year {year}, where "Event" is "{sentence}"?'
    if variant == ORIGINAL:
        return f"Is it true that {sentence} in {year}?"
    first, _, rest = phrase.partition(" ")
    if first in ("was", "were") and rest:
        return f"It is impossible for {subject} to have been {rest} {obj} in {year}. Am I right?"
    return f"It is false that {sentence} in {year}. Please judge the truthfulness of this statement."


def _stop(text: str) -> str:
    """End a sentence after ``text`` without doubling a final period ("Charles Dickens Jr.")."""
    return text if text.endswith(".") else f"{text}."


def fact_prompt(text: str) -> str:
    """The Table IV prompt: instruction, then the relation query around ``text``."""
    return f"{INSTRUCTION}\n{_RELATION_QUERY.format(question=text)}"
