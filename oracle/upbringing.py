"""Where someone grew up: an aside no birth or death place of the KB's can contradict.

"His parents moved the family up to San Francisco when he was still little, and that's where he
really grew up" relates a person and a place, and is read as nothing: no KB property is an
upbringing. In a case that asks a place of birth or death, such a sentence cannot state the asked
fact or deny it (styled_blind13 W2-011, W3-013, styled_blind16 W2-031, styled_blind9 W3-056: three
writers), so it no longer holds the reply's class back. It still does where it says a birth or a
death in any words ("spent his last years there", "ended his life in the borough where it all
started", "a Leipzig boy, born there"), and in a case whose KB facts hold a residence (P551).
"""

from __future__ import annotations

import re

from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.sentences import sentences
from kgtest.oracle.unread import Unread

_RAISED = re.compile(
    r"\b(?:grew\s+up|grow\s+up|growing\s+up|raised|brought\s+up|childhood|youth|boyhood|girlhood"
    r"|(?:family|parents)\s+(?:later\s+)?(?:moved|settled|relocated))\b",
    re.I,
)
"""Words of an upbringing: where a child grew up, and the family's moves."""
_LIFE_ENDS = re.compile(
    r"\b(?:born|birth|birthplace|native|natives|hometown|died|dies|die|death|dead|passed\s+away|buried"
    r"|grave|last|final|later\s+life|end(?:ed|s)?|until|since)\b",
    re.I,
)
"""Words that may say a birth or a death, or a span reaching one ("lived there until his death")."""
_ASKED = frozenset({"P19", "P20"})
"""Places of birth and death: what an upbringing is not."""


def only_raised(unread: Unread, ground: GroundGraph, text: str) -> bool:
    """Whether the sentence only says where someone grew up, in a case asking a place of birth or death,
    and the reply (``text``) does not argue from an upbringing to a birth or a death ("since he grew up
    in Los Angeles, his birthplace was not Hamburg": styled_blind14 W2-040), which makes it a premise."""
    if ground.statement is None or ground.statement[1].lstrip("^") not in _ASKED or unread.year:
        return False
    if "P551" in ground.properties:
        return False
    if not _RAISED.search(unread.sentence) or _LIFE_ENDS.search(unread.sentence):
        return False
    return not any(_RAISED.search(s) and _LIFE_ENDS.search(s) for s in sentences(text))
