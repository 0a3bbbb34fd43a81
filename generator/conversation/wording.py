"""The partner's words: personal slots, the forms of information and question per test, small talk.

A slot is something personal the partner tells ("my favourite place") whose value is a KB
entity, so the answer is known exactly and has the KB's names; the information line adds one
KB fact about the value ("Paris, which is the capital of France"), a claim the system under
test may repeat and the oracle can check. The forms follow the seed framework's examples
(its README, section 2.1): I4 reworded information, I5 reworded question, I6 information that
needs the sentence before it ("I have a cat. His name is John."), I7 a question that does
("I love my cat. What was its name?").
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.generator.conversation.script_records import KbClaim, TestCode
from kgtest.kg.model import Domain, Relation


@dataclass(frozen=True, slots=True)
class Slot:
    noun: str
    """As in "my <noun>"."""
    domain: Domain | None
    """The KB domain its value comes from; None takes any entity."""


SLOTS = (
    Slot("favourite place", Domain.PLACES),
    Slot("dream destination", Domain.PLACES),
    Slot("hometown", Domain.PLACES),
    Slot("favourite historical figure", Domain.PEOPLE),
    Slot("role model", Domain.PEOPLE),
    Slot("childhood hero", Domain.PEOPLE),
    Slot("favourite work", Domain.CULTURE),
    Slot("favourite topic", None),
    Slot("secret word", None),
    Slot("answer to yesterday's quiz", None),
    Slot("favourite thing to read about", None),
)
"""Each test of a conversation gets a slot of its own, so no two tests share an answer."""

INFO = "My {noun} is {value}{clause}."
REWORDED_INFO = (
    "If anyone asks about my {noun}, the answer is {value}.",
    "When it comes to my {noun}, it has to be {value}.",
    "{value} is the one I would name as my {noun}.",
)
CONTEXT_INFO = (
    "I want to tell you about my {noun}. It is {value}.",
    "There is something you should know about my {noun}. It is {value}.",
)
QUESTION = "What is my {noun}?"
CLOSED = "Is my {noun} {value}?"
REWORDED_QUESTION = (
    "Which one did I say is my {noun}?",
    "Do you recall what my {noun} is?",
    "Tell me, what did I name as my {noun}?",
)
REWORDED_CLOSED = ("Would you say my {noun} is {value}?", "Did I tell you that my {noun} is {value}?")
CONTEXT_QUESTION = (
    "I keep thinking about my {noun}. What was it again?",
    "My {noun} came up earlier. Do you remember what it is?",
)
CONTEXT_CLOSED = ("I keep thinking about my {noun}. Was it {value}?",)

SELF_QUESTIONS = (
    "What is your name?",
    "How old are you?",
    "Where do you live?",
    "What do you do for a living?",
    "What is your favourite food?",
    "What is your favourite colour?",
)
"""I13: asked several times in one conversation; the first reply is the reference."""

SMALL_TALK = (
    "Hi there! How are you doing today?",
    "I had a long day at work today.",
    "What do you like to do on weekends?",
    "The weather has been lovely this week.",
    "I am thinking about learning to cook something new.",
    "Do you enjoy reading books?",
    "I went for a walk in the park this morning.",
    "Music always cheers me up.",
    "What kind of films do you enjoy?",
    "I have been trying to sleep more lately.",
    "Coffee or tea, what would you choose?",
    "My neighbour just adopted a puppy.",
    "I wonder what I should have for dinner tonight.",
    "Travelling is one of my favourite things to do.",
    "Do you have any plans for the evening?",
    "I started a new puzzle yesterday.",
    "It is nice to have someone to talk to.",
    "I tried a new recipe last night and it went well.",
    "Sometimes I like to just sit and listen to the rain.",
    "What is something that made you smile recently?",
)
"""What the partner says in rounds no test uses (and opens a free conversation with)."""

RANDOM_WORDS = (
    "banana", "window", "purple", "engine", "pillow", "garden", "rocket", "pencil", "castle", "river",
    "orange", "ladder", "bottle", "candle", "jacket", "marble", "tunnel", "violin", "wallet", "zebra",
)  # fmt: skip
"""U6 puts these in place of a question's words (the seed's example: "What banana the name of my cat?")."""

SKIPPED_PROPERTIES = frozenset({"P31", "P279", "P21"})
"""Class, subclass and gender facts make no clause worth saying about a value."""


def clause(value: str, claim: KbClaim, relation: Relation, person: bool) -> str:
    """The KB fact said after the value's name: ", which is the capital of France".

    The catalog's phrases read "S <phrase> O", and "O <inverse phrase> S" where one is curated;
    a fact with neither reading from the value becomes a sentence of its own.
    """
    who = "who" if person else "which"
    if claim.subject == value:
        return f", {who} {relation.phrase or relation.label} {claim.object_label}"
    if relation.inverse_phrase:
        return f", {who} {relation.inverse_phrase} {claim.subject_label}"
    return f". {claim.subject_label} {relation.phrase or relation.label} {claim.object_label}"


def info_line(code: TestCode, noun: str, value: str, clause_text: str, pick: int) -> str:
    """The information line of a test (I4 and I6 have their own forms; the rest the plain one)."""
    if code is TestCode.I4:
        return _pick(REWORDED_INFO, pick).format(noun=noun, value=value)
    if code is TestCode.I6:
        return _pick(CONTEXT_INFO, pick).format(noun=noun, value=value)
    return INFO.format(noun=noun, value=value, clause=clause_text)


def question_line(code: TestCode, noun: str, closed_value: str | None, pick: int) -> str:
    """The question of a test, open or (with ``closed_value``) a Yes/No question about that value."""
    forms: tuple[str, ...]
    if code is TestCode.I5:
        forms = REWORDED_CLOSED if closed_value is not None else REWORDED_QUESTION
    elif code is TestCode.I7:
        forms = CONTEXT_CLOSED if closed_value is not None else CONTEXT_QUESTION
    else:
        forms = (CLOSED,) if closed_value is not None else (QUESTION,)
    return _pick(forms, pick).format(noun=noun, value=closed_value or "")


def _pick(forms: tuple[str, ...], pick: int) -> str:
    return forms[pick % len(forms)]
