""" "Both of them were born in 1991" speaks of the case's two people (oracle/rewrite.py ``_BOTH``):
a list style's summary line (styled_blind12 W3-024, W2-003) is read as each one's birth, so a wrong
year in it is wrong knowledge rather than a sentence nothing reads."""

from __future__ import annotations

from kgtest.oracle import Judge, Outcome
from kgtest.oracle.rewrite import readable

from .test_reading_rules import DARWIN_LENIN, _judged


def test_both_of_them_is_each_of_the_two(kb_judge: Judge) -> None:
    # Robert Darwin was born in 1766, Vladimir Lenin in 1870
    verdicts = _judged(
        kb_judge, DARWIN_LENIN, ["No. Both of them were born in 1870.", "No. Both were born in 1766."]
    )
    assert [v.outcome for v in verdicts] == [Outcome.ERRONEOUS_KNOWLEDGE] * 2, [v.reasons for v in verdicts]
    assert "Robert Darwin and Vladimir Lenin were born in 1870" in verdicts[0].reasons[0]


def test_both_needs_the_two_and_a_birth_or_a_death() -> None:
    pair = ("Rubén Fernández", "Elisa Longo Borghini")
    assert readable("Both riders were born in 1991.", pair=pair) == (
        "Rubén Fernández and Elisa Longo Borghini were born in 1991."
    )
    assert readable("Both riders were born in 1991.") == "Both riders were born in 1991."
    assert readable("Both clubs were founded in 1991.", pair=pair) == "Both clubs were founded in 1991."
