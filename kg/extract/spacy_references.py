"""What a reply's references point to, for the default extractor (spacy_triples.py): "he", "she",
"it" and "they" (the last named subject, with the names before it for the oracle to choose from
by kind: oracle/pronouns.py), "there" and "that town" (the place named before), "the former" and
"the latter" (the names before the clause, in order)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgtest.kg.extract import spacy_nouns as sn
from kgtest.kg.extract import spacy_parse as sp
from kgtest.kg.extract.text import unmask

if TYPE_CHECKING:
    from spacy.tokens import Token

_ANTECEDENTS = 6
"""Names offered for a pronoun: enough for the sentences before it."""


class References:
    """Mixed into the reader: the names before the clause being read, and what a reference takes."""

    _masked: dict[str, str]
    _last_named: str | None
    _names: list[Token]
    """The tokens heading a name in the reply, in order."""
    _examples: set[int]
    """Names given as examples ("departments such as Ain"): no pronoun after them points to one."""
    _at: Token | None
    """The clause's verb: names before it are a pronoun's antecedents."""

    def _place_before(self) -> str | None:
        """The nearest name before the clause other than its subject: where "there" points."""
        before = [sp.phrase(t) for t in reversed(self._names) if self._at is None or t.i < self._at.i]
        return next((n for n in before if n != self._last_named), None)

    def _ordinal(self, name: str) -> str:
        """ "the latter" is the last name before the clause, "the former" the one before it (not
        counting places: "Einstein met Bohr in Brussels; the former ..." is Einstein)."""
        if name not in sn.ORDINAL:
            return name
        before = [
            sp.phrase(t)
            for t in reversed(self._names)
            if (self._at is None or t.i < self._at.i)
            and not (t.dep_ == "pobj" and t.head.lower_ in sn.AT_PLACE)
        ]
        before = list(dict.fromkeys(before))
        k = sn.ORDINAL[name]
        return before[k] if len(before) > k else name

    def _antecedents(self) -> tuple[str, ...]:
        """The last named subject, then the names before the clause, nearest first, but for examples
        ("... departments such as Ain, so Somme didn't belong to it": the region, not Ain); names in a
        relative clause come last ("Aquitaine, that was folded into Nouvelle-Aquitaine. Meuse never
        belonged to it": Aquitaine)."""
        named = [t for t in reversed(self._names) if (self._at is None or t.i < self._at.i)]
        named = sorted((t for t in named if t.i not in self._examples), key=sp.in_relative_clause)
        before = [sp.phrase(t) for t in named]
        found = [unmask(n, self._masked) for n in ([self._last_named] if self._last_named else []) + before]
        return tuple(dict.fromkeys(n for n in found if n))[:_ANTECEDENTS]
