"""Whether another place, where the proof has its own, could be a place of the same kind.

"Munich lies in Lower Bavaria" where the proof has Upper Bavaria misses the proof's fact; "the
Seychelles lie in the Indian Ocean" where it has East Africa does not: a thing lies in a sea and
on land at once. checks.py asks this where the KB gives no kind of one of the two; a body of water
(the name's last word: "Indian Ocean", "Gulf of Guinea", "Lake Geneva") is not of a land's kind.
"""

from __future__ import annotations

import re

_WATER = re.compile(
    r"\b(?:ocean|sea|gulf|bay|lake|river|strait|channel|lagoon|sound|bight|fjord)\b(?:\s+of\s+[\w\s]+)?$"
    r"|^(?:lake|river)\s+",
    re.I,
)


def maybe_one_kind(one: str, other: str) -> bool:
    """False when one name is a body of water and the other is not."""
    return bool(_WATER.search(one.strip())) == bool(_WATER.search(other.strip()))
