"""Rules added where the oracle gave a confident wrong class on KBs it was never tuned on (issue 38).

Each test is a shape of reply; the replies are written for these tests, and the cases are the
example KB's (docs/oracle.md, "Wrong classes on fresh KBs").
"""

from __future__ import annotations

from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge, Outcome
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.ground import ground_graph
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.worlds import one_containment

from .test_reading_rules import MUNICH_BAVARIA, TESLA_NYC, _cases, _judged


def test_part_of_in_a_containment_case_is_checked_as_the_case_words_it_in_every_reading() -> None:
    """ "Lot-et-Garonne was part of Midi-Pyrénées" in a case asked with "located in": the check keeps one
    of the claim's readings, so each must be the case's containment, or no premise is ever missed."""
    ground = ground_graph(_cases()[MUNICH_BAVARIA])
    assert "P131" in ground.properties and "P361" not in ground.properties
    said = ("Q1726", "P361", "Q1197")
    claim = Claim(
        Triple("Munich", "is part of", "Lower Saxony", sentence="Munich is part of Lower Saxony."),
        EntityMatch("Munich", "Q1726", "Munich", "label"),
        EntityMatch("Lower Saxony", "Q1197", "Lower Saxony", "kb-label"),
        RelationMatch("P361", True, "words", "part of"),
        said,
        (said,),
    )
    read = one_containment(claim, ground)
    assert read.statement == ("Q1726", "P131", "Q1197")
    assert read.alternatives == (("Q1726", "P131", "Q1197"),)


def test_an_erroneous_inference_needs_every_sentence_about_the_case_read(kb_judge: Judge) -> None:
    """A wrong answer whose reply says something of the case that nothing reads may rest on a wrong
    fact said in those words: "states nothing more" cannot be said, so the oracle cannot tell."""
    verdicts = _judged(
        kb_judge,
        TESLA_NYC,
        [
            "No. Tesla, by contrast, left no mark on its history at all.",
            "No. By then he had long since given up on the place.",
            "No.",
            "No. I am quite sure about this one.",
        ],
    )
    assert [v.outcome for v in verdicts] == [
        Outcome.UNREADABLE,
        Outcome.UNREADABLE,
        Outcome.ERRONEOUS_INFERENCE,
        Outcome.ERRONEOUS_INFERENCE,
    ], [v.reasons for v in verdicts]
    assert "left no mark" in verdicts[0].reasons[0]
