"""Which property a reply's relation names, and which way round: Wikidata's words first, cosine last.

Every catalogued property is named by its label, kgtest's sentence phrase and inverse phrase,
Wikidata's aliases ("birthplace", "born in"; "won", "winner of") and kgtest's paraphrases
("passed away in", "taught at"), each read subject -> object; a noun read the other way gets
"of" ("author" / "author of", "son of" / "son"), an inverse property lends its words backwards
(P1376 "capital of" for P36), and a symmetric one reads both ways. A reply's relation names a
property when, without auxiliaries and articles, its words are one of these phrases ("was
born in" is "born in"); for the case's own relations also when its lemma key is a phrase's
(any tense or voice: "wrote" is "was written by" read backwards); and, as the documented
fallback, when its sentence embedding is within the synonym threshold of one of their phrases
(MiniLM: "is situated in" ~ "is located in" 0.80; "passed away in" ~ "died in" only 0.74, so
the paraphrases carry those). docs/oracle.md measures each.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from kgtest.core.wordnet import WordNet, wordnet
from kgtest.kg.catalog import RelationCatalog, default_relation
from kgtest.kg.extract.triples import Triple, TripleExtractor
from kgtest.kg.model import Relation
from kgtest.kg.sources.wikidata import DATE_PROPERTIES
from kgtest.oracle.embeddings import Embedder

_AUXILIARY = {"is", "was", "are", "were", "be", "been", "being", "has", "had", "have", "also", "once"}
_AUXILIARY |= {
    "became",
    "become",
    "becomes",
    "remained",
    "remains",
    "stayed",  # WordNet's first sense of "remain": "stayed in X" is "remained in X"
    "stays",
    "still",
    "later",
    "formally",
    "officially",
}
_ARTICLES = {"the", "a", "an"}
_LIGHT = {"located", "situated", "based", "found", "lies", "lying", "lay", "sits", "sat", "sitting"}
"""Before a preposition they add nothing: "is located in", "sat in" and "is in" are one relation (as
text.py's keys)."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words that name ``property`` read subject -> object (``forwards``) or object -> subject."""

    property: str
    forwards: bool
    text: str
    source: str
    """``label``, ``phrase``, ``alias`` (Wikidata's), ``paraphrase`` (kgtest's), ``inverse`` (the
    inverse property's words) or ``backwards`` (the catalog's inverse phrase: P1346's "won")."""


@dataclass(frozen=True, slots=True)
class RelationMatch:
    property: str
    forwards: bool
    """The triple's subject is the property's subject."""
    how: str
    """``words``, ``key`` (same lemmas), ``voice`` (active for passive) or ``cosine``."""
    phrase: str
    """The catalog's words it matched."""
    source: str = "label"
    """Where those words come from (``Phrase.source``)."""
    score: float = 1.0


def words(text: str) -> str:
    """A relation's words without auxiliaries and articles: "was born in" and "born in" are one."""
    found = [w for w in re.findall(r"[a-z0-9()']+", text.lower()) if w not in _ARTICLES]
    while len(found) > 1 and found[0] in _AUXILIARY and found[1] not in ("as", "by"):
        found.pop(0)
    if len(found) == 2 and found[0] in _LIGHT:
        found.pop(0)
    return " ".join(found)


class RelationReader:
    """The catalog's phrases for every property, indexed by their words."""

    def __init__(self, catalog: RelationCatalog, *, aliases: bool = True, paraphrases: bool = True) -> None:
        self._catalog = catalog
        self._aliases = aliases
        self._paraphrases = paraphrases
        self._phrases: dict[str, list[Phrase]] = {}
        self._by_words: dict[str, list[Phrase]] = {}
        self._lemmas: dict[str, list[Phrase]] | None = None
        for pid in sorted(catalog):
            self._add(catalog[pid])

    def ensure(self, pid: str, label: str) -> None:
        """Give a property the catalog does not curate its label's words (from a case's evidence)."""
        if pid not in self._phrases:
            self._lemmas = None
            self._add(
                self._catalog.resolve(pid, label) if pid in self._catalog else default_relation(pid, label)
            )

    def phrases(self, properties: Iterable[str]) -> list[Phrase]:
        return [p for pid in sorted(set(properties)) for p in self._phrases.get(pid, ())]

    def by_words(self, triple: Triple, value: bool) -> list[RelationMatch]:
        """Every property whose phrases have the triple's words (a date property iff the object is a year)."""
        found = self._by_words.get(words(triple.relation), [])
        return [_match(p, "words") for p in found if (p.property in DATE_PROPERTIES) == value]

    def by_key(
        self, triple: Triple, properties: Collection[str], keys: RelationKeys, value: bool
    ) -> list[RelationMatch]:
        """The case's properties whose phrases have the triple's lemma key, in either voice."""
        out = []
        for p in self.phrases(properties):
            if (p.property in DATE_PROPERTIES) != value or not triple.key:
                continue
            key = keys[p.text]
            if all(w in _PREPOSITIONS for w in key.split()):
                continue  # "was a participant in" keys as "in": "one of the clubs in Cyprus" is no event
            if key == triple.key:
                out.append(_match(p, "key"))
            elif p.forwards and key in (f"{triple.key} by", triple.key.removesuffix(" by")):
                # "Dickens wrote X" states "X was written by Dickens": the same lemmas, the other voice
                out.append(RelationMatch(p.property, False, "voice", p.text, p.source))
        return list({(m.property, m.forwards, m.how): m for m in reversed(out)}.values())[::-1]

    def by_synonyms(self, triple: Triple, value: bool) -> list[RelationMatch]:
        """Every property a WordNet synonym of the relation's head word names, with the same prepositions
        ("expired in" is "died in", "wed" is "married", "is the consort of" is "is the spouse of").

        A verb's first three senses are read (its first only when it has more than ten: "go" has a
        sense "die" far down); a noun's first sense and the senses above it."""
        net = wordnet()
        lemmas = triple.key.split()
        cut = len(lemmas)
        while cut > 1 and lemmas[cut - 1] in _PREPOSITIONS:
            cut -= 1
        head, preps = "_".join(lemmas[:cut]), lemmas[cut:]
        if not head or cut > 3 or not net.available:
            return []
        verbs = net.senses(head, "verb")
        found = net.synonyms(head, "verb", 3 if verbs <= 10 else 1) if verbs else []
        found = [w for w in found if w != head]
        if not found:
            found = net.synonyms(head, "noun", 1, broader=True)
        index = self._lemma_index(net)
        out: list[RelationMatch] = []
        for word in [head, *found]:  # the word itself first: "ride" is Wikidata's "rode", lemma for lemma
            for p in index.get(" ".join([*word.split("_"), *preps]), ()):
                if (p.property in DATE_PROPERTIES) == value:
                    out.append(RelationMatch(p.property, p.forwards, "wordnet", p.text, "wordnet"))
        return list(dict.fromkeys(out))

    def _lemma_index(self, net: WordNet) -> dict[str, list[Phrase]]:
        """Every catalog phrase by its words' lemmas ("died in": "die in"), made on first need."""
        if self._lemmas is None:
            self._lemmas = {}
            for phrases in self._phrases.values():
                for p in phrases:
                    if p.source in ("label", "phrase", "alias", "paraphrase"):
                        key = " ".join(_lemma(net, w) for w in words(p.text).split())
                        self._lemmas.setdefault(key, []).append(p)
        return self._lemmas

    def by_cosine(
        self, triple: Triple, properties: Collection[str], embedder: Embedder, threshold: float, value: bool
    ) -> list[RelationMatch]:
        """The fallback: the case's phrases within ``threshold`` of the triple's relation, best first."""
        scored = [
            (embedder.cosine(triple.relation, p.text), p)
            for p in self.phrases(properties)
            if (p.property in DATE_PROPERTIES) == value
        ]
        best = max((s for s, _ in scored), default=0.0)
        if best < threshold:
            return []
        return [_match(p, "cosine", s) for s, p in scored if s == best]

    def _add(self, rel: Relation) -> None:
        out = self._phrases.setdefault(rel.id, [])
        named = [(rel.label, "label"), (rel.phrase, "phrase")]
        if self._aliases:
            named += [(a, "alias") for a in rel.aliases]
        if self._paraphrases:
            named += [(a, "paraphrase") for a in rel.paraphrases]
        for text, source in named:
            out.append(Phrase(rel.id, True, text.lower(), source))
            out.append(Phrase(rel.id, False, _other_way(text.lower()), source))
        backwards = rel.inverse_phrase.lower() if rel.inverse_phrase else ""
        if backwards and not any(p.text == backwards and not p.forwards for p in out):
            # Last in rank: P1346's "won" read backwards must not beat P166's "won" read forwards.
            out.append(Phrase(rel.id, False, backwards, "backwards"))
        inverse = self._catalog.get(rel.inverse) if rel.inverse else None
        if inverse is not None:
            inverse_named = [inverse.label, inverse.phrase, *(inverse.aliases if self._aliases else ())]
            out += [Phrase(rel.id, False, text.lower(), "inverse") for text in inverse_named]
        if rel.symmetric:
            out += [Phrase(rel.id, not p.forwards, p.text, p.source) for p in list(out)]
        unique = list(dict.fromkeys(p for p in out if p.text))
        self._phrases[rel.id] = unique
        for p in unique:
            self._by_words.setdefault(words(p.text), []).append(p)


_PREPOSITIONS = {"in", "at", "to", "from", "by", "of", "on", "with", "for", "into", "as"}


def _lemma(net: WordNet, word: str) -> str:
    base = net.base(word, "verb")
    return base if base != word else net.base(word, "noun")


def _other_way(text: str) -> str:
    """A noun read backwards: "author" names the author of a work, "son of" names a son."""
    return text.removesuffix(" of") if text.endswith(" of") else f"{text} of"


def _match(p: Phrase, how: str, score: float = 1.0) -> RelationMatch:
    return RelationMatch(p.property, p.forwards, how, p.text, p.source, score)


class RelationKeys:
    """The lemma key of each catalog phrase, read by the same extractor that reads replies.

    "was written by" gets the key the extractor gives "Oliver Twist was written by ...", so a
    reply in any tense or voice meets it on equal terms; a bare noun ("spouse") is its own key.
    Keys are made for the case's relations only, in one batch: all of the catalog's would
    cost seconds at every start.
    """

    def __init__(self, extractor: Callable[[], TripleExtractor]) -> None:
        """``extractor`` is called on the first phrase to key: no reply to read, no model to load."""
        self._extractor = extractor
        self._keys: dict[str, str] = {}

    def prepare(self, phrases: Iterable[str]) -> None:
        missing = sorted({p for p in phrases if p not in self._keys})
        if not missing:
            return
        sentences = [f"Alice Smith {p} Bob Jones." for p in missing]
        for phrase, triples in zip(missing, self._extractor().extract(sentences), strict=True):
            # Only a reading that links the two names with words of the phrase counts: "received the
            # award" is "receive"; "place of birth" is no verb, its key is itself. "has as father" and
            # "has as mother" would both read "have as": a light verb keeps the whole phrase.
            keys = [
                t.key
                for t in triples
                if (t.subject, t.object) == ("Alice Smith", "Bob Jones")
                and set(words(t.relation).split()) <= set(phrase.split()) | _AUXILIARY
                and t.key.split()[0] != "have"
            ]
            self._keys[phrase] = keys[0] if keys else phrase

    def __getitem__(self, phrase: str) -> str:
        if phrase not in self._keys:
            self.prepare([phrase])
        return self._keys[phrase]
