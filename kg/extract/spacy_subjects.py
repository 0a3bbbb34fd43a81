"""A clause's subjects, for the default extractor (spacy_triples.py): the verb's own, a conjoined
verb's or a participle's head ("Heisenberg, born in Würzburg, ..."), "which" after a name, and a
pronoun stood in for by the last named subject."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from kgtest.kg.extract import spacy_nouns as sn
from kgtest.kg.extract import spacy_parse as sp

if TYPE_CHECKING:
    from spacy.tokens import Token

SUBJECT = {"nsubj", "nsubjpass"}
RELATIVE = {"which", "who", "whom", "that", "whose"}


class Subjects:
    """Mixed into the reader: who or what a verb says something of."""

    _masked: dict[str, str]
    _known: frozenset[str]
    _last_named: str | None
    _plural: bool

    def _subjects(self, verb: Token) -> Iterator[tuple[Token, str]]:
        found = [c for c in verb.children if c.dep_ in SUBJECT] or [  # "Cuxhaven, the port, was": an adverb
            c for c in verb.lefts if c.dep_ == "advmod" and c.text in self._known
        ]
        if not found and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
            yield from self._subjects(verb.head)  # "married Catherine and had ten children"
            return
        if not found and verb.dep_ in ("acl", "parataxis") and verb.tag_ == "VBN" and sp.proper(verb.head):
            yield verb.head, sp.phrase(verb.head)  # "Heisenberg, born in Würzburg, ..."
            return
        if (
            not found
            and verb.dep_ in ("acl", "parataxis")
            and verb.tag_ == "VBN"
            and verb.head.dep_ == "attr"
        ):
            yield from self._subjects(verb.head.head)  # "Kamp is a Danish cyclist, born in Denmark"
            return
        if not found and verb.dep_ == "advcl" and verb.tag_ == "VBN" and verb.head.pos_ in ("VERB", "AUX"):
            yield from self._subjects(verb.head)  # "Born in Oxford, Hawking studied ..."
            return
        for head in found:
            for tok in sp.with_conj(head):
                tok = sp.named_token(tok)  # "His first wife, Elsa, was born in 1876"
                if tok.lower_ in RELATIVE and verb.dep_ == "relcl":
                    which = sp.named_token(verb.head, within=True)  # "the region of Swabia, which is ..."
                    yield which, sp.phrase(which)
                elif tok.lower_ == "it" and any(c.dep_ in ("ccomp", "csubj", "xcomp") for c in verb.children):
                    continue  # "it was not the case that ...", "it is true that ...": no one
                elif tok.lower_ in sp.PRONOUN:
                    plural = self._plural and tok.lower_ == "they"
                    yield tok, tok.lower_ if plural else self._last_named or tok.lower_
                elif sn.place_reference(tok):  # "The city lies in Bavaria"
                    yield tok, sn.THERE
                else:
                    text = sp.phrase(tok)
                    owned = any(c.dep_ == "poss" and c.lower_ in sp.PRONOUN for c in tok.children)
                    named = tok.pos_ == "PROPN" or text in self._masked or text in self._known
                    self._plural = tok.tag_ == "NNS" and not named
                    if named and not owned:  # not "her Nobel"
                        self._last_named = text
                    yield tok, text
