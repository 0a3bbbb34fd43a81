"""Wrong knowledge read only through stand-ins at both ends is a guess of the reader's (stood_in.py)."""

from __future__ import annotations

from dataclasses import replace

from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.stood_in import stood_in_at_both_ends

# styled_blind12 W1-013, a citing-sources reply: "it" and "there" stand in for the commune and the
# department, and picked the other way round they put the department inside the commune
REPLY = (
    "The commune now called Joinville-le-Pont was attached to the department of Seine-et-Oise when the "
    "French departments were created in 1790, and it stayed there until the 1968 reorganisation of the "
    "Paris region."
)


def _wrong(extractor: SpacyExtractor, relation: str) -> Claim:
    triple = next(t for t in extractor.extract([REPLY])[0] if t.relation == relation)
    end = EntityMatch(triple.subject, None, triple.subject, "none")
    return Claim(triple, end, end, None, None, status="refuted", note=f"says {triple.relation}")


def test_a_wrong_claim_read_from_it_and_there_alone_is_a_guess(extractor: SpacyExtractor) -> None:
    stood = _wrong(extractor, "stayed in")
    assert (stood.triple.subject_pronoun, stood.triple.object_pronoun) == ("it", "there")
    assert stood_in_at_both_ends([stood]) == (stood,)


def test_one_end_in_the_reply_s_own_words_holds_it(extractor: SpacyExtractor) -> None:
    stood = _wrong(extractor, "stayed in")
    named = _wrong(extractor, "was attached to")
    assert stood_in_at_both_ends([named]) == ()
    assert stood_in_at_both_ends([stood, named]) == ()  # the named one alone makes it wrong knowledge
    assert stood_in_at_both_ends([replace(stood, triple=replace(stood.triple, object_pronoun=""))]) == ()
