"""Clause shapes beyond subject-verb-object, read for the default extractor (spacy_triples.py).

Each method reads one shape of spaCy's parse and emits the triples it states through the
reader's ``_emit``: the place a "where" clause hangs on, lifetimes in brackets, reciprocal
plurals ("Berlin and Prague are twin cities", "Pierre and Marie Curie married in 1895"), the
noun a relative clause hangs on, a birth told by its mother ("gave birth to her son Albert in
Munich"), a prize given to someone ("the Royal Society never gave him its Copley Medal"), a
possessed prize ("her only Nobel was in Physics", "Einstein's Nobel Prize was the one in
Physics"), and the quantifiers that say a value is the only one ("only one Nobel Prize", "no
other", "never won another").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgtest.kg.extract import spacy_nouns as sn
from kgtest.kg.extract import spacy_parse as sp
from kgtest.kg.extract.spacy_lifespans import lifespans
from kgtest.kg.extract.text import relation_key

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_SUBJECT = {"nsubj", "nsubjpass"}
_RELATIVE = {"which", "who", "whom", "that", "whose"}
_MARRYING = {"marry", "wed"}
"""Verbs two coordinated subjects do to each other: "Pierre and Marie Curie married in 1895"."""
_GIVING = {"give", "award", "grant", "present", "hand", "bestow", "confer"}
"""Verbs whose indirect object receives what they give: "gave him its medal"."""
_PRIZES = {"prize", "award", "medal", "nobel", "honour", "honor", "trophy", "decoration", "fellowship"}
"""Nouns of what one receives: "her Nobel", "his only prize"."""
_ONLY = {"only", "single", "sole", "lone"}
_OTHER = {"other", "another", "further", "second", "more"}


def _prize(kind: str) -> str:
    """ "her Nobel in Physics" names the Nobel Prize in Physics."""
    return kind if set(kind.lower().split()) & (_PRIZES - {"nobel"}) else f"{kind} Prize"


def only_kind(noun: Token) -> str:
    """The kind a possessed "only" noun counts ("her only Nobel": ``Nobel``), or ""."""
    if not any(c.lower_ in _ONLY for c in noun.children if c.dep_ in ("amod", "advmod")):
        return ""
    if not any(c.dep_ == "poss" for c in noun.children):
        return ""
    return " ".join(t.text for t in noun.subtree if t.dep_ in ("compound", "flat") or t is noun)


class ClauseShapes:
    """Mixed into the reader: each method reads one shape and emits through ``_emit``."""

    _last_named: str | None

    def _emit(
        self,
        subject: str,
        relation: str,
        obj: str,
        negated: bool,
        key: str,
        sentence: str,
        only: str = "",
        acted_on: str = "",
    ) -> None:
        raise NotImplementedError

    def _owner(self, noun: Token) -> str | None:
        raise NotImplementedError

    def _where(
        self, verb: Token, subject: str, negated: bool, surface: list[str], lemmas: list[str], sentence: str
    ) -> None:
        """ "Seattle is the city where Feynman died", "Princeton, where he died": the place is the noun
        the clause hangs on, or the subject of the copula that noun completes."""
        if verb.dep_ != "relcl" or not any(c.dep_ == "advmod" and c.lower_ == "where" for c in verb.children):
            return
        place = verb.head
        if place.dep_ == "attr" and place.head.lemma_ == "be":  # not "It was Leipzig where ..."
            place = next((c for c in place.head.children if c.dep_ in _SUBJECT and sp.proper(c)), place)
        self._emit(
            subject,
            " ".join([*surface, "in"]),
            sp.phrase(place),
            negated,
            relation_key([*lemmas, "in"]),
            sentence,
        )

    def _lifespans(self, sent: Span, sentence: str) -> None:
        """ "Max Planck (1858–1947)": a name's lifetime in brackets after it, as people write it."""
        for who, born, died in lifespans(sent):
            self._emit(who, "was born in", born, False, "bear in", sentence)
            self._emit(who, "died in", died, False, "die in", sentence)

    def _reciprocal(
        self, verb: Token, subjects: list[tuple[Token, str]], negated: bool, sentence: str
    ) -> None:
        """ "Berlin and Prague are twin cities": each is the other's twin city."""
        for attr in (c for c in verb.children if c.dep_ == "attr" and c.pos_ == "NOUN"):
            if any(c.dep_ in ("prep", "poss") for c in attr.children):
                continue
            mods = [c for c in attr.lefts if c.dep_ in ("compound", "amod")]  # "twin cities" too
            words = [*(m.lower_ for m in mods), attr.lemma_.lower()]
            key = relation_key([*(m.lemma_ for m in mods), attr.lemma_, "of"])
            for _, a in subjects:
                for _, b in subjects:
                    if a != b:
                        said = "is" if verb.lemma_ == "be" else verb.lower_  # "became twin cities in 1989"
                        self._emit(a, f"{said} {' '.join(words)} of", b, negated, key, sentence)

    def _included(self, verb: Token, noun: Token, negated: bool, sentence: str) -> None:
        """ "Kyiv's other partner cities include Kraków and Florence": each is one of them."""
        owner = self._owner(noun)
        if not owner:
            return
        mods = [
            m for m in noun.lefts if m.dep_ in ("compound",) or (m.dep_ == "amod" and m.lower_ != "other")
        ]
        words = [*(m.lower_ for m in mods), noun.lemma_.lower()]
        for _, obj, denied in sp.objects(verb, ("dobj",)):
            if sn.place_class(noun):
                self._emit(obj, "is in", owner, negated != denied, "in", sentence)
            else:
                rel = f"is {' '.join(words)} of"
                self._emit(obj, rel, owner, negated != denied, relation_key([*words, "of"]), sentence)

    def _mutual(self, verb: Token, subjects: list[tuple[Token, str]], negated: bool, sentence: str) -> None:
        """ "Switzerland and Austria share a border", "Qatar and Romania established diplomatic relations":
        each with the other."""
        for thing in (c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"):
            if any(c.dep_ == "prep" for c in thing.children):
                continue
            mods = [m for m in thing.lefts if m.dep_ in ("compound", "amod")]
            words = [verb.lower_, *(m.lower_ for m in mods), thing.lower_, "with"]
            key = relation_key([verb.lemma_, *(m.lemma_ for m in mods), thing.lemma_, "with"])
            no = negated != any(c.dep_ == "det" and c.lower_ == "no" for c in thing.children)
            for _, a in subjects:
                for _, b in subjects:
                    if a != b:
                        self._emit(a, " ".join(words), b, no, key, sentence)

    def _relative_object(
        self,
        verb: Token,
        subjects: list[tuple[Token, str]],
        negated: bool,
        surface: list[str],
        lemmas: list[str],
        sentence: str,
    ) -> None:
        """ "the novel Dickens wrote": the noun the clause hangs on is the object.

        Not a passive, a clause with a prepositional object, or one opened by "that": the parser
        also hangs "The records state that X is located in Y" on "state" as a relative clause.
        """
        if verb.dep_ != "relcl" or any(
            c.dep_ in ("dobj", "attr", "mark", "nsubjpass") or c.lower_ == "where" for c in verb.children
        ):
            return
        if any(c.dep_ == "prep" and any(g.dep_ == "pobj" for g in c.children) for c in verb.children):
            return
        if not any(c.dep_ in _SUBJECT and c.lower_ not in _RELATIVE for c in verb.children):
            return
        obj = sp.phrase(verb.head)
        for _, subject in subjects:
            self._emit(subject, " ".join(surface), obj, negated, relation_key(lemmas), sentence)

    def _apposition(self, noun: Token, sentence: str) -> None:
        """ "Dickens, the author of Oliver Twist": only a relational noun says something checkable."""
        kind = only_kind(noun)
        owner = self._owner(noun) if kind else None
        if owner:  # "won the Nobel Prize in Chemistry, her only Nobel"
            self._emit(owner, "received", kind, False, "receive", sentence, only=kind)
            return
        if sp.proper(noun) and noun.head.pos_ == "NOUN":  # "His first wife, Elsa Einstein, ..."
            owner = self._owner(noun.head)
            if owner:
                rel, key = f"is {noun.head.lower_} of", relation_key([noun.head.lemma_, "of"])
                self._emit(sp.phrase(noun), rel, owner, False, key, sentence)
            return
        head = sp.phrase(noun.head)
        noun = sn.one_of(noun)  # "Lower Bavaria, one of the seven districts of Bavaria"
        if noun.pos_ != "NOUN" or any(c.dep_ == "neg" for c in noun.children):
            return
        of = self._owner(noun)
        if of and sn.place_class(noun):  # "Upper Bavaria, a region of Bavaria"
            self._emit(head, "is in", of, False, "in", sentence)
        elif of:
            self._emit(head, f"is {noun.lower_} of", of, False, relation_key([noun.lemma_, "of"]), sentence)
            return
        for rel, target, denied, key in sp.noun_preps("is", noun):  # "Oxfordshire, a county in England"
            self._emit(head, rel, target, denied, key, sentence)

    def _marrying(self, verb: Token, subjects: list[tuple[Token, str]], negated: bool, sentence: str) -> None:
        """ "Pierre and Marie Curie married in 1895": two coordinated subjects married each other."""
        married = verb.lemma_ in _MARRYING or (
            verb.lemma_ == "be" and any(c.dep_ == "acomp" and c.lemma_ in _MARRYING for c in verb.children)
        )  # "Pierre and Marie Curie were married in 1895"
        if not married or len(subjects) != 2 or any(c.dep_ == "dobj" for c in verb.children):
            return
        if any(c.dep_ == "prep" and c.lower_ in ("to", "with") for c in verb.children):
            return
        (_, a), (_, b) = subjects
        self._emit(a, "married", b, negated, "marry", sentence)

    def _birth(self, verb: Token, subject: str, negated: bool, sentence: str) -> bool:
        """ "Pauline Koch gave birth to her son Albert in Munich in 1879": Albert was born there, then.

        Returns whether the clause was read so (its other prepositions are then the child's)."""
        if verb.lemma_ != "give" or not any(c.dep_ == "dobj" and c.lemma_ == "birth" for c in verb.children):
            return False
        to = next((c for c in verb.children if c.dep_ in ("prep", "dative") and c.lower_ == "to"), None)
        children = [text for _, text, _ in sp.objects(to, ("pobj",))] if to is not None else []
        if not children:
            return False
        for child in children:
            self._emit(subject, "gave birth to", child, negated, "give birth to", sentence)
            for prep in (c for c in sp.verb_preps(verb) if c is not to and c.lower_ in ("in", "at", "on")):
                for _, where, denied in sp.objects(prep, ("pobj",)):
                    self._emit(
                        child, f"was born {prep.lower_}", where, negated != denied, "bear in", sentence
                    )
        return True

    def _giving(self, verb: Token, negated: bool, sentence: str) -> bool:
        """ "The Royal Society never gave him its Copley Medal": the medal was (not) given to him.
        Returns whether the clause was read so (the giver is then no end of a fact)."""
        if verb.lemma_ not in _GIVING:
            return False
        to = [c for c in verb.children if c.dep_ == "dative" and not c.n_rights]
        for receiver in to:
            for _, prize, denied in sp.objects(verb, ("dobj",)):
                self._emit(
                    prize,
                    "was given to",
                    sp.phrase(receiver) if receiver.pos_ != "PRON" else receiver.lower_,
                    negated != denied,
                    "give to",
                    sentence,
                )
        return bool(to)

    def _possessed_prize(self, verb: Token, subj: Token, negated: bool, sentence: str) -> bool:
        """ "Her only Nobel was in Physics", "Einstein's Nobel Prize was the Nobel Prize in Chemistry":
        the owner received it (and, with "only", no other of its kind)."""
        if verb.lemma_ != "be" or not any(c.dep_ == "poss" for c in subj.children):
            return False
        head = subj.lower_ if subj.pos_ == "NOUN" else sp.phrase(subj).lower()
        if not set(head.split()) & _PRIZES:
            return False
        owner = self._owner(subj)
        if not owner:
            return False
        kind = " ".join(t.text for t in subj.subtree if t.dep_ in ("compound", "flat") or t is subj)
        only = any(c.lower_ in _ONLY for c in subj.children if c.dep_ in ("amod", "advmod"))
        named = []
        for attr in (c for c in verb.children if c.dep_ == "attr"):
            if attr.lower_ == "one":  # "the one in Physics"
                named += [
                    f"{_prize(kind)} {p.lower_} {text}"
                    for p in attr.children
                    if p.dep_ == "prep"
                    for _, text, _ in sp.objects(p, ("pobj",))
                ]
            else:
                named += [text for _, text, _ in sp.objects(verb, ("attr",)) if text]
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("in", "for")):
            named += [f"{_prize(kind)} in {text}" for _, text, _ in sp.objects(prep, ("pobj",))]
        for prize in dict.fromkeys(named):
            self._emit(owner, "received", prize, negated, "receive", sentence)
        if only:
            self._emit(owner, "received", kind, False, "receive", sentence, only=kind)
        return bool(named) or only

    def _only(
        self, verb: Token, subject: str, surface: list[str], lemmas: list[str], negated: bool, sentence: str
    ) -> set[int]:
        """ "received only one Nobel Prize", "won a single Nobel", "received no other Nobel Prize", "never
        won another": at most one of its kind. Returns the objects read so: they name no prize of their
        own ("never won another Nobel Prize" does not deny the Nobel Prize)."""
        read: set[int] = set()
        objects = [t for c in verb.children if c.dep_ == "dobj" for t in sp.with_conj(c)]
        objects += [
            c for c in verb.children if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN")
        ]  # ", and no other"
        for dobj in (t for t in objects if t.pos_ in ("NOUN", "PROPN")):
            words = {
                c.lower_ for c in dobj.children if c.dep_ in ("amod", "det", "advmod", "nummod", "quantmod")
            }
            words |= {g.lower_ for c in dobj.children if c.dep_ == "nummod" for g in c.children}
            other = bool(words & _OTHER) and (negated or "no" in words)
            single = bool(words & _ONLY) or ("one" in words and bool(words & {"only", "just", "exactly"}))
            single = single and not negated  # "didn't make a single appearance": none, a denial
            if other or single:
                kind = " ".join(t.text for t in dobj.subtree if t.dep_ in ("compound", "flat") or t is dobj)
                self._emit(subject, " ".join(surface), kind, False, relation_key(lemmas), sentence, only=kind)
                read.add(dobj.i)
        return read
