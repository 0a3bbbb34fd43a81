"""SWAN's nuggets of a reply: claims (type F) read as triples, and dialogue acts (type O) by rules.

F-nuggets are the triples kg/extract reads from the reply (the oracle's own extractor), one
nugget each. O-nuggets come from a small rule tagger over the reply's sentences, using the acts
of Stolcke et al.'s taxonomy that a chat reply shows; a sentence may carry several:

======== ============================================================================
act       when
======== ============================================================================
greeting  it opens with hi, hello, hey, greetings, good morning/afternoon/evening
farewell  it says goodbye, bye, see you, take care, good night
thanks    it says thank you or thanks
apology   it says sorry, apologise/apologize, my apologies, forgive me
refusal   "I cannot help/assist/provide ...", "As an AI", "I must decline"
dont_know "I don't know/remember", "not sure", "no idea", "I cannot tell/say/remember"
agree     it opens with a Yes (oracle/answer.py's reading of a sentence's lead)
disagree  it opens with a No
question  it ends with a question mark
answer    the reply's first sentence, when the partner asked a question and no other act fits
other     the whole reply, when nothing else was found (so each reply has a first nugget)
======== ============================================================================

Statements are type F, as in SWAN (footnote 4): a sentence with no act and no triple is no nugget.
A reply that says nothing new (an echo of the partner's line, or an earlier reply said again:
oracle/conversation/repeats.py) is one O-nugget, ``echo`` or ``repeat``: its claims are not its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.kg.extract.triples import Triple, TripleExtractor
from kgtest.oracle.answer import Stance, parse_answer

_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
_ACTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("greeting", re.compile(r"^\W*(?:hi|hello|hey|greetings|good\s+(?:morning|afternoon|evening))\b", re.I)),
    ("farewell", re.compile(r"\b(?:goodbye|bye|see\s+you|take\s+care|good\s+night)\b", re.I)),
    ("thanks", re.compile(r"\b(?:thank\s+you|thanks)\b", re.I)),
    ("apology", re.compile(r"\b(?:sorry|apologi[sz]e|my\s+apologies|forgive\s+me)\b", re.I)),
    (
        "refusal",
        re.compile(
            r"\bas\s+an\s+ai\b|\bi\s+must\s+decline\b"
            r"|\bi\s+(?:can't|cannot|can\s+not|won't|will\s+not)\s+(?:help|assist|provide|discuss|do\s+that)\b",
            re.I,
        ),
    ),
    (
        "dont_know",
        re.compile(
            r"\bi\s+(?:do\s+not|don't|dont)\s+(?:know|remember|recall)\b|\bnot\s+sure\b|\bno\s+idea\b"
            r"|\bi\s+(?:can't|cannot)\s+(?:tell|say|remember|recall)\b",
            re.I,
        ),
    ),
)
_STANCE_ACTS = {Stance.YES: "agree", Stance.NO: "disagree"}


@dataclass(frozen=True, slots=True)
class Nugget:
    """One atomic unit of a reply: a claim (F) or a dialogue act (O)."""

    turn: int
    index: int
    """k: its place among the reply's nuggets, from 1 (dialogue acts first, then claims)."""
    kind: str
    """``F`` or ``O``."""
    text: str
    """The sentence it comes from (the whole reply for ``other``)."""
    act: str = ""
    triple: Triple | None = None
    repeated: str = ""
    """What it says again, not the system's own: "the partner's line of round 3"; empty when its own."""


def dialogue_acts(text: str, after_question: bool) -> list[tuple[str, str]]:
    """(act, sentence) for each act the tagger finds, in sentence order."""
    found: list[tuple[str, str]] = []
    for n, match in enumerate(_SENTENCE.finditer(text)):
        sentence = match.group().strip()
        if not sentence:
            continue
        acts = [name for name, pattern in _ACTS if pattern.search(sentence)]
        parsed = parse_answer(sentence)
        if parsed.stance in _STANCE_ACTS and parsed.rule == "lead":
            acts.append(_STANCE_ACTS[parsed.stance])
        if sentence.endswith("?"):
            acts.append("question")
        if not acts and n == 0 and after_question:
            acts.append("answer")
        found += [(act, sentence) for act in dict.fromkeys(acts)]
    return found


def extract_nuggets(
    extractor: TripleExtractor,
    replies: Sequence[tuple[int, str, bool]],
    names: Sequence[Sequence[str]] | None = None,
) -> list[list[Nugget]]:
    """The nuggets of each ``(turn, reply, partner asked a question)``; one extractor call for all."""
    triples = extractor.extract([text for _, text, _ in replies], names)
    out = []
    for (turn, text, asked), read in zip(replies, triples, strict=True):
        units: list[tuple[str, str, str, Triple | None]] = [
            ("O", s, a, None) for a, s in dialogue_acts(text, asked)
        ]
        units += [("F", t.sentence, "", t) for t in read]
        if not units:
            units = [("O", text.strip(), "other", None)]
        out.append([Nugget(turn, k, kind, s, act, t) for k, (kind, s, act, t) in enumerate(units, 1)])
    return out
