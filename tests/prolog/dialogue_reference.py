"""Answerability by brute force, written from docs/dialogue.md without looking at dialogue.pl.

Walks the turns in order with plain sets: what has been named or introduced, what has been
stated, the previous turn's frame, each earlier turn's status (answerable, unanswerable or
undecided). For each requirement it also says where the rules should find it met: the most
recent earlier turn that meets it, else the story, else the most recent undecided turn that
would meet it had it been answerable; and whether it is doubtful, and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.prolog.answerability import DialogueGraph, Reference, RefKind, Requirement, RoundGraph, Statement


@dataclass(frozen=True)
class Expected:
    answerable: bool | None
    sources: tuple[tuple[Requirement, str, int], ...]
    """(requirement, "round" | "story", position) for each requirement that is met."""
    missing: frozenset[Requirement]
    doubts: tuple[tuple[Requirement, str, int, str], ...] = ()
    """(requirement, reason, position, rival) for each doubtful requirement, in order."""


def requirements(
    refs: Sequence[Reference], needs: Sequence[Statement]
) -> list[tuple[Requirement, Reference | None]]:
    out: list[tuple[Requirement, Reference | None]] = [
        (Requirement("need", statement=n), None) for n in needs
    ]
    for r in refs:
        pronoun = r.pronoun if r.kind is RefKind.PRONOUN else ""
        out.append((Requirement(r.kind.value, r.target, pronoun, None, r.weak, r.rivals), r))
    return out


def answerability(d: DialogueGraph) -> list[Expected]:
    out: list[Expected] = []
    for k, turn in enumerate(d.turns):
        sources: list[tuple[Requirement, str, int]] = []
        missing: set[Requirement] = set()
        doubts: list[tuple[Requirement, str, int, str]] = []
        firm_missing = False
        for req, ref in requirements(turn.refers, turn.needs):
            found = _source(d, out, k, req)
            if found is None:
                missing.add(req)
            else:
                sources.append((req, found[0], found[1]))
            doubt = _doubt(d, out, k, req, ref, found)
            if doubt is not None:
                doubts.append((req, *doubt))
            elif found is None:
                firm_missing = True
        status = False if firm_missing else None if doubts else True
        out.append(Expected(status, tuple(sources), frozenset(missing), tuple(doubts)))
    return out


def _shown(turn: RoundGraph, status: bool | None, concept: str) -> bool:
    """Is the concept known after this turn: named by its question, or introduced by an answer shown?"""
    return concept in turn.names or (status is not False and concept in turn.introduces)


def _meets(turn: RoundGraph, answered: bool, req: Requirement) -> bool:
    """Does the turn meet a need, pronoun or mention, as an answerable turn (``answered``) or not?"""
    if req.kind == "need":
        return answered and req.statement in turn.states
    return req.target in turn.names or (answered and req.target in turn.introduces)


def _source(d: DialogueGraph, done: list[Expected], k: int, req: Requirement) -> tuple[str, int] | None:
    if req.kind == "ellipsis":
        if k > 0 and done[k - 1].answerable is not False and d.turns[k - 1].frame == req.target:
            return ("round", k)
        return None
    for j in range(k - 1, -1, -1):
        if _meets(d.turns[j], done[j].answerable is True, req):
            return ("round", j + 1)
    s = d.story
    if req.kind == "need" and req.statement in s.states:
        return ("story", 0)
    if req.kind == "pronoun" and (req.pronoun, req.target) in s.pronouns:
        return ("story", 0)
    if req.kind == "mention" and req.target in s.names:
        return ("story", 0)
    for j in range(k - 1, -1, -1):
        if done[j].answerable is None and _meets(d.turns[j], True, req):
            return ("round", j + 1)
    return None


def _doubt(
    d: DialogueGraph,
    done: list[Expected],
    k: int,
    req: Requirement,
    ref: Reference | None,
    found: tuple[str, int] | None,
) -> tuple[str, int, str] | None:
    """The first doubt that applies: met only through an undecided turn; else by the reference's
    weak conditions (ambiguous, missing, story, far, distant, near, rival)."""
    if found is not None and found[0] == "round":
        at = found[1]
        turn, status = d.turns[at - 1], done[at - 1].answerable
        via_undecided = (
            status is None if req.kind == "ellipsis" else status is None and not _meets(turn, False, req)
        )
        if via_undecided:
            return ("undecided", at, "")
    weak = ref.weak if ref is not None else ()
    if "ambiguous" in weak and ref is not None and ref.kind is RefKind.PRONOUN and ref.rivals:
        return ("ambiguous", 0, ref.rivals[0])
    if found is None:
        return ("missing", 0, "") if "missing" in weak else None
    if found[0] == "story":
        return ("story", 0, "") if "story" in weak else None
    at = found[1]
    if "far" in weak and (k + 1) - at >= 3:
        return ("far", at, "")
    if "distant" in weak and (k + 1) - at >= 4:
        return ("distant", at, "")
    if "near" in weak and (k + 1) - at <= 2:
        return ("near", at, "")
    if "rival" in weak and ref is not None:
        for j in range(k, at - 1, -1):  # positions k .. at, most recent first
            turn, status = d.turns[j - 1], done[j - 1].answerable
            for x in ref.rivals:
                if _shown(turn, status, x):
                    return ("rival", j, x)
    return None
