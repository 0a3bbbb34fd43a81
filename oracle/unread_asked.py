"""Unread sentences that only say the question's own statement again, where the proof holds it.

"Omonia Aradippou was one of the participants in the 2018–19 Cypriot Cup", "Step two: check whether
Steve Cummings is among its participants — he is.", "Wikidata lists the University of Chicago among
his employers": the case's relation in its own words (the property's label, Wikidata's aliases,
kgtest's paraphrases; asked.py ``either_way``) between the question's two ends, or one of them and "he",
"its", "the race" for the other. No property phrase reads "was one of the participants in", so the
sentence was unread, and a class "cannot tell". But where the proof holds the statement, such a
sentence agrees with it whatever its grammar: it names no other value, no other entity, no date, and
denies nothing, so by DEFINITIONS.md it cannot be wrong knowledge; it is read as the statement, a
fact of the case. A source cited for it ("Reference databases such as Wikidata accordingly list ...",
"According to ProCyclingStats, ...") changes nothing: a name the KB does not know may cite. It still
blocks a class where it

* names anything else by a capitalised name, known to the KB or not, or a people ("Danish");
* denies, moves away, dates, counts, asks, supposes or reports (unread_premises.py ``AWAY``: not,
  until, since, whether, would, a year or a number ...), except "one of" and "among", which place
  the end in the relation's list; a "whether ..." answered "— he is." is the positive statement;
* is about a temporal case (the sentence has no year: it may be another time's).

Where the proof concludes the statement is false, the same holds of a sentence that denies it once
("Hamburg had nothing to do with his birth", styled_blind14 W2-039; "Nothing connects his death to San
Francisco", styled_dev14 D2-014): the denial is what the proof
says, and a denial is wrong knowledge only of what the KB proves. A positive one there, or one denied
twice over, still blocks. A word of the relation's phrases says the relation ("birth" of "birth
place"), place nouns aside ("city", "place").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.core.wordnet import wordnet
from kgtest.kg.extract.spacy_nouns import PLACE_NOUNS
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.unread import NAME, SOURCE, Unread, stems
from kgtest.oracle.unread_premises import AWAY, without_names

_ANSWERED = re.compile(
    r"\b(?:check|see|ask|confirm)\w*\s+whether\s+(?P<said>.+?)\s*[—–-]+\s*(?:yes,?\s*)?"
    r"(?:he|she|it|they)\s+(?:is|was|are|were|did|does|do|has|had)\s*[.!]?\s*$",
    re.I,
)
"""A step that asks and answers itself positively: "check whether X is among its participants — he is"."""
_REFERS = re.compile(
    r"\b(?:he|she|it|they|him|her|his|its|their|them|there|the\s+(?:race|club|team|city|town|country|"
    r"university|award|prize|league|cup|tour|edition|event|competition|season))\b",
    re.I,
)
"""Words that stand for the end a sentence does not name."""
_STEP = re.compile(r"^\W*(?:step\s+\w+|\d+[.)])\s*[:.]?\s*", re.I)
"""A step's or a list item's number: "Step two: ...", "3. ..." (no count of the fact)."""
_DENIAL = re.compile(r"\b(?:not|never|no|nothing(?:\s+to\s+do\s+with)?)\b|n['’]t\b", re.I)
_CITING = re.compile(
    r"(?:['’]s?\s+(?:page|entry|profile|records?|database|list|start\s+sheet)\b[^,.;]{0,60}?)?\s+"
    r"(?:accordingly\s+|also\s+)?(?:lists?|listed|gives?|gave|records?|recorded|shows?|showed|names?|named)\b"
)
"""A name the KB does not know, citing: "Wikidata lists ...", "ProCyclingStats' page for it lists ..."."""
_LISTED = re.compile(r"\b(?:one\s+of|among)\b", re.I)
""""one of the participants", "among its participants": in the relation's list, no count."""


def asked_again(
    unread: Sequence[Unread], ground: GroundGraph, entities: EntityReader, own: Sequence[str]
) -> list[Unread]:
    """The unread sentences read as the question's statement they restate (the module's rule).
    ``own``: the words of the question's relation either way, where the way cannot matter (asked.py
    ``AskedWords.either_way``); none where it can."""
    if ground.statement is None or ground.holds is None or ground.temporal is not None:
        return []
    return [u for u in unread if _restates(u.sentence, ground, entities, own, denied=not ground.holds)]


def _restates(
    sentence: str, ground: GroundGraph, entities: EntityReader, own: Sequence[str], denied: bool
) -> bool:
    assert ground.statement is not None
    plain = SOURCE.sub(" ", _STEP.sub("", sentence))
    if answered := _ANSWERED.search(plain):
        plain = plain[: answered.start()] + answered.group("said")
    ends = {ground.statement[0], ground.statement[2]}
    named: set[str] = set()
    for found in NAME.finditer(plain):
        name = found.group().strip()
        match = entities.read(name, ground, look_up=False)
        match = match if match.known else entities.read(name, ground)
        if match.id is None and (_opening(plain, found.start(), name) or _CITING.match(plain, found.end())):
            continue  # "Step two: ...", "Yes, ...", "Wikidata lists ...": opens the sentence, or a source
        if match.id is None or match.how == "demonym" or match.id not in ends:
            return False
        named.add(match.id)
    if not named or (len(named) == 1 and not _REFERS.search(plain)):
        return False
    said = f" {stems(plain)} "
    words = [w for w in _tokens(own) if f" {stems(w)} " in said]
    if not words:
        return False
    rest = _LISTED.sub(" ", without_names(plain, ends, ground))
    for w in sorted(words, key=len, reverse=True):
        pattern = r"\W+".join(rf"{re.escape(t)}s?" for t in w.split())
        rest = re.sub(rf"\b{pattern}\b", " ", rest, flags=re.I)
    if denied:  # the proof's "false", said once: "Hamburg had nothing to do with his birth"
        if len(_DENIAL.findall(rest)) != 1:
            return False
        rest = _DENIAL.sub(" ", rest)
    return not AWAY.search(rest)


def _opening(text: str, start: int, name: str) -> bool:
    """A one-word capital opening the sentence or a clause after a colon, a common English word."""
    before = text[:start].rstrip()
    return " " not in name and (not before or before.endswith(":")) and _word(name.lower())


def _word(word: str) -> bool:
    lexicon = wordnet()
    return lexicon.common(word) or word in ("yes", "step", "so", "quick", "indeed", "well")


def _tokens(own: Sequence[str]) -> list[str]:
    """The phrases and their own words ("birth" of "birth place"), less place nouns ("city", "place"):
    any of them says the relation."""
    out = set(own)
    for phrase in own:
        out |= {w for w in phrase.split() if len(w) >= 4 and w not in PLACE_NOUNS and w not in _GENERIC}
    return sorted(out)


_GENERIC = frozenset({"came", "world", "entered", "with", "from", "into", "made", "went", "took", "part"})
