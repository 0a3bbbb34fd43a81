"""A sentence that says the writer knows of nothing: no fact, right or wrong.

"I'm not aware of any connection between his death and Los Angeles" (styled_blind16 W2-011), "I'm
not aware of any link to Rome at the end of his life" and "Rome doesn't fit anything I know about
him" (styled_dev14b E3-019, E3-020) relate a person and a place, and say only what the writer does
not know: nothing the KB could hold or contradict. They no longer hold a class back; the reply's
answer still carries its claim. One that also states a birth, a death or a year ("I'm not aware of
him living there before he died in 1990") is left to block.
"""

from __future__ import annotations

import re

from kgtest.oracle.unread import Unread

_UNKNOWING = re.compile(
    r"\b(?:I'?m|I\s+am)\s+not\s+aware\s+of\s+(?:any|a)\s+(?:connection|link|tie|record|evidence)\b"
    r"|\b(?:doesn't|does\s+not)\s+fit\s+anything\s+I\s+know\b",
    re.I,
)
_STATED = re.compile(r"\b(?:born|died|passed\s+away|buried|1\d{3}|20\d{2})\b", re.I)


def only_unknowing(unread: Unread) -> bool:
    """Whether the sentence only says the writer knows of no link."""
    return bool(_UNKNOWING.search(unread.sentence)) and not _STATED.search(unread.sentence)
