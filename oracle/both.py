""" "They", "the two", "both" for the question's two entities, in the words of the relation it asks about.

"So they were never married", "formal diplomatic relations were never restored; the two countries
deal through third parties", "they've had diplomatic relations ever since", "I don't believe the
two countries share a border": the parser has no names to read, yet the sentence states (or
denies) what the question asks. Such a sentence, naming no other relation of the case, is read as
a claim of the question's statement, denied when the sentence is ("not", "never", "no").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from kgtest.kg.extract.text import prepare
from kgtest.kg.extract.triples import Triple
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.unread import sentences, stems

_TWO = re.compile(r"\b(?:the\s+two(?:\s+\w+)?|both(?:\s+countries)?|they|each\s+other)\b", re.I)
_DENIED = re.compile(r"\b(?:not|never|no|nor|neither)\b|n't\b", re.I)
_ENDED = re.compile(
    r"\b(?:broke|break|broken|severed|sever|cut|ended|ceased|suspended|terminated|withdrew|revoked)\b", re.I
)
"""A sentence in which the relation ended ("they broke off diplomatic relations", "then cut ties"):
neither a plain statement of it nor a denial; left to the unread sentences."""


def about_the_two(
    text: str,
    claims: Sequence[Claim],
    ground: GroundGraph,
    asked: Sequence[tuple[str, str]],
    family: Callable[[str], str],
    symmetric: Callable[[str], bool],
) -> list[Claim]:
    """The claims, with one of the question's statement for each such sentence, where the question's
    relation is one of two of a kind: "His profile and the team's bio both list his birthplace as
    Ipiales" says nothing of "both" the cyclist and Ecuador."""
    if ground.statement is None or not symmetric(ground.statement[1]):
        return list(claims)
    s, p, o = ground.statement
    out = list(claims)
    for sentence in sentences(prepare(text)):
        if not _TWO.search(sentence) or _ENDED.search(sentence):
            continue
        said = f" {stems(sentence)} "
        words = [w for fam, w in asked if fam == family(p) and f" {stems(w)} " in said]
        if not words:
            continue
        key = stems(sentence)
        if any(
            c.statement and family(c.statement[1]) == family(p) and stems(c.triple.sentence) in key
            for c in out
        ):
            continue  # read already, with its names
        denied = len(_DENIED.findall(sentence)) % 2 == 1  # "it's not true that they never ..." affirms
        triple = Triple(ground.label(s), words[0], ground.label(o), denied, "", sentence)
        subject = EntityMatch(ground.label(s), s, ground.label(s), "both")
        obj = EntityMatch(ground.label(o), o, ground.label(o), "both")
        relation = RelationMatch(p.lstrip("^"), not p.startswith("^"), "both", words[0], "phrase")
        out.append(Claim(triple, subject, obj, relation, (s, p, o), ((s, p, o),)))
    return out
