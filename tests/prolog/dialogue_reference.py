"""Answerability by brute force, written from docs/dialogue.md without looking at dialogue.pl.

Walks the turns in order with plain sets: what has been named or introduced, what has been
stated, the previous turn's frame. For each requirement it also says where the rules should
find it met: the most recent earlier turn that meets it, else the story.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.prolog.dialogue import DialogueGraph, Reference, RefKind, Requirement, Statement


@dataclass(frozen=True)
class Expected:
    answerable: bool
    sources: tuple[tuple[Requirement, str, int], ...]
    """(requirement, "round" | "story", position) for each requirement that is met."""
    missing: frozenset[Requirement]


def requirements(refs: Sequence[Reference], needs: Sequence[Statement]) -> list[Requirement]:
    out = [Requirement("need", statement=n) for n in needs]
    for r in refs:
        pronoun = r.pronoun if r.kind is RefKind.PRONOUN else ""
        out.append(Requirement(r.kind.value, r.target, pronoun))
    return out


def answerability(d: DialogueGraph) -> list[Expected]:
    out: list[Expected] = []
    for k, turn in enumerate(d.turns):
        sources: list[tuple[Requirement, str, int]] = []
        missing: set[Requirement] = set()
        for req in requirements(turn.refers, turn.needs):
            found = _source(d, out, k, req)
            if found is None:
                missing.add(req)
            else:
                sources.append((req, *found))
        out.append(Expected(not missing, tuple(sources), frozenset(missing)))
    return out


def _source(d: DialogueGraph, done: list[Expected], k: int, req: Requirement) -> tuple[str, int] | None:
    if req.kind == "ellipsis":
        if k > 0 and done[k - 1].answerable and d.turns[k - 1].frame == req.target:
            return ("round", k)
        return None
    for j in range(k - 1, -1, -1):
        t, ok = d.turns[j], done[j].answerable
        if req.kind == "need" and ok and req.statement in t.states:
            return ("round", j + 1)
        if req.kind in ("pronoun", "mention") and (
            req.target in t.names or (ok and req.target in t.introduces)
        ):
            return ("round", j + 1)
    s = d.story
    if req.kind == "need" and req.statement in s.states:
        return ("story", 0)
    if req.kind == "pronoun" and (req.pronoun, req.target) in s.pronouns:
        return ("story", 0)
    if req.kind == "mention" and req.target in s.names:
        return ("story", 0)
    return None
