"""Whether an unread sentence could bear on the facts the answer rests on.

An unread sentence makes a reply "cannot tell" because it may state wrong knowledge or a premise.
bench/styled_blind11/DEFINITIONS.md counts as wrong knowledge only what contradicts the case's
facts, and a premise of the answer is one of them or the question itself. So an aside that relates
two things the KB knows ("the Vatican's papal visits", "buried at Bard College") cannot change the
class unless it could say one of those facts: it names or refers to ("he", "it") an end of a proof's
fact and has a word that can say that fact's relation (the property's label, phrase, Wikidata
aliases and kgtest's paraphrases, their WordNet synonyms, and for a containment its usual verbs and
nouns; a place noun beside another word of a name says no relation: "twin city", "place of death"),
or names both its ends, or denies something of one of them ("never on the university's
staff"); or it has the words of the question's own relation. A sentence naming nothing the KB
knows still blocks, and so does one with a year that may date a fact of the case: the case has years
(an undated one's facts hold whenever), the sentence names or refers to one of its entities, and says
an event the KB dates, a case's relation or a year set against another or beside a name.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from kgtest.core.wordnet import wordnet
from kgtest.kg.extract.spacy_nouns import PLACE_NOUNS
from kgtest.oracle.asked import AskedWords
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import RelationReader
from kgtest.oracle.unread import DATED_WORDS, Unread

_FUNCTION = frozenset(
    {"a", "an", "the", "is", "was", "were", "be", "been", "being", "has", "have", "had", "of", "in", "on"}
    | {"at", "to", "by", "for", "from", "with", "as", "and", "or", "its", "it", "that", "this", "who"}
)
_CONTAINMENT = frozenset({"P131", "P150", "P361", "P527", "P17", "P30", "P706"})
_PLACED = frozenset(
    """part parts within inside belong belongs belonged lie lies lay locate located situate situated
    contain contains contained include includes included comprise merge merged merger incorporate
    incorporated annex annexed administer administered govern governed seat capital territory member
    province region department state county district municipality borough oblast country under place
    put sit set stand""".split()  # noqa: SIM905
)
"""Words a containment is said in beyond its catalog phrases ("Meuse wasn't part of it in 2016",
"merged with Limousin"): any sentence in them may place one proof place in another."""
_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2})(?:s\b|\b)|\b\d{1,3}\s*(?:BC|BCE|AD|CE)\b")
_DENIED = re.compile(r"\b(?:not|never|no|nor|neither|none)\b|n't\b", re.I)
_BESIDE = re.compile(
    r"\(\s*(?:c\.\s*|b\.\s*|born\s+)?\d{3,4}\b|[—–:-]\s*(?:c\.\s*)?\d{3,4}\s*(?:[.)]|$)|^\W*\d{3,4}\b"
)
"""A year set beside a name as its date, or a sentence that opens with one ("1911-1922: ...")."""
_COMPARED = re.compile(
    r"\b(?:older|younger|elder|eldest|oldest|youngest|exist|exists|existence|before|after|earlier|later|until|"
    r"since|cut-?off|window|range)\b",
    re.I,
)
"""Words that set a year against the question's or date a being ("two decades after the 1965 cutoff",
"didn't exist between 1855 and 1877")."""
_SPAN = re.compile(
    r"\b(?:from|between)\s+(?:1\d{3}|20\d{2})\s+(?:to|until|till|through|and)\s+(?:1\d{3}|20\d{2})\b"
    r"|\b(?:1\d{3}|20\d{2})\s*[–-]\s*(?:1\d{3}|20\d{2})\b"
)
"""A span of years said of a proof's entity ("ran Aachen's city hall from 1976 to 1991"): it dates
something of it, in a case whose facts are dated."""
_REFERS = re.compile(r"\b(?:he|she|him|his|her|it|its|they|them|their|there)\b", re.I)


class Bearing:
    """Each property's words, worked out once."""

    def __init__(self, relations: RelationReader, asked: AskedWords) -> None:
        self._relations = relations
        self._asked = asked
        self._words: dict[str, frozenset[str]] = {}

    def bears(self, unread: Unread, ground: GroundGraph, question: str = "") -> bool:
        """Whether the sentence could state a proof's fact or the question's relation."""
        if not unread.ids:
            return True
        if (unread.year or _YEAR.search(unread.sentence)) and self._dates(unread, ground, question):
            return True  # its years may be the proof's
        said = _lemmas(unread.sentence)
        if ground.statement is not None and said & self._of(ground.statement[1]):
            return True
        named = set(unread.ids)
        if ground.statement is not None and _REFERS.search(unread.sentence):
            named |= {ground.statement[0], ground.statement[2]}
        ends = [(e.subject, e.object, e.property) for e in ground.edges]
        if ground.statement is not None:
            ends.append(ground.statement)
        if _DENIED.search(unread.sentence) and named & {x for s, o, _ in ends for x in (s, o)}:
            return True  # a denial of a proof's fact needs no word of its relation ("never on its staff")
        return any({s, o} <= named or ((s in named or o in named) and said & self._of(p)) for s, o, p in ends)

    def about(self, unread: Unread, ground: GroundGraph, question: str = "") -> bool:
        """Whether a sentence about the case could be a premise of its answer (cannot_tell.py): it
        could state a proof's fact or the question's relation (``bears``), or it has a year where the
        case has years ("set up in December 1995": a date in words the KB's events are not said in)."""
        return self.bears(unread, ground, question) or bool(
            _YEAR.search(unread.sentence) and dated(ground, question)
        )

    def _dates(self, unread: Unread, ground: GroundGraph, question: str) -> bool:
        """Whether the sentence's year may date a fact of the case: it names or refers to one of the
        case's entities and sets the year beside a name as a date ("Oskar Kokoschka (1886–1980)",
        "Liane Lippert — 1998", a table's row under a header in the case's words); or the case has
        years and the sentence says an event in words the KB dates (born, founded, married, older
        ...) or in a word of a case's relation ("joined Parma in 2003").
        "Di Gregorio came through the Française des Jeux system in the mid-2000s" dates none of a
        birth-year case's facts."""
        sentence = unread.sentence
        if not _of_proof(unread, ground):
            return False
        if _BESIDE.search(sentence):
            return True  # a table's or list's row ("Princeton University (1901–1905)"): its header may say it
        if not dated(ground, question):
            return False
        if DATED_WORDS.search(sentence) or _COMPARED.search(sentence) or _SPAN.search(sentence):
            return True
        said = _lemmas(sentence)
        relations = {e.property for e in ground.edges} | {p for p, _, _ in ground.dates}
        if ground.statement is not None:
            relations.add(ground.statement[1])
        return any(said & self._of(p) for p in relations)

    def _of(self, pid: str) -> frozenset[str]:
        pid = pid.lstrip("^")
        if pid not in self._words:
            self._words[pid] = _vocabulary(self._relations, self._asked, pid)
        return self._words[pid]


def _vocabulary(relations: RelationReader, asked: AskedWords, pid: str) -> frozenset[str]:
    net = wordnet()
    family = {pid} | {p for p in _CONTAINMENT if asked.family(p) == asked.family(pid)}
    placed = asked.family(pid) == "containment"
    out: set[str] = set(_PLACED) if placed else set()
    for phrase in relations.phrases(family):
        said = [w for w in re.findall(r"[a-z]+", phrase.text.lower()) if w not in _FUNCTION and len(w) >= 3]
        kinds = {w for w in said if w in PLACE_NOUNS or net.base(w, "noun") in PLACE_NOUNS}
        for word in said:
            if word in kinds and not placed and len(kinds) < len(said):
                continue  # "twin city": "twin" says it, "city" is any city ("Mytishchi is a city in ...")
            out.add(word)
            for pos in ("verb", "noun"):
                base = net.base(word, pos)
                if base:
                    out.add(base)
                    out.update(w.lower() for w in net.synonyms(base, pos, 1) if "_" not in w)
    return frozenset(out)


def _lemmas(sentence: str) -> set[str]:
    net = wordnet()
    out = set()
    for word in re.findall(r"[a-z]+", sentence.lower()):
        if word in _FUNCTION:
            continue
        out.add(word)
        out.update(b for pos in ("verb", "noun") if (b := net.base(word, pos)))
    return out


def dated(ground: GroundGraph, question: str) -> bool:
    """Whether the case has a year a reply's year could be: a temporal case, a dated evidence fact
    or a year in the question. An undated case's facts hold whenever, so a sentence's year ("he
    turned professional in 2018") can say none of them."""
    return bool(ground.dated or ground.years or ground.dates or _YEAR.search(question))


def _of_proof(unread: Unread, ground: GroundGraph) -> bool:
    """Whether the sentence names or refers to ("he", "it") one of the case's entities: a year of
    others ("the Kuwait Fund goes back to 1961") dates none of its facts."""
    return bool(_REFERS.search(unread.sentence)) or bool(unread.ids & {e.id for e in ground.entities})


def bearing(
    unread: Collection[Unread], ground: GroundGraph, reader: Bearing, question: str = ""
) -> list[Unread]:
    """The unread sentences that could bear on the proof's facts or the question."""
    return [u for u in unread if reader.bears(u, ground, question)]
