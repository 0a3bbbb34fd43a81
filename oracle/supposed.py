"""Verdicts the reply does not give as its own: one a supposition gives ("If he had died in Paris, the
answer would be No") and one that answers a question the reply asks itself ("Did Tesla die in Paris?
No, ..."). answer.py reads neither as a change of the reply's verdict, nor as a verdict where it has none.
"""

from __future__ import annotations

import re

SUPPOSING = re.compile(r"(?:^|[.!?;:\n][\s*_]*)(?:if|were|had|suppose|supposing|assuming)\b[^.!?;\n]*$", re.I)
"""A supposition opening the clause, after a list item's bold label too ("- **So:** If ...")."""
_ASKED_BEFORE = re.compile(r"([^.!?\n]*)\?[\s*_\"”’)\-–—:]*$")
_CONTENT = re.compile(r"[a-z]{4,}")


def aside(reply: str, pos: int, question: str) -> bool:
    """Whether the Yes or No at ``pos`` is a supposition's, or answers a question of the reply's own
    (not the case's ``question``: most of its content words are not the case's)."""
    before = reply[max(0, pos - 300) : pos]
    if SUPPOSING.search(before):
        return True
    asked = _ASKED_BEFORE.search(before)
    if asked is None:
        return False
    own = set(_CONTENT.findall(asked.group(1).lower()))
    case = set(_CONTENT.findall(question.lower()))
    return bool(own) and len(own & case) < 0.6 * len(own)
