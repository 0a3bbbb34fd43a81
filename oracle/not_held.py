"""An edition said not to have been held, or a first one in another year: "the race wasn't held in
2015", "2015: no edition was held", "his Giro d'Italia debut came in 2010" (asked of 2008).

A case about a yearly event names its editions by year ("the 2015 Danmark Rundt"). A reply that
says the year's edition never took place denies that entity, in words no relation of the KB
reads; passed over, it let a wrong "no 2015 edition" look like nothing at all (a wrong fact read
as correct). Such a sentence is unread, and bears on the class, where an entity the proof rests on
has its year in its name; a debut or first start in a year denies every earlier edition, so it is
unread where an edition the proof rests on has another year.
"""

from __future__ import annotations

import re

from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import Unread, proof_ids

_NOT_HELD = re.compile(
    r"(?:(?:\b(?:not|never|no\s+(?:\w+\s+)?(?:edition|race|event|tournament|season|competition))|n't)\b[^.;]{0,40}?"
    r"\b(?:held|run|raced|staged|organi[sz]ed|contested|played|take\s+place|took\s+place|happen(?:ed)?)\b"
    r"|\b(?:cancell?ed|called\s+off|skipped|took\s+a\s+year\s+off|was\s+dropped|did\s+not\s+return)\b)",
    re.I,
)
_YEAR = re.compile(r"\b(?:1[89]\d{2}|20\d{2})\b")
_FIRST = re.compile(
    r"\b(?:debut|first\s+(?:appearance|start|ride|race|season|participation|edition))\b", re.I
)


def not_held(text: str, ground: GroundGraph) -> list[Unread]:
    """Sentences saying a year's edition did not take place, where a case entity is that edition."""
    out = []
    for sentence in reply_sentences(text):
        first = bool(_FIRST.search(sentence))
        if not first and not _NOT_HELD.search(sentence):
            continue
        years = set(_YEAR.findall(sentence))
        proof = proof_ids(ground)
        named = [
            e
            for e in ground.entities
            if e.id in proof
            and (years & set(_YEAR.findall(e.label)) or (first and years and _series(e.label, sentence)))
        ]
        if named:
            out.append(
                Unread(
                    sentence.strip(), tuple(e.label for e in named[:2]), frozenset(e.id for e in named), True
                )
            )
    return out


def _series(label: str, sentence: str) -> bool:
    """Whether the sentence names the series an edition belongs to ("Giro d'Italia" of "2008 Giro
    d'Italia"): every word of the label but its year."""
    words = [w for w in re.findall(r"[\w']+", label.lower()) if not _YEAR.fullmatch(w)]
    said = set(re.findall(r"[\w']+", sentence.lower()))
    return bool(words) and bool(_YEAR.search(label)) and set(words) <= said
