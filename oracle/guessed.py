"""Claims of the question's own pair that the reply's words leave open between relations.

An erroneous inference says the reply's statements are right and only its answer fails. A
statement of the asked pair in words read only as one of several relations, none the one asked
("still belonged to the Byzantine Empire in 1034": owned by, part of or member of), may be the
very one the answer follows from, so such a verdict is ``unreadable`` (oracle/judge.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph


def guessed_between_ends(claims: Sequence[Claim], ground: GroundGraph) -> list[Claim]:
    """Claims relating the question's own two ends in words read only as one of several relations,
    none the one asked ("still belonged to the Byzantine Empire in 1034": owned by, part of or member
    of). An erroneous inference says the reply's statements are right and only its answer fails; a
    statement of the asked pair that the words leave open between relations may be the very one the
    answer follows from, so the oracle cannot tell."""
    if ground.statement is None:
        return []
    subject, asked, obj = ground.statement
    return [
        c
        for c in claims
        if c.statement is not None
        and {c.statement[0], c.statement[2]} == {subject, obj}
        and len({a[1] for a in c.alternatives}) > 1  # several relations, not several readings of a name
        and all(a[1].lstrip("^") != asked.lstrip("^") for a in c.alternatives)
    ]
