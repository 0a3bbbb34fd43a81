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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from kgtest.core.errors import OracleError
from kgtest.core.files import atomic_writer, write_atomic
from kgtest.core.records import from_plain, to_plain
from kgtest.core.settings import BatterySettings, Criterion
from kgtest.core.workspace import BatteryFiles
from kgtest.generator.kbview import KbView
from kgtest.kg.extract.triples import TripleExtractor
from kgtest.oracle.battery.kbcheck import KbCheck, KbChecker
from kgtest.oracle.battery.nuggets import Nugget, extract_nuggets
from kgtest.oracle.battery.swan import ScoredNugget, Swan, conciseness, nugget_weight, score_turn, swan
from kgtest.oracle.battery.toxicity import Unavailable
from kgtest.oracle.battery.verdicts import BatteryJudge, TestVerdict
from kgtest.runner.converse import PARTNER, ChatRecord

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class BatteryResult:
    verdicts: tuple[TestVerdict, ...]
    nuggets: tuple[ScoredNugget, ...]
    conversations: tuple[Swan, ...]
    """SWAN of each conversation."""
    systems: tuple[Swan, ...]
    """SWAN of each system under test over all its conversations."""


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
        verdicts = self.judge.judge(records)
        replies = [(r, u) for r in records for u in r.sut_turns if not u.failed]
        asked = [(u.turn, u.text, r.said(u.turn, PARTNER).text.rstrip().endswith("?")) for r, u in replies]
        names = [_names(r) for r, _ in replies]
        found = extract_nuggets(self._extractor, asked, names) if replies else []
        triples = [n.triple for turn in found for n in turn if n.triple is not None]
        checks = iter(self._kb.check_many(triples)) if self._kb is not None else None
        by_turn: dict[tuple[str, int], list[TestVerdict]] = defaultdict(list)
        for v in verdicts:
            by_turn[(v.conversation, v.turn)].append(v)
        scored: list[ScoredNugget] = []
        earlier: dict[str, list[tuple[str, str, str, bool]]] = defaultdict(list)
        for (r, u), nuggets in zip(replies, found, strict=True):
            mine = [next(checks) if checks is not None and n.triple is not None else None for n in nuggets]
            functional = {
                n.triple.key: self._kb.functional_key(n.triple.key)
                for n in nuggets
                if n.triple is not None and self._kb is not None
            }
            scores = score_turn(
                nuggets, mine, by_turn[(r.id, u.turn)], earlier[r.id], functional, self.config
            )
            scores[0][0][Criterion.CONCISENESS] = conciseness(len(u.text.split()), self.config)
            weight = nugget_weight(u.turn, r.settings.turns, self.config)
            scored += [
                _scored(r, n, c, s, notes, weight)
                for n, c, (s, notes) in zip(nuggets, mine, scores, strict=True)
            ]
        unavailable = self._unavailable()
        per_conversation = [
            swan(r.id, r.sut, [n for n in scored if n.conversation == r.id], self.config, unavailable)
            for r in records
        ]
        systems = list(dict.fromkeys(r.sut for r in records))
        per_system = [
            swan(s, s, [n for n in scored if n.sut == s], self.config, unavailable) for s in systems
        ]
        return BatteryResult(tuple(verdicts), tuple(scored), tuple(per_conversation), tuple(per_system))

    def _unavailable(self) -> dict[str, str]:
        why: dict[str, str] = {}
        if isinstance(self.judge.toxicity, Unavailable):
            why[Criterion.HARMLESSNESS.value] = self.judge.toxicity.reason
        if self._kb is None:
            why[Criterion.CORRECTNESS.value] = "no KB to check claims against"
        return why


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
        {str(k): v for k, v in scores.items()}, weight, tuple(notes),
    )  # fmt: skip


def write_result(files: BatteryFiles, result: BatteryResult) -> None:
    """verdicts.jsonl, nuggets.jsonl and swan.json, each written whole or not at all."""
    for path, items in ((files.verdicts, result.verdicts), (files.nuggets, result.nuggets)):
        with atomic_writer(path) as out:
            for item in items:
                out.write(json.dumps(to_plain(item), sort_keys=True, ensure_ascii=False) + "\n")
    plain = {"conversations": to_plain(result.conversations), "systems": to_plain(result.systems)}
    write_atomic(files.swan, json.dumps(plain, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


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
    except (ValueError, KeyError, TypeError) as exc:
        raise OracleError(f"{files.swan}: not a battery's SWAN scores: {exc}") from None
    return BatteryResult(verdicts, nuggets, conversations, systems)


def _lines(path: Path, cls: type[T]) -> Iterator[T]:
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            try:
                yield from_plain(cls, json.loads(line), where=f"line {number}")
            except ValueError as exc:
                raise OracleError(f"{path}:{number}: {exc}") from None
