"""Answerability of dialogue questions, decided and re-checked by prolog/dialogue.pl.

The generator describes each turn of a (perturbed) dialogue as a ``RoundGraph``: what its
question names and leaves out, what the round states once answered. ``decide`` sends many
dialogues to Prolog in one query and returns one ``Decision`` (with its proof) per turn;
``check`` re-checks stored decisions without searching, as proofcheck.pl does for facts.
The semantics are in dialogue.pl's header and docs/dialogue.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from kgtest.core.errors import ReasoningError
from kgtest.prolog.engine import engine, quote_atom

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


def decide(dialogues: Sequence[DialogueGraph]) -> list[list[Decision]]:
    """Each dialogue's decisions, one per turn, from dialogue.pl (batched queries)."""
    engine().load_rules("dialogue.pl")
    out: list[list[Decision]] = []
    for start in range(0, len(dialogues), _BATCH):
        batch = dialogues[start : start + _BATCH]
        goal = f"dialogue:answerability_all([{', '.join(dialogue_term(d) for d in batch)}], All)"
        rows = engine().query(goal, limit=1)
        if not rows:
            raise ReasoningError("dialogue.pl decided nothing for a batch of dialogues; this is a bug")
        out.extend([_decision(d) for d in decisions] for decisions in _list(rows[0]["All"]))
    return out


def check(dialogue: DialogueGraph, decisions: Sequence[Decision]) -> bool:
    """Do the stored ``decisions`` (proofs included) hold for ``dialogue``?"""
    return not failed_checks([(dialogue, decisions)])


def failed_checks(pairs: Sequence[tuple[DialogueGraph, Sequence[Decision]]]) -> list[int]:
    """Indexes of the (dialogue, decisions) pairs whose stored decisions do not check (batched)."""
    engine().load_rules("dialogue.pl")
    failed: list[int] = []
    for start in range(0, len(pairs), _BATCH):
        batch = pairs[start : start + _BATCH]
        failed += [start + i for i, (d, ds) in enumerate(batch) if len(ds) != len(d.turns)]
        dialogues = ", ".join(dialogue_term(d) for d, _ in batch)
        stored = ", ".join("[" + ", ".join(_decision_term(x) for x in ds) + "]" for _, ds in batch)
        row = engine().once(f"dialogue:failed_checks([{dialogues}], [{stored}], Failed)")
        if row is None:
            raise ReasoningError("dialogue.pl could not check a batch of decisions; this is a bug")
        failed += [start + int(i) for i in _list(row["Failed"])]
    return sorted(set(failed))


def dialogue_term(d: DialogueGraph) -> str:
    """The dialogue as dialogue.pl reads it; every atom through ``quote_atom``."""
    s = d.story
    names = _atoms(s.names)
    pronouns = "[" + ", ".join(f"[{quote_atom(c)}, {quote_atom(e)}]" for c, e in s.pronouns) + "]"
    turns = ", ".join(_turn_term(i, t) for i, t in enumerate(d.turns, 1))
    return f"dialogue({names}, {pronouns}, {_triples(s.states)}, [{turns}])"


def _turn_term(position: int, t: RoundGraph) -> str:
    refs = "[" + ", ".join(_ref_term(r) for r in t.refers) + "]"
    return (
        f"turn({position}, {quote_atom(t.frame)}, {_atoms(t.names)}, {_atoms(t.introduces)}, "
        f"{refs}, {_triples(t.needs)}, {_triples(t.states)})"
    )


def _ref_term(r: Reference) -> str:
    if r.kind is RefKind.PRONOUN:
        return f"[pronoun, {quote_atom(r.pronoun)}, {quote_atom(r.target)}]"
    return f"[{r.kind.value}, {quote_atom(r.target)}]"


def _atoms(items: Sequence[str]) -> str:
    return "[" + ", ".join(quote_atom(x) for x in items) + "]"


def _triples(items: Sequence[Statement]) -> str:
    return "[" + ", ".join(_atoms((t.subject, t.relation, t.object)) for t in items) + "]"


def _requirement_term(r: Requirement) -> str:
    s = r.statement or Statement("", "", "")
    return _atoms((r.kind, r.target, r.pronoun, s.subject, s.relation, s.object))


def _decision_term(d: Decision) -> str:
    support = ", ".join(
        f"[{_requirement_term(s.requirement)}, {quote_atom(s.source)}, {s.position}]" for s in d.support
    )
    missing = ", ".join(_requirement_term(r) for r in d.missing)
    verdict = "yes" if d.answerable else "no"
    return f"[{d.position}, {verdict}, {quote_atom(d.checks)}, [{support}], [{missing}]]"


def _decision(item: Any) -> Decision:
    try:
        position, verdict, checks, support, missing = item
        return Decision(
            int(position),
            verdict == "yes",
            str(checks),
            tuple(Support(_requirement(r), str(src), int(at)) for r, src, at in _list(support)),
            tuple(_requirement(r) for r in _list(missing)),
        )
    except (TypeError, ValueError) as exc:
        raise ReasoningError(f"malformed decision from dialogue.pl: {item!r}") from exc


def _requirement(item: Any) -> Requirement:
    kind, target, pronoun, s, r, o = (str(x) for x in _list(item))
    return Requirement(kind, target, pronoun, Statement(s, r, o) if kind == "need" else None)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ReasoningError(f"expected a list from dialogue.pl, got {value!r}")
    return value
