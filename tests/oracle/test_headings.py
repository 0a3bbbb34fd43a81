"""A title or a list of sources says nothing of the case (oracle/unread_case.py ``heading``): a wrong
answer under "Nikola Tesla — quick facts." is still an erroneous inference, while a line that does say
something of him, in words nothing reads, still leaves the oracle unable to tell."""

from __future__ import annotations

from kgtest.oracle import Judge, Outcome
from kgtest.oracle.unread_case import heading

from .test_reading_rules import TESLA_NYC, _judged


def test_a_title_or_a_source_list_does_not_block_an_erroneous_inference(kb_judge: Judge) -> None:
    verdicts = _judged(
        kb_judge,
        TESLA_NYC,
        [
            "No. Nikola Tesla — quick facts.",
            "No. Nikola Tesla at a glance.",
            'No. Sources: Britannica, "Nikola Tesla" biography; Tesla Museum archive.',
            "No. Nikola Tesla — never there.",
            "No. Sources: Britannica says Tesla left no mark on its history.",
        ],
    )
    assert [v.outcome for v in verdicts] == [
        Outcome.ERRONEOUS_INFERENCE,
        Outcome.ERRONEOUS_INFERENCE,
        Outcome.ERRONEOUS_INFERENCE,
        Outcome.UNREADABLE,
        Outcome.UNREADABLE,
    ], [v.reasons for v in verdicts]


def test_a_title_has_no_verb_preposition_or_number() -> None:
    assert heading("Pyrénées-Orientales at a glance.")
    assert heading("Jordan's neighbours.")
    assert heading("SC Freiburg — founding.")
    assert not heading("Zimbabwe — south of Zambia.")
    assert not heading("Founded: 1904, in Freiburg im Breisgau.")
    assert not heading("Stefano Borgonovo at A.C. Milan.")
    assert not heading("Jordan's border was never closed.")
