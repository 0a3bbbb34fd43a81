"""Answerability of dialogue questions, decided and re-checked by prolog/dialogue.pl.

The generator describes each turn of a (perturbed) dialogue as a ``RoundGraph``: what its
question names and leaves out, what the round states once answered. ``decide`` sends many
dialogues to Prolog in one query and returns one ``Decision`` (with its proof) per turn;
``check`` re-checks stored decisions without searching, as proofcheck.pl does for facts.
The semantics are in dialogue.pl's header and docs/dialogue.md. Names travel to Prolog as
small integers and decisions come back as one JSON text: pyswip's parsing of quoted atoms and
its conversion of nested lists cost a hundred times what the rules do.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from kgtest.core.errors import ReasoningError
from kgtest.prolog.engine import engine

_BATCH = 400
"""Dialogues per query: big enough to amortise the call, small enough to keep the query text short."""


class RefKind(StrEnum):
    PRONOUN = "pronoun"
    """he, she, it, they (and their other forms) standing for an entity."""
    MENTION = "mention"
    """A description that points back ("that city"): the entity must be known already."""
    ELLIPSIS = "ellipsis"
    """A question that continues the one before it ("And her husband?", "to who?")."""


@dataclass(frozen=True, slots=True)
class Statement:
    """A triple over the dialogue's concepts: ``subject --relation--> object``."""

    subject: str
    relation: str
    """A KB property id (``P19``) where the round is about the KB, else a relation key (``sell``)."""
    object: str


@dataclass(frozen=True, slots=True)
class Reference:
    """Words of a question that stand for something said before."""

    kind: RefKind
    text: str
    """The words: ``she``, ``that city``, ``And her husband?``."""
    target: str
    """The concept key it stands for; for an ellipsis, the frame it continues."""
    pronoun: str = ""
    """For a pronoun, its class: ``he``, ``she``, ``it`` or ``they``."""


@dataclass(frozen=True, slots=True)
class RoundGraph:
    """What answerability needs to know about one round."""

    frame: str
    """What a following ellipsis continues (KB: the property asked; CoQA: the question chain)."""
    names: tuple[str, ...] = ()
    """Concepts the question names; its text is always shown, so these are known from it on."""
    introduces: tuple[str, ...] = ()
    """Concepts the round makes known once answered: the answer, what it describes, its referents."""
    refers: tuple[Reference, ...] = ()
    needs: tuple[Statement, ...] = ()
    """Triples the question presupposes: said before, or it cannot be understood (the subgraph check)."""
    states: tuple[Statement, ...] = ()
    """Triples the round establishes once answered."""


@dataclass(frozen=True, slots=True)
class StoryGraph:
    """What a story (shown before the first question) makes known."""

    names: tuple[str, ...] = ()
    pronouns: tuple[tuple[str, str], ...] = ()
    """``(class, concept)``: the story calls the concept he/she/it/they, so the question may too."""
    states: tuple[Statement, ...] = ()


@dataclass(frozen=True, slots=True)
class Requirement:
    """One thing a question cannot be understood without."""

    kind: str
    """``need``, ``pronoun``, ``mention`` or ``ellipsis``."""
    target: str = ""
    """The concept (pronoun, mention) or frame (ellipsis); empty for a need."""
    pronoun: str = ""
    statement: Statement | None = None
    """For a need: the triple."""


@dataclass(frozen=True, slots=True)
class Support:
    """Where a requirement is met: the story, or the earlier turn at ``position``."""

    requirement: Requirement
    source: str
    """``round`` or ``story``."""
    position: int = 0


@dataclass(frozen=True, slots=True)
class Decision:
    """A turn's answerability and its proof: what meets each requirement, or what nothing meets."""

    position: int
    answerable: bool
    checks: str
    """``self`` (nothing left out), ``context`` (earlier turns), ``story``, ``mixed``; else ``none``."""
    support: tuple[Support, ...] = ()
    missing: tuple[Requirement, ...] = ()


@dataclass(frozen=True, slots=True)
class DialogueGraph:
    """A dialogue as asked: the story, then the turns' graphs in order (positions 1, 2, ...)."""

    story: StoryGraph
    turns: tuple[RoundGraph, ...]


class _Names:
    """Strings to the small integers dialogue.pl sees (shorter query text, nothing to quote)."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}

    def __call__(self, name: str) -> int:
        return self.ids.setdefault(name, len(self.ids) + 1)


def requirements(turn: RoundGraph) -> list[Requirement]:
    """A turn's requirements in dialogue.pl's order: its needs, then its references."""
    out = [Requirement("need", statement=n) for n in turn.needs]
    for r in turn.refers:
        out.append(Requirement(r.kind.value, r.target, r.pronoun if r.kind is RefKind.PRONOUN else ""))
    return out


def decide(dialogues: Sequence[DialogueGraph]) -> list[list[Decision]]:
    """Each dialogue's decisions, one per turn, from dialogue.pl (batched queries)."""
    engine().load_rules("dialogue.pl")
    out: list[list[Decision]] = []
    for start in range(0, len(dialogues), _BATCH):
        batch = dialogues[start : start + _BATCH]
        names = _Names()
        row = engine().once(f"dialogue:decide_all([{', '.join(_term(d, names) for d in batch)}], Text)")
        if row is None:
            raise ReasoningError("dialogue.pl decided nothing for a batch of dialogues; this is a bug")
        try:
            found = json.loads(str(row["Text"]))
        except ValueError as exc:
            raise ReasoningError(
                f"dialogue.pl's decisions did not read back: {str(row['Text'])[:200]}"
            ) from exc
        out.extend([_decision(i, t, code) for i, (t, code) in enumerate(zip(d.turns, codes, strict=True), 1)]
                   for d, codes in zip(batch, found, strict=True))  # fmt: skip
    return out


def check(dialogue: DialogueGraph, decisions: Sequence[Decision]) -> bool:
    """Do the stored ``decisions`` (proofs included) hold for ``dialogue``?"""
    return not failed_checks([(dialogue, decisions)])


def failed_checks(pairs: Sequence[tuple[DialogueGraph, Sequence[Decision]]]) -> list[int]:
    """Indexes of the (dialogue, decisions) pairs whose stored decisions do not check (batched)."""
    engine().load_rules("dialogue.pl")
    failed: list[int] = []
    for start in range(0, len(pairs), _BATCH):
        names = _Names()
        dialogues, claims, sent = [], [], []
        for i, (d, ds) in enumerate(pairs[start : start + _BATCH], start):
            claim = _claims(d, ds)
            if claim is None:
                failed.append(i)
                continue
            dialogues.append(_term(d, names))
            claims.append(claim)
            sent.append(i)
        if not sent:
            continue
        row = engine().once(f"dialogue:failed_checks([{', '.join(dialogues)}], {json.dumps(claims)}, Failed)")
        if row is None:
            raise ReasoningError("dialogue.pl could not check a batch of decisions; this is a bug")
        failed += [sent[int(i)] for i in _list(row["Failed"])]
    return sorted(failed)


def dialogue_term(d: DialogueGraph) -> str:
    """The dialogue as dialogue.pl reads it."""
    return _term(d, _Names())


def _term(d: DialogueGraph, name: _Names) -> str:
    s = d.story
    pronouns = ",".join(f"{name(c)}-{name(e)}" for c, e in s.pronouns)
    turns = ",".join(_turn(i, t, name) for i, t in enumerate(d.turns, 1))
    return f"dialogue({_ints(s.names, name)},[{pronouns}],{_triples(s.states, name)},[{turns}])"


def _turn(position: int, t: RoundGraph, name: _Names) -> str:
    refs = ",".join(_ref(r, name) for r in t.refers)
    return (
        f"turn({position},{name(t.frame)},{_ints(t.names, name)},{_ints(t.introduces, name)},"
        f"[{refs}],{_triples(t.needs, name)},{_triples(t.states, name)})"
    )


def _ref(r: Reference, name: _Names) -> str:
    if r.kind is RefKind.PRONOUN:
        return f"pronoun({name(r.pronoun)},{name(r.target)})"
    return f"{r.kind.value}({name(r.target)})"


def _ints(items: Sequence[str], name: _Names) -> str:
    return "[" + ",".join(str(name(x)) for x in items) + "]"


def _triples(items: Sequence[Statement], name: _Names) -> str:
    return "[" + ",".join(f"t({name(t.subject)},{name(t.relation)},{name(t.object)})" for t in items) + "]"


def _decision(position: int, turn: RoundGraph, code: list[int]) -> Decision:
    ok, *sources = code
    reqs = requirements(turn)
    if len(sources) != len(reqs) or ok != (-1 not in sources):
        raise ReasoningError(
            f"dialogue.pl gave {code} for a turn with {len(reqs)} requirements; this is a bug"
        )
    support = tuple(
        Support(r, "story" if at == 0 else "round", at)
        for r, at in zip(reqs, sources, strict=True)
        if at >= 0
    )
    missing = tuple(r for r, at in zip(reqs, sources, strict=True) if at < 0)
    return Decision(position, bool(ok), _checks(support) if ok else "none", support, missing)


def _checks(support: Sequence[Support]) -> str:
    kinds = {s.source for s in support}
    return (
        "self"
        if not kinds
        else "context"
        if kinds == {"round"}
        else "story"
        if kinds == {"story"}
        else "mixed"
    )


def _claims(d: DialogueGraph, decisions: Sequence[Decision]) -> list[list[int]] | None:
    """The stored decisions as dialogue.pl's codes; None where they cannot be a proof of this dialogue
    (a turn missing, a requirement with no claim or two, the summary not what the claims say)."""
    if len(decisions) != len(d.turns):
        return None
    out = []
    for i, (turn, dec) in enumerate(zip(d.turns, decisions, strict=True), 1):
        claimed = [(s.requirement, s.position if s.source == "round" else 0) for s in dec.support]
        claimed += [(r, -1) for r in dec.missing]
        reqs = requirements(turn)
        codes = []
        for r in reqs:
            found = [at for req, at in claimed if req == r]
            if not found:
                return None
            codes.append(found[0])
            claimed.remove((r, found[0]))
        ok = -1 not in codes
        checks = _checks([s for s in dec.support]) if ok else "none"
        if claimed or dec.position != i or dec.answerable != ok or dec.checks != checks:
            return None
        if any(
            s.source not in ("round", "story") or (s.source == "story") != (s.position == 0)
            for s in dec.support
        ):
            return None
        out.append([int(ok), *codes])
    return out


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ReasoningError(f"expected a list from dialogue.pl, got {value!r}")
    return value
