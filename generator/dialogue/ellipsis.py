"""Questions that continue the one before them, told by spaCy's parse (the offline CoQA reader).

``fragment`` says whether a question is an ellipsis and how the parse shows it; ``takes_up``
finds the weaker signs that a whole question still leans on the question before it ("What else
...?", "this technique" for nothing said, "Who won?"). The reader turns both into an ellipsis
requirement whose evidence path is the kind found (``ellipsis bare``, ``leans what is it``);
evidence.py's table says which are weak where nothing meets them, so that a turn resting on them
is undecided rather than unanswerable (docs/dialogue.md, "Undecided turns").
"""

from __future__ import annotations

from collections.abc import Collection

from spacy.tokens import Doc, Token

from kgtest.generator.dialogue.mentions import DEMONSTRATIVES, TIMES

OPENERS = ("and ", "or ", "but ", "also ", "what about ", "how about ")
WH = {"what", "who", "whom", "whose", "which", "when", "where", "why", "how"}
BARE = "bare"
"""A bare auxiliary ("Who did?"): an ellipsis, but people read some as whole questions."""
THIS = "this"
"""A "this" or "these" standing alone ("how long ago was this?", "Who does not think this is true?"):
an ellipsis, but where the turn before is not its frame people read some from the story (seventh
session: 5 of 13 labelled answerable on the tuning material; "that", "one", "another" alone 5 of 48)."""
THE_TEXT = {"story", "article", "passage", "text", "excerpt", "tale", "chapter"}
"""Nouns for the text everyone is shown: "What day is this story set on?" leans on no turn."""
WHAT_IS_IT = "what is it"
"""A question that asks only what a pronoun is ("What was it?", "Who is he?"): nothing but the turn
before can say (tenth session: all 14 such turns the reader left undecided after another turn were
labelled unanswerable, on five samples; 14 of 18 on eight, eleventh session)."""
QUANTITY = "quantity"
"""A count or share with nothing to count ("How many are in Romania?", "Did India do the same?", "Who
was the rest at war with?", "Are there any more?"): of what, only the question before says (twelfth
session, second round: these were whole questions with no requirement, always decided answerable;
moved, 11 of 14 decided unanswerable agree with the reviewers, pooled)."""
NAMES = "names"
"""A fragment asking which or how many of a thing the story names, with no opener or preposition to
continue ("What branch?", "how many rooms?", "What kind of armor?"; not "And the train?", "In what
room?", "What year?"): people answer some from the story alone (thirteenth session: the largest
group of verbless fragments decided unanswerable against the reviewers: moved, 14 of 30 labelled
answerable, pooled, against 24 of 533 other such fragments)."""
ASKING = {
    *("year", "time", "day", "date", "period", "age", "kind", "type", "sort", "name", "way", "reason"),
    *("purpose", "part", "term", "number", "amount", "size", "color", "colour", "place", "thing"),
    *("one", "other", "others"),
}
"""Nouns that ask for an attribute rather than name a thing ("What year?", "What kind?"): a fragment
holding only these needs its frame."""
_AFTER = {"instead", "then", "next", "result"}
_COUNTED = {"many", "same", "rest", "more"}
_TOLL = {"die", "perish", "kill", "injure", "wound", "survive", "miss", "hurt"}
"""Verbs of a toll: "How many died?" asks the story's own count ("died", "perished", "are missing":
4 of 4 such moved turns labelled answerable)."""


def fragment(question: Doc, story: Collection[str] = ()) -> str:
    """How the parse shows an ellipsis, or "": "one", "another" or "this" standing for a noun phrase
    ("is one named?", "how long ago was this?"); words that take up what was just asked
    ("instead"; ``THIS`` for "this" or "these" alone); no finite verb and at most one noun phrase
    ("When?", "What color?", "Who else?", "What kind of music?"; ``NAMES`` where it asks after a
    thing whose lemma is in ``story``, the story's lemmas); ``QUANTITY``, a count with nothing
    counted ("How many are left?"); a bare auxiliary ("Who did?"; not one with a name for its
    subject, "What did Suzie do?", a whole question); an opener without a subject of its own ("And
    approved?", "what about in records?")."""
    alone = [t.lower_ for t in question if _stands_alone(t)]
    if alone:
        return THIS if set(alone) <= {"this", "these"} else "stands alone"  # "is one named?"
    if any(_presupposes(t) for t in question):
        return "takes up"  # "What did they do instead?", "What happened then?"
    words = [t for t in question if not t.is_punct]
    nouns = [t for t in words if t.pos_ in ("NOUN", "PROPN") and t.dep_ != "compound" and not _of_noun(t)]
    if not any(_finite(t) for t in words) and len(nouns) < 2:
        # "What genders?", "In what street?", "to hold what with her?", not "how many counties in the state?"
        return NAMES if _names(question, story) else "no verb"
    if any(_uncounted(t) for t in question):
        return QUANTITY  # "How many are in Romania?"
    last = words[-1] if words else None
    bare = last is not None and (last.lemma_ in ("do", "be", "have") or last.tag_ == "MD")
    named = any(t.dep_ in ("nsubj", "nsubjpass") and t.pos_ == "PROPN" for t in question)
    if bare and not named and not any(t.pos_ == "VERB" for t in words if t is not last):
        return BARE  # "Who did?", "Who was?": the verb is the question before's; not "What did Suzie do?"
    subject = any(
        t.dep_ in ("nsubj", "nsubjpass") and t.lower_ not in WH and t.pos_ in ("NOUN", "PROPN", "PRON")
        for t in question
    )
    opener = question.text.lower().strip().startswith(OPENERS)
    return "opener" if opener and not subject else ""


def takes_up(question: Doc, said: Collection[str], names: Collection[int] = ()) -> str:
    """A whole question that still leans on the one before it, or "": "else" or "other" ("Were any
    other mistakes made?"), "another" before a noun ("the name of another kid"; not "one another"),
    a demonstrative before a noun not in ``said`` (the heads of the question's mentions of something
    said before: "was this technique new?"; not "this story"), or
    no noun, name or number, and no pronoun either or at most three words ("Who won?", "was there?", "Was
    it welcome?": the pronoun is all the question says), a name being also a word at ``names`` (the
    indices of the names the reader found that the parse did not tag as one: "Was Kit old?");
    ``WHAT_IS_IT`` for one that asks only what a pronoun is ("What was it?")."""
    for t in question:
        other = t.lower_ in ("else", "other", "others") and not any(c.lower_ == "each" for c in t.children)
        another = t.lower_ == "another" and t.dep_ == "det" and t.head.lower_ != "one"
        if other or another:
            return "else"  # not "each other", not "one another"
        before_noun = t.lower_ in DEMONSTRATIVES and t.dep_ == "det" and t.head.text not in said
        if before_noun and t.head.lemma_.lower() not in THE_TEXT | TIMES:  # "this story" is the text shown,
            return "demonstrative"  # "that day" a time of the story's (tenth session: 5 of 5 answerable)
    named = any(t.pos_ in ("NOUN", "PROPN", "NUM") or t.i in names for t in question)
    pronouns = any(t.pos_ == "PRON" and t.lower_ not in WH for t in question)
    words = [t for t in question if not t.is_punct]
    if (
        len(words) == 3
        and words[0].lower_ in ("what", "who", "which")
        and words[1].lemma_ == "be"
        and _pronoun(words[2])
    ):
        return WHAT_IS_IT  # "What was it?": asks only what "it" is
    if not named and (not pronouns or len(words) <= 3):
        return "no noun"  # "Who won?", "Was it welcome?", "Was he trusted?"
    return ""


def _names(question: Doc, story: Collection[str]) -> bool:
    """Does a verbless question ask after a thing the story names, with nothing to continue ("What
    branch?"; not "And the train?", "In what room?", "What year?")?"""
    if question.text.lower().strip().startswith(OPENERS) or any(t.pos_ == "ADP" for t in question[:1]):
        return False
    return any(
        t.pos_ in ("NOUN", "PROPN")
        and t.lower_ not in WH
        and t.lemma_.lower() not in ASKING
        and t.lemma_.lower() in story
        for t in question
    )


def _pronoun(tok: Token) -> bool:
    return tok.pos_ == "PRON" and tok.lower_ not in WH


def _presupposes(tok: Token) -> bool:
    """Words that take up what was just asked: "instead", "then" and "next" after the verb (not "back
    then", "next to"), "as a result"."""
    low = tok.lower_
    if low not in _AFTER:
        return False
    if low == "result":
        return tok.head.lower_ == "as"
    if low == "then" and tok.i and tok.doc[tok.i - 1].lower_ == "back":
        return False  # "Were the games back then on a four-year cycle?": a time, not the next step
    if low == "next" and tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].lower_ == "to":
        return False  # "did Tom sit next to Ralph?": a place, not the next step
    if low in ("then", "next"):
        return tok.dep_ == "advmod" and tok.i > tok.head.i and tok.head.dep_ == "ROOT"
    return True


def _of_noun(tok: Token) -> bool:
    """ "kind of music", "name of the chapter": the noun after "of" makes one noun phrase with the
    one before."""
    return tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.pos_ in ("NOUN", "PROPN")


def _finite(tok: Token) -> bool:
    """A verb that makes a clause of its own: tensed, a modal, or an imperative opening the question
    ("Name one."); "to hold", "doing" and a question of nouns alone have none."""
    return tok.tag_ in ("VBD", "VBZ", "VBP", "MD") or (tok.tag_ == "VB" and tok.i == 0 and tok.dep_ == "ROOT")


def _stands_alone(tok: Token) -> bool:
    """ "one", "another" or a demonstrative used as a noun phrase of its own ("which one was best?";
    not the relative "that" of "the storm that came in", not the "one" of "what did one have to do?")."""
    if tok.tag_ == "WDT" or any(c.dep_ == "prep" and c.lower_ == "of" for c in tok.children):
        return False  # "one of the men who spotted it" names its own noun
    if tok.lower_ == "one" and tok.dep_ == "nsubj" and not any(c.dep_ == "det" for c in tok.children):
        return False  # "What did one have to do?": anyone
    if any(c.dep_ in ("relcl", "acl") for c in tok.children):
        return False  # "the one that harassed him" says which
    if " ".join(t.lower_ for t in tok.doc[max(tok.i - 1, 0) : tok.i + 2]).count("one another"):
        return False  # "Did the kids help one another?": each other
    alone = tok.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "attr")
    return alone and (
        tok.lower_ in (*DEMONSTRATIVES, "another")
        or (tok.lower_ == "one" and tok.pos_ in ("NUM", "PRON", "NOUN"))
    )


def _uncounted(tok: Token) -> bool:
    """ "how many", "the same", "the rest" or "more" standing for a noun phrase, with no noun, no "of",
    "as", "than" or clause to say what is counted ("How many are left?", "do the same"; not "how many
    of the founders", "the same as his", "more than Tom"; "how much" asks an amount, not a count)."""
    if tok.lower_ not in _COUNTED:
        return False
    if tok.lower_ == "many" and (not tok.i or tok.doc[tok.i - 1].lower_ != "how" or tok.head.lemma_ in _TOLL):
        return False  # "many" counts only after "how", and not the dead; "more" and "the same" anywhere
    if tok.lower_ in ("same", "rest") and not any(c.lower_ == "the" for c in tok.children):
        return False  # "was he getting enough rest?": sleep
    if any(c.lower_ in ("of", "as", "than") or c.dep_ in ("relcl", "acl") for c in tok.children):
        return False
    return tok.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "attr", "acomp")
