"""Why a class the reading gave cannot be stood behind: the one place that turns a verdict into
"cannot tell" (``Outcome.UNREADABLE``), each reason with what it could not read.

A class is a claim about the reply: ``correct`` and the hallucinations say what it states is right
or wrong, and ``erroneous_inference`` and ``both`` that its answer does not follow from what it
states. Each needs the reply's words read where they could change it; where they were not, a
confident class would be a guess (docs/oracle.md, "Outcomes").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kgtest.oracle.checked import Checked
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.guessed import guessed_between_ends
from kgtest.oracle.outcome import Outcome
from kgtest.oracle.stood_in import stood_in_at_both_ends
from kgtest.oracle.undated import undated_things
from kgtest.oracle.unread import Unread, proof_ids, same_sentence
from kgtest.oracle.unread_case import about_the_case
from kgtest.oracle.unread_names import to_unknown_names

_DOES_NOT_FOLLOW = (Outcome.ERRONEOUS_INFERENCE, Outcome.BOTH)
"""The classes that say the answer does not follow from what the reply states: saying so needs all
of what it states about the case read (styled_blind13 W2-010, W3-031: a step left unread made a
wrong-knowledge reply look like ``both``)."""


def cannot_tell(
    outcome: Outcome,
    checked: Checked,
    ground: GroundGraph,
    text: str,
    unread: Sequence[Unread],
    changes: bool,
    entities: EntityReader,
    facts: Sequence[Unread] = (),
    bears: Callable[[Unread], bool] = lambda _: True,
) -> tuple[str, str] | None:
    """What keeps ``outcome`` from being given, and what was not read; None when nothing does.
    ``changes``: an unread sentence could change the class (unread.py ``could_change``); ``facts``:
    unread sentences read as a fact of the case they restate (unread_premises.py); ``bears``: whether a
    sentence about the case could be a premise of its answer (unread_bearing.py ``Bearing.about``): an
    aside that cannot keeps no erroneous inference from being given."""
    if changes:
        return (
            f"{len(unread)} sentence(s) relating what the KB knows were not read",
            "; ".join(u.text() for u in unread),
        )
    stood = stood_in_at_both_ends(checked.wrong)
    if outcome in (Outcome.ERRONEOUS_KNOWLEDGE, Outcome.BOTH) and stood:
        return (
            "what it states wrongly was read only through stand-ins at both ends",
            "; ".join(sorted({c.note for c in stood})),
        )
    if outcome is Outcome.ERRONEOUS_KNOWLEDGE and checked.moved:
        return (
            "it gives the asked thing another value at a time, and what that makes of the answer is not read",
            "; ".join(c.triple.sentence.strip() for c in checked.moved),
        )
    guessed = (
        guessed_between_ends(checked.claims, ground) if outcome is not Outcome.ERRONEOUS_KNOWLEDGE else []
    )
    if outcome is Outcome.CORRECT:  # "it belonged to the Isère department" where the proof has the Rhône
        guessed = [c for c in guessed if _elsewhere(c, ground)]
    if guessed and outcome in (*_DOES_NOT_FOLLOW, Outcome.CORRECT):
        return (
            "what it says of the question's ends is read only as one of several relations",
            "; ".join(sorted({c.triple.sentence for c in guessed})),
        )
    if outcome not in _DOES_NOT_FOLLOW:
        return None
    if undated := undated_things(checked.claims, ground):
        return (
            "it dates a thing of the case the KB has no date of, and its answer may follow from that date",
            "; ".join(sorted({c.triple.sentence.strip() for c in undated})),
        )
    # "the answer does not follow from what it states" needs every sentence about the case read
    left = [
        u
        for u in about_the_case(text, checked.claims, ground, entities)
        if not any(same_sentence(u.sentence, f.sentence) for f in facts) and bears(u)
    ] + to_unknown_names(checked.claims, ground)
    if left:
        return (
            f"{len(left)} sentence(s) about the case were not read, so what its answer follows from "
            "cannot be told",
            "; ".join(u.text() for u in left),
        )
    return None


def _elsewhere(claim: Claim, ground: GroundGraph) -> bool:
    """A claim relating the question's subject to a thing the KB knows outside the proof: read as the
    asked relation, it may give it another value (wrong knowledge behind a correct-looking reply)."""
    assert claim.statement is not None
    s, _, o = claim.statement
    subject = ground.statement[0] if ground.statement is not None else None
    return s == subject and not o.startswith("?") and o not in proof_ids(ground)
