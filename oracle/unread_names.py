"""A proof entity related to a name the KB does not know, in words nothing read: no vouching for it.

"after the annexation it was attached to the Province of Westphalia" (a KB without that province)
relates the question's subject to a place by a verb no property names; it states a containment the
KB may contradict. An erroneous inference says the reply's statements are right and only its answer
fails (unread_case.py's ``about_the_case``); a sentence with one read claim counted as read whole, so the
unread clause beside it passed. Such a triple makes that verdict "cannot tell" too (judge.py), and
so does a dated claim of a proof entity by a name the KB does not know, in a case with dates: "Goppel
only became Minister-President of Bavaria in 1970" (no such office in the KB) may move the start of
the very fact the answer rests on.
"""

from __future__ import annotations

import re
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
    for c in claims:
        if _dated_unknown(c, ground) and c.triple.sentence not in out:
            name = c.object.name.strip()
            out[c.triple.sentence] = Unread(
                c.triple.sentence.strip(), (c.subject.label, name), frozenset({c.subject.id or ""}), True
            )
    return list(out.values())


def _dated_unknown(claim: Claim, ground: GroundGraph) -> bool:
    """A claim, dated, of a proof entity (or of one by its name: "Celle" for "Celle (district)") with
    a value the KB does not know and so leaves open, in a case whose facts have dates."""
    if claim.statement is None or claim.when is None or claim.status != "open" or claim.negated:
        return False
    if not claim.statement[2].startswith("?") or not ground.dated:
        return False
    proof = proof_ids(ground)
    names = {_BARE.sub("", ground.label(x)).strip().lower() for x in proof}
    return claim.subject.id in proof or claim.subject.name.strip().lower() in names


_BARE = re.compile(r"\s*\([^)]*\)")
"""A label's qualifier: "Celle (district)" is named "Celle"."""
