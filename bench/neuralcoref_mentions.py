"""The mentions NeuralCoref scores (bench/neuralcoref.py): named entities, pronouns and noun phrases.

NeuralCoref's rule-based mention detection (huggingface/neuralcoref, MIT), read from its
released inference code and written again over spaCy 3's tokens: its weights were trained to
score mentions found this way. Two of its slips are mended, each the evident intent of its
code: a mention does not end on a conjunction or preposition (it compared a part-of-speech id
with string hashes, so it never did), and a possessive's subject span ends where the subject does.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from spacy.tokens import Doc, Span, Token

NO_COREF = frozenset({"i", "me", "my", "you", "your"})
"""The speaker and the hearer: never a mention (NeuralCoref's blacklist)."""
KEEP_TAGS = frozenset({"NN", "NNP", "NNPS", "NNS", "PRP", "PRP$", "DT", "IN"})
CONTENT_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS"})
PRONOUN_TAGS = frozenset({"PRP", "PRP$"})
PROPER_TAGS = frozenset({"NNP", "NNPS"})
LIST_TAGS = frozenset({"CC", ","})
LEAVE_DEP = frozenset({"det", "compound", "appos"})
KEEP_DEP = frozenset({"nsubj", "dobj", "iobj", "pobj"})
NSUBJ_OR_DEP = frozenset({"nsubj", "dep"})
REMOVE_POS = frozenset({"CCONJ", "SCONJ", "INTJ", "ADP"})
NOT_AT_EDGE = frozenset({"'s", ",", ".", "!", "?", ":", ";"})
ACCEPTED_ENTS = frozenset(
    {"PERSON", "NORP", "FACILITY", "ORG", "GPE", "LOC", "PRODUCT", "EVENT", "WORK_OF_ART", "LANGUAGE"}
)
_MAX_CLIMB = 100


class MentionType(IntEnum):
    PRONOMINAL = 0
    NOMINAL = 1
    PROPER = 2
    LIST = 3


@dataclass(frozen=True)
class Mention:
    """A span the model may link, with what its features need of it."""

    span: Span
    kind: MentionType
    sentence: int
    root_lower: str
    content_words: frozenset[str]

    @property
    def start(self) -> int:
        return self.span.start

    @property
    def end(self) -> int:
        return self.span.end


def mentions(doc: Doc) -> list[Mention]:
    """Every candidate mention of ``doc``, in the model's order (by root, then start)."""
    found = {(e.start, e.end) for e in doc.ents if e.label_ in ACCEPTED_ENTS and e.end > e.start}
    sentence_of: dict[int, int] = {}
    for number, sentence in enumerate(doc.sents):
        for start, end in _from_sentence(doc, sentence.start, sentence.end):
            if end > start:
                found.add((start, end))
        for token in sentence:
            sentence_of[token.i] = number
    spans = sorted((doc[start:end] for start, end in found), key=lambda s: (s.root.i, s.start))
    return [
        Mention(
            span=span,
            kind=_kind(span),
            sentence=sentence_of[span.start],
            root_lower=span.root.lower_,
            content_words=frozenset(t.lower_ for t in span if t.tag_ in CONTENT_TAGS),
        )
        for span in spans
    ]


def _kind(span: Span) -> MentionType:
    if any(t.tag_ in LIST_TAGS and t.ent_type_ not in ACCEPTED_ENTS for t in span):
        return MentionType.LIST
    if span.root.tag_ in PRONOUN_TAGS:
        return MentionType.PRONOMINAL
    if span.root.ent_type_ in ACCEPTED_ENTS or span.root.tag_ in PROPER_TAGS:
        return MentionType.PROPER
    return MentionType.NOMINAL


def _from_sentence(doc: Doc, first: int, stop: int) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for token in doc[first:stop]:
        if token.lower_ in NO_COREF:
            continue
        if token.tag_ not in KEEP_TAGS or (token.dep_ in LEAVE_DEP and token.dep_ not in KEEP_DEP):
            continue
        if token.tag_ in PRONOUN_TAGS:
            spans.append((token.i, token.i + 1))
            if token.n_lefts or token.n_rights:  # "you and I"
                spans.append((token.left_edge.i, token.right_edge.i + 1))
            continue
        if token.lower_ == "'s":
            spans.extend(_possessor_subject(doc, token, first, stop))
            continue
        start, end = _enlarge(doc, token.i, first, stop, subject_only=False)
        if token.tag_ == "IN" and token.dep_ == "mark" and start == end:
            start, end = _enlarge(doc, token.head.i, first, stop, subject_only=False)
        if start == end or doc[start].lower_ == "'s":
            continue
        spans.append((start, end))
    return spans


def _possessor_subject(doc: Doc, mark: Token, first: int, stop: int) -> list[tuple[int, int]]:
    """For "'s", the subject the possessive hangs under (NeuralCoref climbs to it)."""
    head = mark.head
    for _ in range(_MAX_CLIMB):
        if head.dep_ == "nsubj":
            return [_enlarge(doc, head.i, first, stop, subject_only=True)]
        if head.head.i == head.i:
            return []
        head = head.head
    return []


def _enlarge(doc: Doc, i: int, first: int, stop: int, *, subject_only: bool) -> tuple[int, int]:
    """The span of token ``i`` and its children's subtrees, trimmed of edge punctuation."""
    low = high = i
    for token in doc[first:stop]:
        if token.head.i != i:  # the root is its own head, so it counts as its own child
            continue
        if subject_only and token.dep_ not in NSUBJ_OR_DEP:
            continue
        low = min(low, token.left_edge.i)
        high = max(high, token.right_edge.i)

    def trimmed(t: Token) -> bool:
        return t.pos_ in REMOVE_POS or t.lower_ in NOT_AT_EDGE

    while high >= low and high > first and trimmed(doc[high]):
        high -= 1
    while low <= high and low < stop - 1 and trimmed(doc[low]):
        low += 1
    return low, high + 1
