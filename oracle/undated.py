"""A thing of the question dated by the reply where the KB has no date of it: what the answer follows
from cannot be told.

"The German Empire lasted until 1933, so Brunswick was part of it throughout the 1920s"
(styled_blind16 W1-034, labelled wrong knowledge): the reply gives a start or an end to a thing a fact
of the temporal case names, the KB dates the fact but not the thing, so the claim is left open. Its
answer does not follow from the KB's facts, but whether the reply's date is wrong (wrong knowledge,
the answer following from it) or right (a wrong inference) the oracle cannot know: "cannot tell",
never ``erroneous_inference`` (cannot_tell.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph

_ENDS = frozenset({"P580", "P582", "P571", "P576"})
"""Start and end time, inception and dissolution: a thing's own dates, not a person's."""


def undated_things(claims: Sequence[Claim], ground: GroundGraph) -> list[Claim]:
    """The claims that date a thing of the temporal case's facts and that the KB left open."""
    if ground.temporal is None:
        return []
    named = {e.subject for e in ground.edges} | {e.object for e in ground.edges}
    return [
        c
        for c in claims
        if c.statement is not None
        and c.status == "open"
        and not c.negated
        and c.statement[1] in _ENDS
        and c.statement[0] in named
    ]
