"""A proof entity related to a name the KB does not know, in words nothing read: no vouching for it.

"after the annexation it was attached to the Province of Westphalia" (a KB without that province)
relates the question's subject to a place by a verb no property names; it states a containment the
KB may contradict. An erroneous inference says the reply's statements are right and only its answer
fails (unread_case.py's ``about_the_case``); a sentence with one read claim counted as read whole, so the
unread clause beside it passed. Such a triple makes that verdict "cannot tell" too (judge.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.renamed import renamed_pairs
from kgtest.oracle.unread import Unread, proof_ids, said_not_done


def to_unknown_names(claims: Sequence[Claim], ground: GroundGraph) -> list[Unread]:
    """Triples no property names from an entity of the proof to a proper name nobody known bears."""
    proof = proof_ids(ground)
    renamed = {b for _, b in renamed_pairs(claims)}  # "which only took the name Princeton University"
    out: dict[str, Unread] = {}
    for c in claims:
        if c.statement is not None or c.relation is not None or c.status or said_not_done(c):
            continue
        if {c.subject.id, c.object.id} & renamed:
            continue
        for known, other in ((c.subject, c.object), (c.object, c.subject)):
            name = other.name.strip()
            if known.id in proof and not other.known and other.how == "none" and name[:1].isupper():
                out.setdefault(
                    c.triple.sentence,
                    Unread(
                        c.triple.sentence.strip(), (known.label, name), frozenset({known.id or ""}), False
                    ),
                )
    return list(out.values())
