"""Names a reply says a thing has or had ("which only took the name Humboldt University in 1949"): an
unknown name so tied to the proof's value is that value under another name, not a second value that
refutes it (oracle/checks.py, ``Checker._miss``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.oracle.claims import Claim, end_id

_RENAMED = re.compile(
    r"\b(?:re-?named|(?:took|adopted|got|was given|received) (?:on )?(?:the|its) (?:new |present )?name"
    r"|(?:now|later|then|formerly|once|since) (?:called|known as|named)|was called)\b",
    re.I,
)
"""Words that say a thing has another name: only these relate an unknown name to the proof's value as
one ("the Matteucci Medal, the highest prize in physics" is another prize)."""


def renamed_pairs(claims: Sequence[Claim]) -> frozenset[tuple[str, str]]:
    """(unknown name, entity) pairs an unread triple of a sentence that renames relates, either way round:
    "Berlin's Friedrich-Wilhelms-Universität, which only took the name Humboldt University in 1949" says
    the name the KB does not know is the KB's value, so that value is no other one (``_miss``)."""
    out = set()
    for c in claims:
        if c.statement is None and c.relation is None and _RENAMED.search(c.triple.sentence):
            ends = [(end_id(a), b.id) for a, b in ((c.subject, c.object), (c.object, c.subject))]
            out |= {(a, b) for a, b in ends if a.startswith("?") and b is not None}
    return frozenset(out)
