"""Another value of the proof's kind, named where the KB knows no entity of that name.

"Adonis were a Fourth Division side throughout 1999–2000" where the proof has the club in the
1999–2000 Cypriot Third Division: "Fourth Division" is nothing the KB knows, so the sentence named
one thing only and passed as no statement at all, and the reply as correct. A name sharing a word
with an object of the proof's facts is of their kind, and likely another value of one of them.
"""

from __future__ import annotations

import re

from kgtest.oracle.ground import GroundGraph


def of_the_proofs_kind(name: str, ground: GroundGraph) -> bool:
    """A name the KB does not know that shares a word with an object of the proof's facts: another
    value of their kind ("the Fourth Division" beside "1999–2000 Cypriot Third Division")."""
    words = {w for w in re.findall(r"[a-z]+", name.lower()) if len(w) > 3}
    if not words or any(words <= set(re.findall(r"[a-z]+", e.label.lower())) for e in ground.entities):
        return False  # a short form of a case entity's name ("Danmark Rundt", "Third Division")
    subjects = {e.subject for e in ground.edges}
    objects = {e.object_label.lower() for e in ground.edges if e.object not in subjects}
    return any(words & set(re.findall(r"[a-z]+", label)) for label in objects)
