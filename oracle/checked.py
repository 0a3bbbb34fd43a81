"""What the two checks found of a reply (checks.py): its claims, each with the knowledge check's
finding, and what the reply's own world says of the question; classify.py gives the class from it."""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.generator.case import Answer
from kgtest.oracle.claims import Claim


@dataclass(frozen=True, slots=True)
class Checked:
    claims: tuple[Claim, ...]
    """Every claim, with the knowledge check's finding and, when wrong, why."""
    world: str
    """What the reply's world says of the question: ``holds``, ``fails``, ``both``, ``open``;
    ``unstated`` when the reply states nothing the rules can read (the KB's facts, which prove the
    expected answer, stand); ``unchecked`` when the question is no statement the rules read."""
    implied: Answer | None
    """The answer that world gives; None when it gives none (``both``, ``open``)."""
    dropped: tuple[str, ...] = ()
    """Evidence the reply's claims contradict, in words."""
    notes: tuple[str, ...] = ()
    moved: tuple[Claim, ...] = ()
    """Wrong claims of another value of a temporal case's event (moved_away.py)."""

    @property
    def wrong(self) -> tuple[Claim, ...]:
        return tuple(c for c in self.claims if c.wrong)
