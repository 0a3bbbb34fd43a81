"""Mentions, pronouns and ellipsis in spaCy-parsed text: the offline reader's building blocks.

A mention is a named entity (spaCy's recogniser) or a noun phrase's head; mentions of one
thing share a canonical key (``Canon``): a name and its parts ("Thomas Edison", "Edison"),
a common noun by its lemma ("the old cat", "cats"). Pronouns fall into classes (he, she,
it, they, there) and a class fits only some mentions: he/she a person (of that gender when
the text has said), it a single thing, they a group or plural, there a place.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

PRONOUNS = {
    "he": "he", "him": "he", "his": "he", "himself": "he",
    "she": "she", "her": "she", "hers": "she", "herself": "she",
    "it": "it", "its": "it", "itself": "it",
    "they": "they", "them": "they", "their": "they", "theirs": "they", "themselves": "they",
}  # fmt: skip
DEMONSTRATIVES = ("this", "that", "these", "those")
_NAMED = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "NORP", "LAW", "LANGUAGE"}
_PLACE_LABELS = {"GPE", "LOC", "FAC"}
_GROUP_LABELS = {"ORG", "NORP"}
_MALE = {
    "man", "boy", "king", "father", "dad", "son", "brother", "husband", "uncle", "grandfather", "prince",
    "mr", "sir", "gentleman", "nephew",
}  # fmt: skip
_FEMALE = {
    "woman", "girl", "queen", "mother", "mom", "mum", "daughter", "sister", "wife", "aunt", "grandmother",
    "princess", "mrs", "ms", "miss", "lady",
}  # fmt: skip
_PEOPLE = _MALE | _FEMALE | {
    "person", "people", "child", "kid", "friend", "teacher", "student", "doctor", "player", "officer",
    "member", "president", "leader", "author", "writer", "worker", "driver", "owner", "baby", "family",
    "parent", "guy", "neighbor", "neighbour", "farmer", "police", "soldier", "reporter", "scientist", "judge",
    "agent",
}  # fmt: skip
_PLACES = {
    "house", "home", "school", "city", "town", "village", "country", "park", "store", "shop", "room",
    "street", "island", "forest", "farm", "church", "hospital", "office", "lake", "river", "beach", "place",
    "restaurant", "library", "kitchen", "garden", "market", "station", "state", "area",
}  # fmt: skip
_STOP_NOUNS = {
    "thing", "something", "anything", "nothing", "everything", "one", "time", "way", "lot", "kind", "part",
    "who", "what", "which",
}  # fmt: skip


@dataclass
class Referent:
    """What the reader knows of one canonical thing."""

    key: str
    label: str
    kind: str
    """``person``, ``place``, ``group`` or ``thing``."""
    gender: str = ""
    """``he`` or ``she`` once the text has said so."""
    plural: bool = False


@dataclass
class Canon:
    """Canonical keys of one dialogue's mentions; names are also known by their last and first word."""

    concepts: dict[str, Referent] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)

    def add(self, text: str, kind: str, plural: bool = False, gender: str = "") -> Referent:
        key = normalise(text)
        found = self.concepts.get(self.aliases.get(key, key))
        if found is None:
            found = self.concepts[key] = Referent(key, text, kind, gender, plural)
            words = key.split()
            if kind == "person" and len(words) > 1:
                for part in (words[-1], words[0]):
                    self.aliases.setdefault(part, key)
        if gender and not found.gender:
            found.gender = gender
        return found

    def find(self, text: str) -> Referent | None:
        key = normalise(text)
        return self.concepts.get(self.aliases.get(key, key))


def normalise(text: str) -> str:
    words = text.lower().replace("\u2019", "'").removesuffix("'s").removesuffix("'").split()
    while words and words[0] in (
        "the",
        "a",
        "an",
        "this",
        "that",
        "these",
        "those",
        "his",
        "her",
        "their",
        "its",
    ):
        words = words[1:]
    return " ".join(words).strip(" .,;:!?\"'")


def pronoun_class(tok: Token) -> str:
    """he / she / it / they for a personal pronoun, there for "there" as a place (not "there is");
    empty otherwise. A demonstrative standing alone ("how long ago was this?") points at what was
    just said, not at a thing: the reader takes it as an ellipsis."""
    low = tok.lower_
    if low in PRONOUNS and tok.pos_ == "PRON":
        return PRONOUNS[low]
    if low == "there" and tok.dep_ == "advmod":
        return "there"
    return ""


def fits(concept: Referent, cls: str) -> bool:
    if cls in ("he", "she"):
        return concept.kind == "person" and not concept.plural and concept.gender in ("", cls)
    if cls == "it":
        return concept.kind in ("thing", "place", "group") and not concept.plural
    if cls == "they":
        return concept.plural or concept.kind == "group"
    return concept.kind == "place"


def mentions(doc: Doc | Span, canon: Canon) -> list[tuple[Token, Referent]]:
    """Named entities and common-noun heads, in text order, each as its canonical concept."""
    found: dict[int, tuple[Token, Referent]] = {}
    taken: set[int] = set()
    for ent in doc.ents:
        if ent.label_ not in _NAMED or not normalise(ent.text):
            continue
        kind = "person" if ent.label_ == "PERSON" else "place" if ent.label_ in _PLACE_LABELS else (
            "group" if ent.label_ in _GROUP_LABELS else "thing"
        )  # fmt: skip
        found[ent.root.i] = (ent.root, canon.add(ent.text, kind, plural=ent.label_ == "NORP"))
        taken.update(t.i for t in ent)
    for tok in doc:
        if tok.i in taken or tok.pos_ not in ("NOUN", "PROPN") or tok.lemma_.lower() in _STOP_NOUNS:
            continue
        if not tok.is_alpha:  # "1950s", "$5": no antecedent of a later pronoun
            continue
        if tok.dep_ == "compound":
            continue
        lemma = tok.lemma_.lower()
        name = " ".join(t.text for t in tok.lefts if t.dep_ == "compound") + " " + tok.text
        text = name.strip() if tok.pos_ == "PROPN" else lemma
        kind = "person" if lemma in _PEOPLE else "place" if lemma in _PLACES else "thing"
        gender = "he" if lemma in _MALE else "she" if lemma in _FEMALE else ""
        found[tok.i] = (tok, canon.add(text, kind, plural=tok.tag_ in ("NNS", "NNPS"), gender=gender))
    return [found[i] for i in sorted(found)]


def resolve_story(doc: Doc, canon: Canon) -> list[tuple[str, str]]:
    """(class, concept key) for every pronoun of the story, taken to stand for the last fitting
    mention before it; the gender a he/she gives a person is kept for later."""
    chains: dict[tuple[str, str], None] = {}
    seen: list[Referent] = []
    marks = {tok.i: c for tok, c in mentions(doc, canon)}
    for tok in doc:
        if tok.i in marks:
            seen.append(marks[tok.i])
            continue
        cls = pronoun_class(tok)
        if not cls or cls == "there":
            continue
        target = next((c for c in reversed(seen) if fits(c, cls)), None)
        if target is None:
            continue
        if cls in ("he", "she"):
            target.gender = cls
        chains[(cls, target.key)] = None
        seen.append(target)
    return list(chains)
