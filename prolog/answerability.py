"""Answerability of dialogue questions, decided and re-checked by prolog/dialogue.pl.

The generator describes each turn of a (perturbed) dialogue as a ``RoundGraph``: what its
question names and leaves out, what the round states once answered, and where its reading of
the words is too weak to decide on. ``decide`` sends many dialogues to Prolog in one query and
returns one ``Decision`` (answerable, unanswerable or undecided, with its proof) per turn;
``check`` re-checks stored decisions, as proofcheck.pl does for facts.
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

WEAK = ("missing", "story", "far", "rival", "ambiguous", "distant", "near")
"""Where a reference's reading can be too weak to decide on (``Reference.weak``, dialogue.pl):
nothing before meets it; only the story does; only a turn three or more back does; the turn that
meets it, or a later one, also shows one of its rivals; wherever it is met, for a pronoun whose
reader found two readings (the second is its first rival); only a turn four or more back does;
the turn one or two back does."""
_DOUBTS = ("", "missing", "story", "far", "rival", "undecided", "ambiguous", "distant", "near")
"""dialogue.pl's doubt codes 0-8."""


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
    weak: tuple[str, ...] = ()
    """Where the reader's reading of these words is too weak to decide on (``WEAK``); empty where
    it is exact (KB dialogues): such a requirement leaves its turn undecided, not decided."""
    rivals: tuple[str, ...] = ()
    """For a pronoun: the other concepts of the dialogue its words could stand for."""
    path: str = ""
    """The reader's evidence path: what kind of words, read how (``he/she rounds``, ``ellipsis no
    verb``); the CoQA reader's table of how often people agree with each (generator/dialogue/
    evidence.py) sets ``weak`` from it. Empty where the reading is exact (KB dialogues)."""


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
    weak: tuple[str, ...] = ()
    """The reference's ``weak`` (where its reading is too weak to decide on)."""
    rivals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Support:
    """Where a requirement is met: the story, or the earlier turn at ``position``."""

    requirement: Requirement
    source: str
    """``round`` or ``story``."""
    position: int = 0


@dataclass(frozen=True, slots=True)
class Doubt:
    """Why a requirement leaves its turn undecided."""

    requirement: Requirement
    reason: str
    """``missing``, ``story``, ``near``, ``far``, ``distant``, ``rival``, ``ambiguous`` (``WEAK``), or
    ``undecided``: met only through an undecided turn."""
    position: int = 0
    """The turn concerned: for ``near``, ``far`` and ``distant`` the one that meets it, for ``rival``
    the one that shows the rival, for ``undecided`` the undecided turn; 0 otherwise."""
    rival: str = ""
    """For ``rival``: the concept; for ``ambiguous``: the other reading."""


@dataclass(frozen=True, slots=True)
class Decision:
    """A turn's answerability and its proof: what meets each requirement, or what nothing meets,
    and where the evidence is too weak to decide."""

    position: int
    answerable: bool | None
    """True, False, or None: undecided (the reader's evidence is too weak: ``doubts`` say why)."""
    checks: str
    """``self`` (nothing left out), ``context`` (earlier turns), ``story``, ``mixed``; ``none`` when
    unanswerable, ``undecided`` when undecided."""
    support: tuple[Support, ...] = ()
    missing: tuple[Requirement, ...] = ()
    doubts: tuple[Doubt, ...] = ()
    """One per doubtful requirement, in requirement order; empty unless undecided."""


@dataclass(frozen=True, slots=True)
class DialogueGraph:
    """A dialogue as asked: the story, then the turns' graphs in order (positions 1, 2, ...)."""

    story: StoryGraph
    turns: tuple[RoundGraph, ...]


class _Names:
    """Strings to the small integers dialogue.pl sees (shorter query text, nothing to quote)."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.names: list[str] = [""]

    def __call__(self, name: str) -> int:
        found = self.ids.get(name)
        if found is None:
            found = self.ids[name] = len(self.names)
            self.names.append(name)
        return found


def requirements(turn: RoundGraph) -> list[Requirement]:
    """A turn's requirements in dialogue.pl's order: its needs, then its references."""
    out = [Requirement("need", statement=n) for n in turn.needs]
    for r in turn.refers:
        pronoun = r.pronoun if r.kind is RefKind.PRONOUN else ""
        out.append(Requirement(r.kind.value, r.target, pronoun, None, r.weak, r.rivals))
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
        for d, codes in zip(batch, found, strict=True):
            pairs = enumerate(zip(d.turns, codes, strict=True), 1)
            out.append([_decision(i, t, c, names) for i, (t, c) in pairs])
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
            claim = _claims(d, ds, names)
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
    unknown = [w for w in r.weak if w not in WEAK]
    if unknown:
        raise ValueError(f"reference {r.text!r}: weak {unknown[0]!r} is not one of {', '.join(WEAK)}")
    weak = "[" + ",".join(r.weak) + "]"
    if r.kind is RefKind.PRONOUN:
        return f"pronoun({name(r.pronoun)},{name(r.target)},{weak},{_ints(r.rivals, name)})"
    return f"{r.kind.value}({name(r.target)},{weak})"


def _ints(items: Sequence[str], name: _Names) -> str:
    return "[" + ",".join(str(name(x)) for x in items) + "]"


def _triples(items: Sequence[Statement], name: _Names) -> str:
    return "[" + ",".join(f"t({name(t.subject)},{name(t.relation)},{name(t.object)})" for t in items) + "]"


def _decision(position: int, turn: RoundGraph, code: list[Any], names: _Names) -> Decision:
    status, *proofs = code
    reqs = requirements(turn)
    if len(proofs) != len(reqs) or status not in (0, 1, 2) or any(len(p) != 4 for p in proofs):
        raise ReasoningError(
            f"dialogue.pl gave {code} for a turn with {len(reqs)} requirements; this is a bug"
        )
    support = tuple(
        Support(r, "story" if at == 0 else "round", at)
        for r, (at, *_) in zip(reqs, proofs, strict=True)
        if at >= 0
    )
    missing = tuple(r for r, (at, *_) in zip(reqs, proofs, strict=True) if at < 0)
    doubts = tuple(
        Doubt(r, _DOUBTS[d], at, names.names[x])
        for r, (_, d, at, x) in zip(reqs, proofs, strict=True)
        if d > 0
    )
    answerable = None if status == 2 else bool(status)
    return Decision(position, answerable, _summary(answerable, support), support, missing, doubts)


def _summary(answerable: bool | None, support: Sequence[Support]) -> str:
    return "undecided" if answerable is None else _checks(support) if answerable else "none"


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


def _claims(d: DialogueGraph, decisions: Sequence[Decision], names: _Names) -> list[list[Any]] | None:
    """The stored decisions as dialogue.pl's codes; None where they cannot be a proof of this dialogue
    (a turn missing, a requirement with no claim or two, the summary not what the claims say)."""
    if len(decisions) != len(d.turns):
        return None
    out: list[list[Any]] = []
    for i, (turn, dec) in enumerate(zip(d.turns, decisions, strict=True), 1):
        if any(s.source not in ("round", "story") or (s.source == "story") != (s.position == 0)
               for s in dec.support):  # fmt: skip
            return None
        claimed = [(s.requirement, s.position if s.source == "round" else 0) for s in dec.support]
        claimed += [(r, -1) for r in dec.missing]
        doubts = [(x.requirement, x) for x in dec.doubts]
        proofs: list[list[int]] = []
        for r in requirements(turn):
            found = [at for req, at in claimed if req == r]
            if not found:
                return None
            claimed.remove((r, found[0]))
            doubt = next((x for req, x in doubts if req == r), None)
            if doubt is None:
                proofs.append([found[0], 0, 0, 0])
                continue
            doubts.remove((r, doubt))
            if doubt.reason not in _DOUBTS[1:]:
                return None
            rival = names(doubt.rival) if doubt.rival else 0
            proofs.append([found[0], _DOUBTS.index(doubt.reason), doubt.position, rival])
        firm_missing = any(p[0] == -1 and p[1] == 0 for p in proofs)
        status = 0 if firm_missing else 2 if any(p[1] for p in proofs) else 1
        answerable = None if status == 2 else bool(status)
        if claimed or doubts or dec.position != i or dec.answerable is not answerable:
            return None
        if dec.checks != _summary(answerable, dec.support):
            return None
        out.append([status, *proofs])
    return out


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ReasoningError(f"expected a list from dialogue.pl, got {value!r}")
    return value
