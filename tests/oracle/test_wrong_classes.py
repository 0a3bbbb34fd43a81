"""Rules added where the oracle gave a confident wrong class on KBs it was never tuned on (issue 38).

Each test is a shape of reply; the replies are written for these tests, and the cases are the
example KB's (docs/oracle.md, "Wrong classes on fresh KBs").
"""

from __future__ import annotations

from kgtest.oracle import Judge, Outcome

from .test_reading_rules import MUNICH_BAVARIA, TESLA_NYC, _judged


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


def test_an_answer_that_does_not_follow_needs_the_steps_through_what_the_reply_brought_in(
    kb_judge: Judge,
) -> None:
    """ "both" says the answer does not follow from what the reply states, as an erroneous inference
    does: a step through a place the reply itself brought in ("Austria"), in words nothing reads, may
    be the one it follows from (citing sources, styled_blind13 W2-010: "Lüneburg was one of the
    districts of Schleswig-Holstein. Schleswig-Holstein was one of the founding states ...")."""
    brought, plain = _judged(
        kb_judge,
        MUNICH_BAVARIA,
        [
            "Yes. Munich is in Austria. Austria, after all, was where the old dukes ruled from.",
            "Yes. Munich is in Austria.",
        ],
    )
    assert brought.outcome is Outcome.UNREADABLE, brought.reasons
    assert "(Austria)" in brought.reasons[0], brought.reasons
    assert plain.outcome is Outcome.BOTH, plain.reasons
