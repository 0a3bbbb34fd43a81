"""Knowledge triples read from a reply's reasoning, and the extractors that read them.

Drowzee's ExtractTriple step (Algorithm 3, line 8). Extractors sit behind a Protocol and a
registry so a heavier one can replace the default: ``spacy`` (offline, a dependency-parse
reader, the default) and ``corenlp`` (Stanford OpenIE on a CoreNLP server the user runs).
Each is imported only when chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kgtest.core.errors import UnknownNameError


@dataclass(frozen=True, slots=True)
class Triple:
    """One statement ``subject --relation--> object`` as the reply words it."""

    subject: str
    relation: str
    """Surface words, lower case, without negation: ``was born in``, ``wrote``, ``is capital of``."""
    object: str
    negated: bool = False
    """The reply states the opposite ("was not born in", "never lived in", "Portsmouth, not London")."""
    key: str = ""
    """Lemmas of the relation's content words (``bear in``, ``write by``, ``capital of``): equal keys
    are the same relation whatever the tense; a key ending in ``by`` is the passive of the key without it."""
    sentence: str = ""
    """The sentence it was read from."""
    subject_pronoun: str = ""
    """The subject's pronoun ("he", "it"), lower case, where the extractor stood the last named
    subject in for it; the oracle may pick another of ``antecedents`` ("he" names a person)."""
    object_pronoun: str = ""
    """The same for the object ("never received it")."""
    antecedents: tuple[str, ...] = ()
    """For a pronoun end: the last named subject, then the names before the clause, nearest first."""
    only: str = ""
    """The reply says the subject has no other value of the relation than the object, of this kind:
    "her only Nobel was in Physics" gives ``Nobel``, "he received no other prize" ``prize``; "*"
    for any kind ("his only wife"). Empty: it says nothing of other values."""
    acted_on: str = ""
    """For a year or date: what the verb acted on ("Armenia opened an embassy in 2010": ``embassy``;
    "he started it in 2009": ``it``). The year dates that act, not the subject's own life: it is no
    founding of Armenia nor start of him, only the date of a fact the clause states of its object."""


class TripleExtractor(Protocol):
    """Reads triples from many texts at once (batching is where the speed is)."""

    name: str

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        """One list of triples per text, in order.

        ``names[i]`` are entity names text ``i`` may mention (the case's labels): each is read as one
        name however it parses ("All in the Family", "Hauts-de-Seine", "Alfred P. Sloan, Jr. Prize").
        """
        ...


ExtractorFactory = Callable[..., TripleExtractor]


def _spacy(**options: Any) -> TripleExtractor:
    from kgtest.kg.extract.spacy_triples import SpacyExtractor

    return SpacyExtractor(**options)


def _corenlp(**options: Any) -> TripleExtractor:
    from kgtest.kg.extract.corenlp import CoreNlpExtractor

    return CoreNlpExtractor(**options)


_REGISTRY: dict[str, ExtractorFactory] = {"spacy": _spacy, "corenlp": _corenlp}


def register_extractor(name: str, factory: ExtractorFactory) -> None:
    """Make ``make_extractor(name)`` build extractors with ``factory(**options)``."""
    _REGISTRY[name] = factory


def extractor_names() -> list[str]:
    return sorted(_REGISTRY)


def make_extractor(name: str = "spacy", **options: Any) -> TripleExtractor:
    """The extractor registered as ``name``; unknown names list the known ones."""
    if name not in _REGISTRY:
        raise UnknownNameError("triple extractor", name, _REGISTRY)
    return _REGISTRY[name](**options)
