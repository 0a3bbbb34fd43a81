"""Rules added where the oracle gave a confident wrong class on KBs it was never tuned on (issue 38).

Each test is a shape of reply; the replies are written for these tests, and the cases are the
example KB's (docs/oracle.md, "Wrong classes on fresh KBs").
"""

from __future__ import annotations

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.ground import ground_graph
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.worlds import one_containment

from .test_reading_rules import MUNICH_BAVARIA, _cases


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
