"""Clauses a question can be made of: "S was alive" as a statement, a question and its negation.

English asks a yes/no question by moving the auxiliary to the front ("Was Lavagna located in
Liguria?", "Did Kaká play for AC Milan?") and negates with it ("Kaká did not play for AC Milan").
So a clause keeps its subject, its auxiliary and the words after it apart, and each form is a
join. Relation wordings (the ``ask`` of kg/data/relations.toml) mark their verb in brackets,
tensed by the question: ``{s} [be] located in {o}``, ``{s} [play] for {o}``; ``[be/past]``
stays in the past ("was born in"), ``[be/present]`` in the present ("is known as an influence on").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from dataclasses import dataclass

from kgtest.core.errors import GenerationError

PRESENT = "present"
PAST = "past"

_IRREGULAR = {
    "be": "was",
    "begin": "began",
    "bear": "bore",
    "become": "became",
    "do": "did",
    "give": "gave",
    "go": "went",
    "have": "had",
    "hold": "held",
    "lead": "led",
    "make": "made",
    "sit": "sat",
    "take": "took",
    "win": "won",
    "write": "wrote",
}
"""Past tenses that do not end in -ed."""

_VERB = re.compile(r"\[(?P<verb>[a-z]+)(?:/(?P<fixed>past|present))?\]")
_A_NAME = re.compile(r"\ba \{([so])\}")
""""a {o}" in a wording: "a physicist", "an engineer"."""


_STATES = frozenset({"alive", "under way", "exist"})
"""The states a lifetime, an event's run or a thing's existence says (generator/temporal_kb.py)."""


@dataclass(frozen=True, slots=True)
class Clause:
    """One finite clause: ``subject``, then ``finite`` ("was alive", "played for X").

    ``aux`` and ``rest`` are the same clause split for a question or a negation: "was" and
    "alive", "did" and "play for X".
    """

    subject: str
    aux: str
    rest: str
    finite: str

    def statement(self) -> str:
        """ "Charles Dickens was alive"."""
        return f"{self.subject} {self.finite}"

    def question(self) -> str:
        """ "Was Charles Dickens alive" (no question mark: a time may follow)."""
        return f"{self.aux.capitalize()} {self.subject} {self.rest}".rstrip()

    def negative(self) -> str:
        """ "Charles Dickens was not alive", "Kaká did not play for X"."""
        return f"{self.subject} {self.aux} not {self.rest}".rstrip()

    def ever_question(self) -> str:
        """ "Was Trier ever twinned with Pula", "Did Connie Willis ever win X"; a lifetime's state
        "at any point" ("Was Charles Dickens alive at any point", where "ever alive" reads oddly)."""
        if self.rest in _STATES:
            return f"{self.aux.capitalize()} {self.subject} {self.rest} at any point"
        return f"{self.aux.capitalize()} {self.subject} ever {self.rest}".rstrip()

    def always_question(self) -> str:
        """ "Was Cuxhaven always located outside Germany", "Did X always lack Y"."""
        return f"{self.aux.capitalize()} {self.subject} always {self.rest}".rstrip()

    def never(self) -> str:
        """ "Trier was never twinned with Pula", "Connie Willis never won X"."""
        if self.aux in ("did", "do", "does"):
            return f"{self.subject} never {self.finite}"
        return f"{self.subject} {self.aux} never {self.rest}".rstrip()

    def inverted(self) -> str:
        """ "was Charles Dickens alive", the order after "neither" and "nor"."""
        return f"{self.aux} {self.subject} {self.rest}".rstrip()


def past_of(verb: str) -> str:
    """ "play" -> "played", "die" -> "died", "study" -> "studied", "hold" -> "held"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("e"):
        return f"{verb}d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return f"{verb[:-1]}ied"
    return f"{verb}ed"


def third_person(verb: str) -> str:
    """ "contain" -> "contains", "go" -> "goes", "have" -> "has", "study" -> "studies"."""
    if verb == "have":
        return "has"
    if verb == "be":
        return "is"
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return f"{verb}es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return f"{verb[:-1]}ies"
    return f"{verb}s"


def clause(template: str, s: str, o: str, tense: str, plural: Collection[str] = ()) -> Clause:
    """The clause of a relation ``template`` ("{s} [be] located in {o}") about ``s`` and ``o``.

    The subject is whatever comes before the bracketed verb; its verb agrees with it when it is
    one of the ``plural`` names ("the Los Angeles Lakers are"). Raises GenerationError for a
    template without exactly one.
    """
    before, base, fixed, rest = _parsed(template)
    names = {"s": s, "o": o, "a_s": _indefinite(s), "a_o": _indefinite(o)}
    subject = before.format(**names)
    after = rest.format(**names)
    tense = fixed or tense
    many = subject in plural
    if base == "be":
        aux = ("are" if many else "is") if tense == PRESENT else ("were" if many else "was")
        return Clause(subject, aux, after, f"{aux} {after}".strip())
    if tense == PRESENT:
        finite, aux = (base, "do") if many else (third_person(base), "does")
    else:
        finite, aux = past_of(base), "did"
    return Clause(subject, aux, f"{base} {after}".strip(), f"{finite} {after}".strip())


@functools.lru_cache(maxsize=512)
def _parsed(template: str) -> tuple[str, str, str, str]:
    """The words before the verb, the verb, its fixed tense ("": the question's), the words after it."""
    found = list(_VERB.finditer(template))
    if len(found) != 1:
        raise GenerationError(
            f"relation wording {template!r} needs exactly one verb in brackets, "
            "like '{s} [be] born in {o}'"
        )
    verb = found[0]
    before = _A_NAME.sub(r"{a_\1}", template[: verb.start()]).strip()
    after = _A_NAME.sub(r"{a_\1}", template[verb.end() :]).strip()
    return before, verb["verb"], verb["fixed"] or "", after


def _indefinite(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"
