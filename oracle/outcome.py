"""What a fact or temporal reply is judged to be (docs/oracle.md, "Outcomes"): Drowzee's four classes,
the abstentions, and "cannot tell"."""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    CORRECT = "correct"
    """Drowzee's CO: the right answer, and nothing stated that the KB contradicts."""
    ERRONEOUS_KNOWLEDGE = "erroneous_knowledge"
    """EK: states facts the KB contradicts, or that miss the proof's facts; the answer follows from them."""
    ERRONEOUS_INFERENCE = "erroneous_inference"
    """EI: the answer does not follow from what the reply states (nothing stated: the KB's facts)."""
    BOTH = "both"
    """OL: wrong facts, and an answer that does not follow from them either."""
    IDK = "idk"
    """Says it does not know: honest, not a hallucination (Drowzee screens it as correct)."""
    REFUSAL = "refusal"
    """Declines to answer: not a hallucination either."""
    AMBIGUOUS = "ambiguous"
    """No firm Yes/No: a hedge, options, a correction, both, neither."""
    UNREADABLE = "unreadable"
    """A firm Yes/No, but a sentence relating the KB's entities (or one and a year the check needs)
    could not be read into a claim, and it could change the class: the oracle cannot tell, and
    says so (``Verdict.unread``) rather than call the reply correct. Counted apart like the
    abstentions, never a hallucination (docs/oracle.md, "When the oracle cannot tell")."""


HALLUCINATIONS = frozenset({Outcome.ERRONEOUS_KNOWLEDGE, Outcome.ERRONEOUS_INFERENCE, Outcome.BOTH})
