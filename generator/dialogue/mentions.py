"""Mentions, pronouns and ellipsis in spaCy-parsed text: the offline reader's building blocks.

A mention is a named entity (spaCy's recogniser) or a noun phrase's head; mentions of one
thing share a canonical key (``Canon``): a name and its parts ("Thomas Edison", "Edison"),
a common noun by its lemma ("the old cat", "cats"). Pronouns fall into classes (he, she,
it, they, there) and a class fits only some mentions: he/she a person (of that gender when
the text has said), it a single thing, they a group or plural, there a place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
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
    "mr", "sir", "gentleman", "nephew", "stepfather", "stepson", "grandson", "grandpa", "groom", "widower",
}  # fmt: skip
_FEMALE = {
    "woman", "girl", "queen", "mother", "mom", "mum", "daughter", "sister", "wife", "aunt", "grandmother",
    "princess", "mrs", "ms", "miss", "lady", "stepmother", "stepdaughter", "granddaughter", "grandma",
    "niece", "bride", "widow", "actress", "waitress",
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
    "who", "what", "which", "other", "others",
}  # fmt: skip
TIMES = {
    "second", "minute", "hour", "day", "week", "month", "year", "decade", "century", "morning", "afternoon",
    "evening", "night", "today", "tonight", "tomorrow", "yesterday", "weekend", "season", "moment", "age",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
    "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    "spring", "summer", "autumn", "fall", "winter", "noon", "midnight", "o'clock",
}  # fmt: skip
"""Words for a time: never what a later he, she, it or they stands for ("How many voted for it?" is
not about Monday)."""
_NO_REFERENT = _STOP_NOUNS | TIMES
_NOT_NAMED = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"}


@dataclass
class Referent:
    """What the reader knows of one canonical thing."""

    key: str
    label: str
    kind: str
    """``person``, ``place``, ``group``, ``thing``, or ``name`` (a name of a person or of a thing)."""
    gender: str = ""
    """``he`` or ``she`` once the text has said so."""
    plural: bool = False
    proper: bool = False
    """Known by a proper name ("Abraham Shakespeare"), not a common noun ("the man")."""
    members: tuple[str, ...] = ()
    """For "Emily and Evelyn": the keys of the two, the first standing for the pair where one key must."""


@dataclass
class Canon:
    """Canonical keys of one dialogue's mentions; names are also known by their last and first word."""

    concepts: dict[str, Referent] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)

    def add(
        self, text: str, kind: str, plural: bool = False, gender: str = "", proper: bool = False
    ) -> Referent:
        key = normalise(text)
        found = self.concepts.get(self.aliases.get(key, key))
        if found is None:
            found = self.concepts[key] = Referent(key, text, kind, gender, plural, proper)
            words = key.split()
            if kind == "person" and len(words) > 1:
                for part in (words[-1], words[0]):
                    self.aliases.setdefault(part, key)
        if gender and not found.gender:
            found.gender = gender
        return found

    def group(self, members: Sequence[Referent]) -> Referent:
        key = " and ".join(m.key for m in members)
        label = " and ".join(m.label for m in members)
        proper = all(m.proper for m in members)
        members_ = tuple(m.key for m in members)
        return self.concepts.setdefault(key, Referent(key, label, "group", "", True, proper, members_))

    def unknown(self, cls: str, text: str) -> Referent:
        """What a pronoun stands for when nothing said fits it: never said, so never resolved."""
        return self.concepts.setdefault(f"?{cls}", Referent(f"?{cls}", text, "thing"))

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
    if low == "it" and (tok.dep_ == "expl" or any(c.lower_ == "all" for c in tok.children)):
        return ""  # "it is raining", "lose it all": no referent
    if low in PRONOUNS and tok.pos_ == "PRON":
        return PRONOUNS[low]
    if low == "there" and tok.dep_ == "advmod":
        return "there"
    return ""


def fits(concept: Referent, cls: str) -> bool:
    if cls in ("he", "she"):
        return concept.kind in ("person", "name") and not concept.plural and concept.gender in ("", cls)
    if cls == "it":
        return (
            concept.kind in ("thing", "place", "group", "name") and not concept.plural and not concept.gender
        )
    if cls == "they":
        return concept.plural or concept.kind == "group"
    return concept.kind == "place"


def mentions(doc: Doc | Span, canon: Canon, known: bool = False) -> list[tuple[Token, Referent]]:
    """Named entities and common-noun heads, in text order, each as its canonical concept; with
    ``known``, also a word the parse did not take for a noun that is a person's name already known (a
    question's "how old was todd?", "Who is Tweeddale?": spaCy tags a name in a short question as an
    adjective or a verb, and the question then seemed to name nothing)."""
    found: dict[int, tuple[Token, Referent]] = {}
    taken: set[int] = set()
    for ent in doc.ents:
        if ent.label_ in _NOT_NAMED:
            taken.update(t.i for t in ent)  # "Monday", "two hours": a time or a number, no antecedent
        if ent.label_ not in _NAMED or not normalise(ent.text):
            continue
        kind = "person" if ent.label_ == "PERSON" else "place" if ent.label_ in _PLACE_LABELS else (
            "group" if ent.label_ in _GROUP_LABELS else "thing"
        )  # fmt: skip
        gender = _gender_near(ent) if kind == "person" else ""
        found[ent.root.i] = (ent.root, canon.add(ent.text, kind, ent.label_ == "NORP", gender, proper=True))
        taken.update(t.i for t in ent)
    for tok in doc:
        if tok.i in taken or tok.pos_ not in ("NOUN", "PROPN") or tok.lemma_.lower() in _NO_REFERENT:
            continue
        if not tok.is_alpha:  # "1950s", "$5": no antecedent of a later pronoun
            continue
        if tok.dep_ == "compound":
            continue
        lemma = tok.lemma_.lower()
        name = " ".join(t.text for t in tok.lefts if t.dep_ == "compound") + " " + tok.text
        text = name.strip() if tok.pos_ == "PROPN" else lemma
        kind = "person" if lemma in _PEOPLE else "place" if lemma in _PLACES else "thing"
        if tok.pos_ == "PROPN" and kind == "thing":
            kind = "name"  # a name the recogniser did not place: a person or a thing
        gender = "he" if lemma in _MALE else "she" if lemma in _FEMALE else ""
        plural = tok.tag_ in ("NNS", "NNPS") or (tok.dep_ == "nsubj" and tok.head.tag_ == "VBP")
        plural = plural or (tok.dep_ == "nsubj" and tok.head.lower_ in ("were", "are"))  # "The samurai were"
        found[tok.i] = (tok, canon.add(text, kind, plural, gender, proper=tok.pos_ == "PROPN"))
    for tok in doc if known else ():
        word = tok.is_alpha and not tok.is_stop and tok.i not in taken | found.keys()  # not "Will", "May"
        named = canon.find(tok.text) if word else None
        if named is not None and named.proper and named.kind == "person" and not pronoun_class(tok):
            found[tok.i] = (tok, named)
    out = []
    for i in sorted(found):
        tok, first = found[i]
        out.append((tok, first))
        joined = [found[c.i][1] for c in tok.conjuncts if c.i > i and c.i in found]
        if joined and all(j.kind == first.kind for j in joined):  # "Emily and Evelyn": they, together
            out.append((tok, canon.group([first, *joined])))
    return out


Chain = tuple[str, tuple[str, ...]]
"""(pronoun class, the concept keys it stands for): one key, or two people for "they"."""


def _gender_near(ent: Span) -> str:
    """A name's gender where its words say it: a title before it ("Mrs. Green"), or a noun it is
    set beside ("her brother Paul", "Paul, her brother")."""
    before = ent.doc[ent.start - 1].lower_.rstrip(".") if ent.start > 0 else ""
    words = {before, ent[0].lower_.rstrip(".")}
    root = ent.root
    linked = [t for t in root.children if t.dep_ in ("appos", "compound")]
    if root.dep_ in ("appos", "compound"):
        linked.append(root.head)
    words |= {t.lemma_.lower() for t in linked}
    return "he" if words & _MALE else "she" if words & _FEMALE else ""


def resolve_story(doc: Doc, canon: Canon) -> tuple[list[str], list[Chain]]:
    """What the story names, and what every pronoun of it stands for, in the order they occur: a
    fitting mention of its sentence or the one before, preferring one in the same role (subject for
    a subject: "Millford is a town ... It was founded"; object for an object: "threw the ball ...
    brought it back"), never the subject of the pronoun's own verb ("Lily took it"), and of the
    pronoun's gender where the text has said; else what the last pronoun of its class stood for;
    "they" with nothing plural is the last two people. The gender a he/she gives a person is kept."""
    aliases(doc, canon)
    chains: list[Chain] = []
    seen: list[tuple[int, Token, Referent]] = []
    last: dict[str, tuple[Referent, ...]] = {}
    found = mentions(doc, canon)
    marks = {tok.i: c for tok, c in found}
    sentence = {tok.i: n for n, sent in enumerate(doc.sents) for tok in sent}
    for tok in doc:
        if tok.i in marks:
            seen.append((sentence[tok.i], tok, marks[tok.i]))
            continue
        cls = pronoun_class(tok)
        if not cls or cls == "there":
            continue
        near = [(c, t) for n, t, c in reversed(seen) if n >= sentence[tok.i] - 1 and not _excluded(t, tok)]
        role = _role(tok) or "subject"  # a possessive or other pronoun: the salient subject first
        ranked = [c for c, t in near if _role(t) == role] + [c for c, _ in near]
        targets = pick(cls, ranked, last.get(cls, ()), [c for _, _, c in reversed(seen)])
        if not targets:
            continue
        if cls in ("he", "she") and len(targets) == 1:
            targets[0].gender = cls
            targets[0].kind = "person"
        last[cls] = tuple(targets)
        chains.append((cls, tuple(t.key for t in targets)))
        seen += [(sentence[tok.i], tok, t) for t in targets]
    return list(dict.fromkeys(c.key for _, c in found)), chains


def salient(chains: Sequence[Chain], canon: Canon) -> list[tuple[str, str]]:
    """(class, concept) the story resolves: for each pronoun, what it stands for most often, a name
    before a common noun as often ("Abraham Shakespeare" before "the man"), where one thing wins
    ("it" once for the skeleton, once for the show: none). A pair or a group counts for its members too."""
    counts = Counter(chains)
    out = []
    for cls in dict.fromkeys(c for c, _ in chains):
        ranked = sorted(
            ((n, _named(keys, canon), keys) for (c, keys), n in counts.items() if c == cls), reverse=True
        )
        if len(ranked) == 1 or ranked[0][:2] > ranked[1][:2]:
            keys = ranked[0][2]
            out += [(cls, k) for key in keys for k in (key, *canon.concepts[key].members)]
    return out


def _named(keys: Sequence[str], canon: Canon) -> bool:
    return all(canon.concepts[k].proper for k in keys)


def aliases(doc: Doc, canon: Canon) -> None:
    """ "Millford is a small town", "a dog named Max", "her brother Paul": the noun becomes another name
    of the name, in the story and in every round after it."""
    for tok in doc:
        name = None
        if tok.dep_ == "attr" and tok.pos_ == "NOUN" and tok.head.lemma_ == "be":
            subjects = [c for c in tok.head.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"]
            name = subjects[0] if subjects else None
        elif tok.pos_ == "NOUN" and tok.dep_ == "dobj" and tok.head.lemma_ in ("name", "call"):
            # "named the kitten Smoky"
            objects = [
                g for g in tok.head.children if g.dep_ in ("oprd", "attr", "xcomp") and g.pos_ == "PROPN"
            ]
            name = objects[0] if objects else None
        elif tok.pos_ == "NOUN" and any(c.dep_ == "appos" and c.pos_ == "PROPN" for c in tok.children):
            name = next(
                c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"
            )  # "her brother Paul"
        elif tok.pos_ == "NOUN":  # "a dog named Max"
            named = [c for c in tok.children if c.dep_ == "acl" and c.lemma_ in ("name", "call")]
            objects = [
                g
                for c in named
                for g in c.children
                if g.dep_ in ("oprd", "dobj", "attr") and g.pos_ == "PROPN"
            ]
            name = objects[0] if objects else None
        if name is not None:
            full = " ".join(t.text for t in name.subtree if t.pos_ == "PROPN") or name.text
            canon.aliases.setdefault(tok.lemma_.lower(), normalise(full))


def _role(tok: Token) -> str:
    return (
        "subject" if tok.dep_ in ("nsubj", "nsubjpass") else tok.dep_ if tok.dep_ in ("dobj", "pobj") else ""
    )


def _excluded(candidate: Token, pronoun: Token) -> bool:
    """Not what the pronoun means: the subject of an object pronoun's own verb ("Lily took it home"),
    or the noun a possessive belongs to ("her mother")."""
    if pronoun.dep_ == "poss":
        return candidate == pronoun.head
    same_verb = candidate.head == pronoun.head
    return pronoun.dep_ == "dobj" and candidate.dep_ in ("nsubj", "nsubjpass") and same_verb


def pick(
    cls: str, near: Sequence[Referent], chain: Sequence[Referent], before: Sequence[Referent]
) -> list[Referent]:
    """The referent(s) of a pronoun of ``cls`` among mentions most recent first: ``near`` ones (of the
    right gender first), else the ``chain`` of the last such pronoun, else any ``before``; for "they"
    with nothing plural, the last two people."""
    fitting = [c for c in near if fits(c, cls)]
    known = [c for c in fitting if c.gender == cls]
    if known or fitting:
        return [(known or fitting)[0]]
    if chain:
        return list(chain)
    older = [c for c in before if fits(c, cls)]
    if older:
        return [older[0]]
    if cls == "they":
        people = {c.key: c for c in reversed((*near, *before)) if c.kind == "person" and not c.plural}
        if len(people) >= 2:
            return list(people.values())[-2:][::-1]
    return []
