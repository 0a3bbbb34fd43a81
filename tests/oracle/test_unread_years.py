"""A year said of a fact in a temporal case that nothing read (oracle/unread.py): "had a spell with São
Paulo around 2006-2007" reads the spell but not its years, and the verdict rests on them: the oracle
cannot tell (tenth session). Replies written for this test over the example KB's case "Was it true in
the year after 1987 (1988) that David Beckham played for A.C. Milan?" (No)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_styles import judged

BECKHAM_MILAN = "13873096cc5faf1c"


@pytest.mark.parametrize(
    "reply",
    [
        "No. Beckham had a short loan spell with A.C. Milan around 2009–2010, long after that year.",
        "I don't think so - Beckham only had a loan spell with A.C. Milan around 2009. So no.",
    ],
)
def test_a_spell_read_without_its_years_cannot_be_told(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, BECKHAM_MILAN, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert "2009" in verdict.reasons[0], verdict.reasons
