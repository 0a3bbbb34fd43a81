"""Other values listed where the proof has its own: the oracle cannot tell a list from a correction.

"Kierkegaard's key influences were Socrates, J. G. Hamann and Hegel", where the proof has Schelling:
read as misses (docs/oracle.md), each is wrong knowledge; issue 38's ninth-session writers label it a
wrong inference, a list of a property that has several values excluding none. One other value said
instead of the proof's ("his Nobel Prize was the one in Chemistry") stays a miss; two or more of a
property that may have several, in one sentence and none denied, are a list: each claim is marked
``LISTED`` (no wrong knowledge) and the verdict says it cannot tell (classify.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from kgtest.kg.catalog import RelationCatalog
from kgtest.oracle.claims import Claim
from kgtest.oracle.worlds import COUNTRY, UPWARD

LISTED = "listed"
"""The status of another value of a many-valued property named in a list of them."""


def listed(claims: Sequence[Claim], catalog: RelationCatalog) -> list[Claim]:
    """The claims, each other value in a list of two or more marked ``LISTED``."""

    def key(c: Claim) -> tuple[str, str, str] | None:
        if c.status != "other" or c.negated or c.statement is None:
            return None
        s, p, _ = c.statement
        many = not catalog.resolve(p.lstrip("^")).functional and p not in (*UPWARD, COUNTRY)
        return (c.triple.sentence, s, p) if many else None

    counts = Counter(k for c in claims if (k := key(c)) is not None)
    return [
        replace(c, status=LISTED, note="") if (k := key(c)) is not None and counts[k] >= 2 else c
        for c in claims
    ]
