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
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.core.errors import GenerationError
from kgtest.generator.mtl_text import INSTRUCTION
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Category

ORIGINAL = "original"
NEGATED = "negated"

_COPULA = {"is": "to be", "are": "to be", "was": "to have been", "were": "to have been"}

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


def question(subject: str, how: Wording, obj: str, variant: str) -> str:
    """The question for "``subject`` <phrase> ``obj``"; the negated variant asserts the opposite."""
    if variant == ORIGINAL:
        return f"Is it true that {subject} {how.phrase} {obj}?"
    if variant != NEGATED:
        raise GenerationError(f"variant={variant!r}; use {ORIGINAL!r} or {NEGATED!r}")
    if how.category is Category.PASSIVE:
        first, _, rest = how.phrase.partition(" ")
        if first in _COPULA and rest:
            return f"It is impossible for {subject} {_COPULA[first]} {rest} {_stop(obj)} Am I right?"
        return f"It is impossible that {subject} {how.phrase} {_stop(obj)} Am I right?"
    if how.category is Category.ACTIVE:
        return f"Is it true that {subject} never {how.phrase} {obj}?"
    judge = "Please judge the truthfulness of this statement."
    return f"It is false that {subject} {how.phrase} {_stop(obj)} {judge}"


def _stop(text: str) -> str:
    """End a sentence after ``text`` without doubling a final period ("Charles Dickens Jr.")."""
    return text if text.endswith(".") else f"{text}."


def fact_prompt(text: str) -> str:
    """The Table IV prompt: instruction, then the relation query around ``text``."""
    return f"{INSTRUCTION}\n{_RELATION_QUERY.format(question=text)}"
