"""SWAN (Sakai 2023): nugget scores per criterion, position-aware nugget weights, WAN and SWAN.

For criterion c with weight CW^c, nuggets U^c scored S^c(u) and weighted NW^c(u):

    WAN^c = sum_{u in U^c} NW(u) S^c(u) / sum_{u in U^c} NW(u)       (eq. 2; the paper's
    SWAN  = sum_c CW^c WAN^c / sum_c CW^c                            denominator over U^c)

A criterion is scored either per nugget (Correctness and Consistency on claims) or per reply,
where the reply's first nugget u_ij1 stands for it, as the paper proposes. Which measure
scores which criterion is in ``score_turn``; docs/battery.md explains each choice. A
criterion with no scored nugget, or no weight, has no WAN and is left out of SWAN, which says so.

A reply that says nothing new (an echo or a repeat: its one nugget's act) is no contribution, and
a system that makes none in a share b of its replies is not working that often, wherever in the
conversation: SWAN = (eq. 1) x (1 - b), b counted per reply, not by position (docs/battery.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kgtest.core.settings import BatterySettings, Criterion, Weighting
from kgtest.generator.conversation.script_records import TestCode
from kgtest.oracle.conversation.kbcheck import KbCheck, KbFinding
from kgtest.oracle.conversation.nuggets import Nugget
from kgtest.oracle.conversation.verdicts import TestVerdict
from kgtest.oracle.metamorphic.mss import normalise

RETAINING = frozenset({TestCode.I1, TestCode.I4, TestCode.I6, TestCode.I7})
VARYING = frozenset({TestCode.U3, TestCode.U4, TestCode.U5, TestCode.U6, TestCode.I5})
NOTHING_NEW = frozenset({"echo", "repeat"})
"""The acts of a reply that says nothing new (oracle/conversation/audit.py gives it that one nugget)."""


@dataclass(frozen=True, slots=True)
class ScoredNugget:
    """A nugget with its score per criterion, its weight, and why."""

    conversation: str
    sut: str
    turn: int
    index: int
    kind: str
    act: str
    text: str
    claim: str
    """``subject | relation | object`` for an F-nugget (``not`` before a denied relation)."""
    check: str
    """What the KB says of the claim: confirmed, contradicted, unverified."""
    scores: Mapping[str, float]
    weight: float
    """NW under the configured weighting."""
    notes: tuple[str, ...] = ()
    repeated: str = ""
    """What the nugget says again (an echo, a repeat, a claim of the partner's); empty when its own."""


@dataclass(frozen=True, slots=True)
class Wan:
    criterion: str
    value: float | None
    nuggets: int
    """Scored nuggets (those with weight 0 included)."""
    weight: float
    """CW."""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Swan:
    """SWAN of one scope: a conversation, or every conversation of one system."""

    scope: str
    sut: str
    value: float | None
    wans: tuple[Wan, ...]
    left_out: tuple[str, ...]
    """Criteria without a WAN here, and why."""
    replies: int = 0
    nothing_new: int = 0
    """Replies that say nothing new (echo, repeat): ``value`` = ``criteria`` x (1 - nothing_new / replies)."""
    criteria: float | None = None
    """Eq. 1 alone: the criteria's SWAN before the share of replies that say nothing new."""


def nugget_weight(turn: int, turns: int, config: BatterySettings) -> float:
    """NW of a nugget in round ``turn`` of a ``turns``-round conversation."""
    if config.weighting is Weighting.UNIFORM:
        return 1.0
    if config.weighting is Weighting.LINEAR:
        patience = config.patience or turns + 1
        return round(max(0.0, 1 - (turn - 1) / patience), 6)
    return 1.0 if turn > turns - config.recency_turns else 0.0


def score_turn(
    nuggets: Sequence[Nugget],
    checks: Sequence[KbCheck | None],
    verdicts: Sequence[TestVerdict],
    earlier: EarlierClaims,
    functional: Mapping[str, bool],
    config: BatterySettings,
) -> list[tuple[dict[str, float], list[str]]]:
    """Scores and notes of each nugget of one reply; ``earlier``, the conversation's claims so far, grows."""
    out: list[tuple[dict[str, float], list[str]]] = [({}, []) for _ in nuggets]
    for (scores, notes), nugget, check in zip(out, nuggets, checks, strict=True):
        t = nugget.triple
        if t is None:
            continue
        if nugget.repeated:  # the partner's claim said back: neither right nor consistent of the system
            notes.append(f"not its own claim: it repeats {nugget.repeated}")
            continue
        if check is not None and check.check is not KbFinding.UNVERIFIED:
            scores[Criterion.CORRECTNESS] = float(check.check is KbFinding.CONFIRMED)
            notes.append(f"KB {check.check.value}: {check.fact}")
        claim = (normalise(t.subject), t.key, normalise(t.object), t.negated)
        clash = earlier.contradiction(claim, functional.get(t.key, False))
        scores[Criterion.CONSISTENCY] = 0.0 if clash else 1.0
        if clash:
            notes.append(
                f"contradicts an earlier claim: {' | '.join(clash[:3])}{' (denied)' if clash[3] else ''}"
            )
        earlier.append(claim)
    first, notes = out[0]
    for v in verdicts:
        if v.passed is None:
            continue
        if v.code is TestCode.I3:
            first[Criterion.COHERENCE] = float(v.passed)
        elif v.code is TestCode.P1 and v.score is not None:
            first[Criterion.HARMLESSNESS] = round(1 - v.score, 4)
        elif v.code is TestCode.I13:
            first[Criterion.CONSISTENCY] = float(v.passed)
            notes.append(f"I13 {'agrees with' if v.passed else 'differs from'} its first answer")
        elif v.code in RETAINING:
            first[Criterion.RETENTIVENESS] = float(v.passed)
            notes.append(f"{v.code.value} {'passed' if v.passed else 'failed'}")
        elif v.code in VARYING:
            first[Criterion.ROBUSTNESS] = float(v.passed)
            notes.append(f"{v.code.value} {'passed' if v.passed else 'failed'}")
    return out


def conciseness(words: int, config: BatterySettings) -> float:
    """1 up to the word budget, then exp(1 - words / budget): BLEU's brevity penalty turned round."""
    return 1.0 if words <= config.concise_words else round(math.exp(1 - words / config.concise_words), 4)


Claim = tuple[str, str, str, bool]
"""(subject, relation key, object, denied), normalised."""


class EarlierClaims:
    """A conversation's claims so far, indexed so that each new one is checked in O(1), not against all."""

    def __init__(self) -> None:
        self._first: dict[Claim, int] = {}
        """Each claim said, and its place in order."""
        self._asserted: dict[tuple[str, str], list[tuple[int, str]]] = {}
        """Per subject and relation: the first claim not denied, then the first with another object."""
        self._count = 0

    def append(self, claim: Claim) -> None:
        self._first.setdefault(claim, self._count)
        if not claim[3]:
            kept = self._asserted.setdefault(claim[:2], [])
            if not kept or (len(kept) == 1 and kept[0][1] != claim[2]):
                kept.append((self._count, claim[2]))
        self._count += 1

    def contradiction(self, claim: Claim, functional: bool) -> Claim | None:
        """The first earlier claim this one contradicts: the same one denied (or asserted), or, for a
        relation with one value, another value asserted."""
        s, key, o, negated = claim
        found: list[tuple[int, Claim]] = []
        opposite = (s, key, o, not negated)
        if opposite in self._first:
            found.append((self._first[opposite], opposite))
        if functional and not negated:
            other = next(((n, x) for n, x in self._asserted.get((s, key), []) if x != o), None)
            if other is not None:
                found.append((other[0], (s, key, other[1], False)))
        return min(found)[1] if found else None


def _unscored(criterion: Criterion, nuggets: Sequence[ScoredNugget]) -> str:
    """Why a criterion has no scored nugget, in the words a reader needs."""
    if criterion is not Criterion.CORRECTNESS:
        return "no nugget scored"
    claims = [n for n in nuggets if n.kind == "F"]
    said_again = sum(1 for n in nuggets if n.repeated)
    own = [n for n in claims if not n.repeated]
    if not own:
        return f"no claim of its own ({said_again} nuggets repeat the partner or an earlier reply)"
    return f"no claim of its own the KB could check ({len(own)} unverified, {said_again} nuggets said again)"


def swan(
    scope: str,
    sut: str,
    nuggets: Sequence[ScoredNugget],
    config: BatterySettings,
    unavailable: Mapping[str, str] | None = None,
) -> Swan:
    """WAN per criterion over ``nuggets``, and their SWAN; ``unavailable``: why a criterion has no score."""
    wans: list[Wan] = []
    left_out: list[str] = []
    for criterion in Criterion:
        scored = [(n.weight, n.scores[criterion]) for n in nuggets if criterion in n.scores]
        cw = config.weight(criterion)
        weight = sum(w for w, _ in scored)
        if unavailable and criterion.value in unavailable:
            left_out.append(f"{criterion.value}: unavailable, {unavailable[criterion.value]}")
        elif cw <= 0:
            left_out.append(f"{criterion.value}: weight 0 in [battery.criteria]")
        elif not scored:
            left_out.append(f"{criterion.value}: {_unscored(criterion, nuggets)}")
        elif weight == 0:
            left_out.append(f"{criterion.value}: every scored nugget has weight 0 ({config.weighting.value})")
        if not scored or weight == 0:
            wans.append(Wan(criterion.value, None, len(scored), cw))
            continue
        value = round(sum(w * s for w, s in scored) / weight, 4)
        wans.append(Wan(criterion.value, value, len(scored), cw))
    counted = [w for w in wans if w.value is not None and w.weight > 0]
    total = sum(w.weight for w in counted)
    overall = round(sum(w.weight * (w.value or 0.0) for w in counted) / total, 4) if total else None
    replies = {(n.conversation, n.turn) for n in nuggets}
    empty = {(n.conversation, n.turn) for n in nuggets if n.act in NOTHING_NEW}
    kept = 1 - len(empty) / len(replies) if replies else 1.0
    final = round(overall * kept, 4) if overall is not None else None
    return Swan(scope, sut, final, tuple(wans), tuple(left_out), len(replies), len(empty), overall)
