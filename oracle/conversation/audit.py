"""A battery judged whole: test verdicts, every reply's nuggets scored and weighted, WAN and SWAN.

``Auditor.audit(conversations)`` gives a ``BatteryResult``; ``write_result`` keeps it beside
the conversations (verdicts.jsonl, nuggets.jsonl, swan.json) so a report or a re-judging
with other weights needs no model. The KB is optional: without it no claim is checked and
Correctness is left out of SWAN, saying so.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from kgtest.core.errors import OracleError
from kgtest.core.files import atomic_writer, write_atomic
from kgtest.core.records import from_plain, to_plain
from kgtest.core.settings import BatterySettings, Criterion
from kgtest.core.workspace import BatteryFiles
from kgtest.generator.kbview import KbView
from kgtest.kg.extract.triples import Triple, TripleExtractor
from kgtest.oracle.conversation import sides
from kgtest.oracle.conversation.kbcheck import KbCheck, KbChecker
from kgtest.oracle.conversation.nuggets import Nugget, extract_nuggets
from kgtest.oracle.conversation.repeats import Repeats
from kgtest.oracle.conversation.swan import (
    EarlierClaims,
    ScoredNugget,
    Swan,
    conciseness,
    nugget_weight,
    score_turn,
    swan,
)
from kgtest.oracle.conversation.told import Told
from kgtest.oracle.conversation.toxicity import Unavailable
from kgtest.oracle.conversation.verdicts import BatteryJudge, TestVerdict
from kgtest.oracle.judge import READ_LIMIT
from kgtest.oracle.metamorphic.mss import normalise
from kgtest.runner.conversation import PARTNER, ChatRecord, Utterance

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class BatteryResult:
    verdicts: tuple[TestVerdict, ...]
    nuggets: tuple[ScoredNugget, ...]
    conversations: tuple[Swan, ...]
    """SWAN of each conversation."""
    systems: tuple[Swan, ...]
    """SWAN of each system under test over all its conversations."""
    partner_verdicts: tuple[TestVerdict, ...] = ()
    """Free conversations: the partner system's replies judged as a system's (oracle/conversation/sides.py);
    ``sut`` is the partner's spec, ``turn`` the round in which it spoke."""
    partner_nuggets: tuple[ScoredNugget, ...] = ()
    partner_conversations: tuple[Swan, ...] = ()
    partners: tuple[Swan, ...] = ()
    """SWAN of each partner system over its free conversations (``scope``: "SPEC as partner")."""


@dataclass(frozen=True, slots=True)
class _Side:
    verdicts: list[TestVerdict]
    nuggets: list[ScoredNugget]
    conversations: list[Swan]
    systems: list[Swan]


class Auditor:
    """Holds the models and the KB index; audits any number of conversations."""

    def __init__(
        self,
        judge: BatteryJudge,
        extractor: TripleExtractor,
        view: KbView | None = None,
        config: BatterySettings | None = None,
    ) -> None:
        """``config`` weighs nuggets and criteria; the judge's own by default."""
        self.judge = judge
        self.config: BatterySettings = config or judge.config
        self._extractor = extractor
        self._kb = KbChecker(view, extractor) if view is not None else None

    def audit(self, records: Sequence[ChatRecord]) -> BatteryResult:
        """Both sides of free conversations; the system under test's side alone with the scripted partner.

        Each turn is read to its first ``READ_LIMIT`` characters, as a fact case's reply is: what a
        system says beyond that costs the judge nothing (docs/battery.md, "Bounded judging")."""
        records = [_read(r) for r in records]
        mine = self._side(records)
        turned = [t for t in (sides.turned(r) for r in records) if t is not None]
        if not turned:
            return BatteryResult(
                tuple(mine.verdicts), tuple(mine.nuggets), tuple(mine.conversations), tuple(mine.systems)
            )
        theirs = self._side(turned)
        return BatteryResult(
            tuple(mine.verdicts),
            tuple(mine.nuggets),
            tuple(mine.conversations),
            tuple(mine.systems),
            tuple(replace(v, turn=v.turn + 1) for v in theirs.verdicts),
            tuple(replace(n, turn=n.turn + 1) for n in theirs.nuggets),
            tuple(replace(s, scope=f"{s.scope} partner") for s in theirs.conversations),
            tuple(replace(s, scope=f"{s.sut} as partner") for s in theirs.systems),
        )

    def _side(self, records: Sequence[ChatRecord]) -> _Side:
        said = {r.id: self.judge.said(r) for r in records}
        verdicts = self.judge.judge(records, said)
        replies = [(r, u) for r in records for u in r.sut_turns if not u.failed]
        asked = [(u.turn, u.text, r.said(u.turn, PARTNER).text.rstrip().endswith("?")) for r, u in replies]
        names = [_names(r) for r, _ in replies]
        lines = [(r, u) for r in records for u in r.utterances if u.speaker == PARTNER and u.text.strip()]
        texts = [(u.turn, u.text, False) for _, u in lines]
        found = extract_nuggets(self._extractor, asked + texts, names + [_names(r) for r, _ in lines])
        told = {
            r_id: Told(said_by, self.judge.repeats)
            for r_id, said_by in _told(lines, found[len(replies) :]).items()
        }
        found = [
            _own(n, said[r.id][u.turn][0], told.get(r.id), r)
            for (r, u), n in zip(replies, found[: len(replies)], strict=True)
        ]
        triples = [n.triple for turn in found for n in turn if n.triple is not None and not n.repeated]
        checks = iter(self._kb.check_many(triples)) if self._kb is not None else None
        by_turn: dict[tuple[str, int], list[TestVerdict]] = defaultdict(list)
        for v in verdicts:
            by_turn[(v.conversation, v.turn)].append(v)
        scored: list[ScoredNugget] = []
        earlier: dict[str, EarlierClaims] = defaultdict(EarlierClaims)
        for (r, u), nuggets in zip(replies, found, strict=True):
            mine = [
                next(checks) if checks is not None and n.triple is not None and not n.repeated else None
                for n in nuggets
            ]
            functional = {
                n.triple.key: self._kb.functional_key(n.triple.key)
                for n in nuggets
                if n.triple is not None and self._kb is not None
            }
            scores = score_turn(
                nuggets, mine, by_turn[(r.id, u.turn)], earlier[r.id], functional, self.config
            )
            copies = said[r.id][u.turn][0]
            first = scores[0][0]
            first[Criterion.CONCISENESS] = conciseness(len(u.text.split()), self.config)
            if copies.says_nothing_new:  # every word is one said before: none of it needed saying
                first[Criterion.CONCISENESS] = 0.0
            weight = nugget_weight(u.turn, r.settings.turns, self.config)
            scored += [
                _scored(r, n, c, s, notes, weight)
                for n, c, (s, notes) in zip(nuggets, mine, scores, strict=True)
            ]
        unavailable = self._unavailable()
        by_conversation: dict[str, list[ScoredNugget]] = defaultdict(list)
        by_system: dict[str, list[ScoredNugget]] = defaultdict(list)
        for n in scored:
            by_conversation[n.conversation].append(n)
            by_system[n.sut].append(n)
        per_conversation = [
            swan(r.id, r.sut, by_conversation[r.id], self.config, unavailable) for r in records
        ]
        systems = list(dict.fromkeys(r.sut for r in records))
        per_system = [swan(s, s, by_system[s], self.config, unavailable) for s in systems]
        return _Side(verdicts, scored, per_conversation, per_system)

    def _unavailable(self) -> dict[str, str]:
        why: dict[str, str] = {}
        if isinstance(self.judge.toxicity, Unavailable):
            why[Criterion.HARMLESSNESS.value] = self.judge.toxicity.reason
        if self._kb is None:
            why[Criterion.CORRECTNESS.value] = "no KB to check claims against"
        return why


def _read(record: ChatRecord) -> ChatRecord:
    """The conversation as judged: each turn to its first ``READ_LIMIT`` characters."""
    if all(len(u.text) <= READ_LIMIT for u in record.utterances):
        return record
    return replace(record, utterances=tuple(replace(u, text=u.text[:READ_LIMIT]) for u in record.utterances))


def _told(
    lines: Sequence[tuple[ChatRecord, Utterance]], found: Sequence[Sequence[Nugget]]
) -> dict[str, list[tuple[int, str, tuple[str, str, str, bool]]]]:
    """Per conversation: each claim the partner made, with its round and sentence."""
    told: dict[str, list[tuple[int, str, tuple[str, str, str, bool]]]] = defaultdict(list)
    for (r, u), nuggets in zip(lines, found, strict=True):
        for n in nuggets:
            if n.triple is not None:
                told[r.id].append((u.turn, u.text, _key(n.triple)))
    return told


def _key(t: Triple) -> tuple[str, str, str, bool]:
    return (normalise(t.subject), t.key, normalise(t.object), t.negated)


def _own(nuggets: list[Nugget], copies: Repeats, told: Told | None, record: ChatRecord) -> list[Nugget]:
    """The reply's nuggets, marking what it says again: an echo or a repeat is one O-nugget, no claim."""
    turn, text = nuggets[0].turn, record.said(nuggets[0].turn).text
    if copies.is_echo:
        return [Nugget(turn, 1, "O", text.strip(), "echo", repeated=f"the partner's line of round {turn}")]
    if copies.is_repeat:
        what = f"its own reply of round {copies.repeat.turn}"
        return [Nugget(turn, 1, "O", text.strip(), "repeat", repeated=what)]
    out = []
    for n in nuggets:
        if n.triple is not None and told is not None:
            source = told.source(n.text, _key(n.triple), turn)
            if source:
                n = replace(n, repeated=f"the partner's line of round {source}")
        out.append(n)
    return out


def _names(record: ChatRecord) -> list[str]:
    """Names the reply may mention whole: the script's values and their KB facts' labels."""
    found: list[str] = []
    for t in record.script.tests:
        found.append(t.value_label)
        if t.claim is not None:
            found += [t.claim.subject_label, t.claim.object_label]
    return [n for n in dict.fromkeys(found) if n]


def _scored(
    r: ChatRecord,
    n: Nugget,
    check: KbCheck | None,
    scores: dict[str, float],
    notes: list[str],
    weight: float,
) -> ScoredNugget:
    claim = ""
    if n.triple is not None:
        t = n.triple
        claim = f"{t.subject} | {'not ' if t.negated else ''}{t.relation} | {t.object}"
    return ScoredNugget(
        r.id, r.sut, n.turn, n.index, n.kind, n.act, n.text, claim, check.check.value if check else "",
        {str(k): v for k, v in scores.items()}, weight, tuple(notes), n.repeated,
    )  # fmt: skip


def write_result(files: BatteryFiles, result: BatteryResult) -> None:
    """verdicts.jsonl, nuggets.jsonl and swan.json, each written whole or not at all.

    A free conversation's partner side goes to partner-verdicts.jsonl, partner-nuggets.jsonl and
    swan.json's ``partners``, so readers of the system's side see what they always saw."""
    pairs: list[tuple[Path, Sequence[object]]] = [
        (files.verdicts, result.verdicts),
        (files.nuggets, result.nuggets),
    ]
    if result.partners:
        pairs += [
            (_partner(files.verdicts), result.partner_verdicts),
            (_partner(files.nuggets), result.partner_nuggets),
        ]
    for path, items in pairs:
        with atomic_writer(path) as out:
            for item in items:
                out.write(json.dumps(to_plain(item), sort_keys=True, ensure_ascii=False) + "\n")
    plain = {"conversations": to_plain(result.conversations), "systems": to_plain(result.systems)}
    if result.partners:
        plain |= {
            "partner_conversations": to_plain(result.partner_conversations),
            "partners": to_plain(result.partners),
        }
    write_atomic(files.swan, json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def _partner(path: Path) -> Path:
    return path.with_name(f"partner-{path.name}")


def read_result(files: BatteryFiles) -> BatteryResult:
    """What ``write_result`` wrote; OracleError names the file and line of anything wrong."""
    if not files.swan.exists():
        raise OracleError(
            f"battery {files.battery_id} is not judged yet: run `kgtest converse --judge {files.battery_id}`"
        )
    verdicts = tuple(_lines(files.verdicts, TestVerdict))
    nuggets = tuple(_lines(files.nuggets, ScoredNugget))
    try:
        data: Any = json.loads(files.swan.read_text(encoding="utf-8"))
        conversations = tuple(from_plain(Swan, x, "conversations") for x in data["conversations"])
        systems = tuple(from_plain(Swan, x, "systems") for x in data["systems"])
        theirs = tuple(
            from_plain(Swan, x, "partner_conversations") for x in data.get("partner_conversations", [])
        )
        partners = tuple(from_plain(Swan, x, "partners") for x in data.get("partners", []))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise OracleError(f"{files.swan}: not a battery's SWAN scores: {exc}") from None
    if not partners:
        return BatteryResult(verdicts, nuggets, conversations, systems)
    partner_verdicts = tuple(_lines(_partner(files.verdicts), TestVerdict))
    partner_nuggets = tuple(_lines(_partner(files.nuggets), ScoredNugget))
    return BatteryResult(
        verdicts, nuggets, conversations, systems, partner_verdicts, partner_nuggets, theirs, partners
    )


def _lines(path: Path, cls: type[T]) -> Iterator[T]:
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            try:
                yield from_plain(cls, json.loads(line), where=f"line {number}")
            except ValueError as exc:
                raise OracleError(f"{path}:{number}: {exc}") from None
