"""A value of the question's own relation said in a sentence nothing read it from.

"Roth died in 2018 at his country home in Warren, Connecticut", "the composer of *Carmina Burana*
was born on 10 July 1895 in Augsburg, Bavaria": a sentence in the words of the relation the question
asks about ("died", "born") puts a name after "in", "at" or "near", and no claim of that relation
was read from it (the subject was a description, the parse was broken). That name may be the KB's
value, a place within it, or another value: the reply's class cannot be told. unread.py's own
search asks for two names the KB knows, or words of five letters or more, and missed both. So does
the question's subject "listed under" or "grouped under" a place the KB does not know.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.moved import moved_into
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import Unread, proof_ids, stems

_PLACED = re.compile(
    r"\b(?:in|at|near)\s+(?:the\s+)?(?P<name>[A-Z\u00C0-\u024F][\w'’.\-]*(?:\s+(?:of\s+|de\s+|di\s+)?"
    r"[A-Z\u00C0-\u024F][\w'’.\-]*)*)"
)
"""A capitalised name after a place preposition: "in Augsburg", "at the Hospital of St. Mary"."""
_BUILDING = re.compile(r"\s+in\s+(?:the\s+)?[A-Z\u00C0-\u024F]")
"""A name placed in another ("at the Palazzo Vendramin Calergi in Venice"): the place is the value."""
_MONTHS = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october"}
    | {"november", "december"}
)


def unread_values(
    text: str,
    claims: Sequence[Claim],
    ground: GroundGraph,
    entities: EntityReader,
    said: Sequence[str],
    family: Callable[[str], str],
) -> list[Unread]:
    """Each sentence in ``said`` (the question's relation's words) placing a name no claim of that
    relation, nor any read claim, took from it."""
    if ground.statement is None or not said:
        return []
    asked = ground.statement[1]
    names = {  # a value read elsewhere in the reply ("He died in Göttingen"), or beside it, is read
        m.name.lower() for c in claims if c.statement is not None for m in (c.subject, c.object)
    }
    out = [u for c in claims if (u := _placed_unknown(c, ground)) is not None]
    for sentence in reply_sentences(text):
        key = f" {stems(sentence)} "
        words = [w for w in said if f" {stems(w)} " in key]
        if not words:
            continue
        if any(u.sentence == sentence.strip() for u in out):
            continue
        mine = [c for c in claims if c.triple.sentence.strip() and c.triple.sentence.strip() in sentence]
        if any(c.statement and family(c.statement[1]) == family(asked) for c in mine):
            continue  # the relation was read from it
        left = [
            found["name"]
            for found in _PLACED.finditer(sentence)
            if found["name"].lower() not in names
            and found["name"].split()[0].lower() not in _MONTHS
            and not _BUILDING.match(sentence, found.end())
            and not entities.read(found["name"], ground).known  # a known name is unread.py's to find
        ]
        if left:
            out.append(Unread(sentence.strip(), (left[0], f"'{words[0]}'"), proof_ids(ground), False))
    return out


def _placed_unknown(claim: Claim, ground: GroundGraph) -> Unread | None:
    """ "Campofelice di Fitalia is listed under the Free Municipal Consortium of Agrigento" (styled_blind11
    W3-014): the question's subject put in a place the KB does not know, in words moved.py reads only
    between two places it knows: it may be the proof's value, a place around it, or another."""
    if ground.statement is None or claim.statement is not None or claim.relation is not None:
        return None
    subject, obj = claim.subject, claim.object
    if (
        subject.id not in (ground.statement[0], ground.statement[2])
        or obj.known
        or not obj.name[:1].isupper()
    ):
        return None
    if not moved_into(claim.triple):
        return None
    return Unread(claim.triple.sentence.strip(), (subject.label, obj.name), proof_ids(ground), False)
