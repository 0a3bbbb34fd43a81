"""Wrong knowledge read only through stand-ins at both ends.

"The commune ... was attached to the department of Seine-et-Oise ..., and it stayed there until
1968": the extractor stands a name in for "it" and another for "there", and when it picks them the
wrong way round the reply seems to put Seine-et-Oise inside the commune, which the KB refutes. A
statement whose two ends are both stand-ins is a guess of the reader's, not the reply's words; where
it is all that makes a reply wrong, the class cannot be told (a confident wrong verdict is the worst
a judge can give). One end named in the reply is enough to hold the statement to it.
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.oracle.claims import Claim


def stood_in_at_both_ends(wrong: Sequence[Claim]) -> tuple[Claim, ...]:
    """The wrong claims, when every one of them was read with both ends stood in ("it ... there");
    none when any wrong claim names an end in the reply's own words."""
    if wrong and all(c.triple.subject_pronoun and c.triple.object_pronoun for c in wrong):
        return tuple(wrong)
    return ()
