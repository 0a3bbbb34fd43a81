"""How KB-built dialogues say things: questions per property, pronouns, story sentences.

A question is written about a *subject phrase*: the topic's pronoun ("she"), a name ("Marie
Curie"), a description ("her husband") or a demonstrative ("that city"). The phrase decides
the verb's number ("Where were they born?"), so templates carry ``{was}`` and ``{is}``
slots. Properties without a template of their own are asked by their catalog label when it
is a noun ("What was her occupation?"); others are not asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.kg.model import Category, Relation

BIRTH_YEAR, DEATH_YEAR, INCEPTION_YEAR = "P569", "P570", "P571"
"""Years are asked about too; the KB keeps them on the entity, the dialogue as these properties."""

TEMPLATES: dict[str, str] = {
    "P19": "Where {was} {s} born?",
    "P20": "Where did {s} die?",
    BIRTH_YEAR: "When {was} {s} born?",
    DEATH_YEAR: "When did {s} die?",
    INCEPTION_YEAR: "When {was} {s} founded?",
    "P26": "Who {was} {s} married to?",
    "P22": "Who {was} {p} father?",
    "P25": "Who {was} {p} mother?",
    "P40": "Who {is} one of {p} children?",
    "P27": "Which country {was} {s} a citizen of?",
    "P69": "Where {was} {s} educated?",
    "P106": "What did {s} work as?",
    "P108": "Who employed {o}?",
    "P166": "Which award did {s} receive?",
    "P102": "Which party {was} {s} a member of?",
    "P54": "Which team did {s} play for?",
    "P39": "Which position did {s} hold?",
    "P737": "Who {was} {s} influenced by?",
    "P800": "Which work {is} {s} known for?",
    "P1344": "Which event did {s} take part in?",
    "P463": "Which organisation {was} {s} a member of?",
    "P551": "Where did {s} live?",
    "P131": "Where {is} {s} located?",
    "P17": "Which country {is} {s} in?",
    "P36": "What is the capital of {o}?",
    "P1376": "What {is} {s} the capital of?",
    "P30": "Which continent {is} {s} on?",
    "P37": "What is the official language of {o}?",
    "P50": "Who wrote {o}?",
    "P57": "Who directed {o}?",
    "P86": "Who composed {o}?",
    "P112": "Who founded {o}?",
    "P170": "Who created {o}?",
    "P175": "Who performed {o}?",
}
YEARS = (BIRTH_YEAR, DEATH_YEAR, INCEPTION_YEAR)
YEAR_PHRASES = {BIRTH_YEAR: "was born in", DEATH_YEAR: "died in", INCEPTION_YEAR: "was founded in"}

RELATIVES: dict[str, tuple[str, str, str]] = {
    "P26": ("husband", "wife", "spouse"),
    "P22": ("father", "father", "father"),
    "P25": ("mother", "mother", "mother"),
}
"""Properties that describe a relative of the topic: the noun for a man, a woman, anyone."""


@dataclass(frozen=True, slots=True)
class Pronoun:
    """One pronoun class in the forms questions use: he/him/his/his, she/her/her/hers ..."""

    subject: str
    object: str
    possessive: str
    independent: str
    """ "another award of *hers*"."""
    plural: bool = False


PRONOUNS = {
    "he": Pronoun("he", "him", "his", "his"),
    "she": Pronoun("she", "her", "her", "hers"),
    "they": Pronoun("they", "them", "their", "theirs", plural=True),
    "it": Pronoun("it", "it", "its", "its"),
}


@dataclass(frozen=True, slots=True)
class Subject:
    """A subject phrase with its number and possessive form."""

    text: str
    object: str
    possessive: str
    independent: str
    plural: bool = False

    @staticmethod
    def pronoun(cls: str) -> Subject:
        p = PRONOUNS[cls]
        return Subject(p.subject, p.object, p.possessive, p.independent, p.plural)

    @staticmethod
    def named(text: str) -> Subject:
        """A name or a description ("her husband", "that city"): the same in every position."""
        return Subject(text, text, possessive(text), text)


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def askable(relation: Relation) -> bool:
    """Properties a question can be written for: a template, or a noun label."""
    return relation.id in TEMPLATES or (relation.category is Category.NOUN and _plain_label(relation.label))


def question(relation: Relation, subject: Subject) -> str:
    """The question asking ``relation`` of ``subject``; capitalised, the verb agreeing with ``{s}``."""
    template = TEMPLATES.get(relation.id) or "What was {p} " + relation.label + "?"
    plural = subject.plural and "{s}" in template
    text = template.format(
        s=subject.text,
        o=subject.object,
        p=subject.possessive,
        was="were" if plural else "was",
        **{"is": "are" if plural else "is"},
    )
    return text[0].upper() + text[1:]


ANOTHER_NOUNS = {
    "P166": "award",
    "P69": "school",
    "P108": "employer",
    "P800": "notable work",
    "P54": "team",
    "P39": "position",
    "P1411": "nomination",
    "P463": "organisation",
}


def another(relation: Relation, subject: Subject, besides: str = "") -> str | None:
    """ "What was another award of hers?": presupposes that one was said already (``besides`` says it)."""
    noun = ANOTHER_NOUNS.get(relation.id) or (relation.label if _plain_label(relation.label) else "")
    tail = f" besides {besides}" if besides else ""
    return f"What was another {noun} of {subject.independent}{tail}?" if noun else None


def pronoun_text(relation: Relation, subject: Subject) -> str:
    """The form of the subject the question uses: "she", "her" (object) or "her" (possessive)."""
    template = TEMPLATES.get(relation.id, "{p}")
    return subject.text if "{s}" in template else subject.object if "{o}" in template else subject.possessive


def yes_no(relation: Relation, subject: Subject, obj: str) -> str:
    """ "Is it true that she received the award X?" (asked so that X is said before "another")."""
    return f"Is it true that {subject.text} {agree(relation.phrase, subject.plural)} {obj}?"


def sentence(phrase: str, subject: Subject, obj: str) -> str:
    text = f"{subject.text} {agree(phrase, subject.plural)} {obj}."
    return text[0].upper() + text[1:]


def agree(phrase: str, plural: bool) -> str:
    """A catalog phrase ("was born in", "is located in", "has as capital") for a plural subject."""
    if not plural:
        return phrase
    first, _, rest = phrase.partition(" ")
    swapped = {"was": "were", "is": "are", "has": "have"}.get(first)
    return f"{swapped} {rest}" if swapped and rest else phrase


_NOT_NOUN_ENDS = {"of", "by", "for", "in", "with", "to", "at", "from", "on", "as"}


def _plain_label(label: str) -> bool:
    """A label that reads as a noun in "What was her ...?": short, lower case, letters only, and no
    participle or trailing preposition ("award received", "part of", "described by source")."""
    words = label.split()
    return (
        0 < len(words) <= 3
        and label == label.lower()
        and all(w.isalpha() and not w.endswith("ed") for w in words)
        and words[-1] not in _NOT_NOUN_ENDS
    )
