"""The battery's results as a report sees them: per test and system, histograms, SWAN side by side, turns.

Every judged run's conversations are read back from its files (report/collect.py); a system's
SWAN and WANs are computed again over the nuggets of all its conversations, so two batteries
of one system count as one sample (SWAN section 3: U^c pools conversations i). A system in
free conversation with a partner system is reported apart ("hf:smollm2 with hf:smollm2").
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from kgtest.core.display import Line, Shown, table
from kgtest.core.settings import BatterySettings, Settings
from kgtest.generator.conversation.perturb import bucket_label
from kgtest.generator.conversation.script_records import PERTURBED, TestCode
from kgtest.oracle.conversation.audit import BatteryResult
from kgtest.oracle.conversation.swan import ScoredNugget, Swan, swan
from kgtest.oracle.conversation.verdicts import TestVerdict
from kgtest.oracle.conversation_verdicts import conversation_records
from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.report.sections import ReportParts
from kgtest.runner.conversation import SCRIPTED, ChatRecord
from kgtest.runner.transcript import PARTNER


@dataclass(frozen=True, slots=True)
class TestRow:
    __test__ = False

    sut: str
    code: str
    passed: int
    judged: int
    not_judged: int

    @property
    def rate(self) -> float | None:
        return self.passed / self.judged if self.judged else None


@dataclass(frozen=True, slots=True)
class Bucket:
    label: str
    passed: int
    total: int


@dataclass(frozen=True, slots=True)
class TurnView:
    """One round as the per-turn view shows it."""

    turn: int
    partner: str
    role: str
    """The partner line's role (info, question, filler), or ``partner`` for a partner system."""
    reply: str
    error: str
    verdicts: tuple[TestVerdict, ...]
    nuggets: tuple[ScoredNugget, ...]


@dataclass(frozen=True, slots=True)
class ConversationView:
    battery: str
    id: str
    sut: str
    partner: str
    swan: Swan | None
    turns: tuple[TurnView, ...]


@dataclass(frozen=True, slots=True)
class BatteryReport:
    suts: tuple[str, ...]
    tests: tuple[TestRow, ...]
    histograms: dict[str, dict[str, tuple[Bucket, ...]]]
    """system -> U3..U6 (by strength bucket) and I1 (by distance in rounds) -> buckets."""
    swans: tuple[Swan, ...]
    """Per system, over all its conversations."""
    conversations: tuple[ConversationView, ...]
    batteries: tuple[str, ...]


def tally(verdicts: Sequence[TestVerdict]) -> dict[tuple[str, str], tuple[int, int, int]]:
    """(system, test) -> (passed, judged, not judged), tests in the seed's order."""
    counts: Counter[tuple[str, str, str]] = Counter()
    for v in verdicts:
        state = "skipped" if v.passed is None else "passed" if v.passed else "failed"
        counts[(v.sut, v.code.value, state)] += 1
    order = {c.value: n for n, c in enumerate(TestCode)}
    keys = sorted({(s, c) for s, c, _ in counts}, key=lambda k: (k[0], order[k[1]]))
    return {
        (s, c): (
            counts[(s, c, "passed")],
            counts[(s, c, "passed")] + counts[(s, c, "failed")],
            counts[(s, c, "skipped")],
        )
        for s, c in keys
    }


def histograms(verdicts: Sequence[TestVerdict]) -> dict[str, dict[str, tuple[Bucket, ...]]]:
    """The seed's [[successes, attempts], ...] lists: U3-U6 by strength bucket, I1 by distance."""
    found: dict[str, dict[str, dict[int, list[int]]]] = defaultdict(lambda: defaultdict(dict))
    for v in verdicts:
        if v.passed is None or (v.code not in PERTURBED and v.code is not TestCode.I1):
            continue
        key = v.bucket if v.code in PERTURBED else v.distance
        cell = found[v.sut][v.code.value].setdefault(key, [0, 0])
        cell[0] += v.passed
        cell[1] += 1
    out: dict[str, dict[str, tuple[Bucket, ...]]] = {}
    for sut, codes in found.items():
        out[sut] = {}
        for code, cells in sorted(codes.items()):
            test = TestCode(code)
            first = 0 if test in PERTURBED else 1
            out[sut][code] = tuple(
                Bucket(_bucket(test, k), *cells.get(k, [0, 0])) for k in range(first, max(cells) + 1)
            )
    return out


def _bucket(test: TestCode, key: int) -> str:
    return bucket_label(test, key) if test in PERTURBED else f"{key} rounds"


@dataclass(frozen=True, slots=True)
class JudgedBattery:
    """One judged run's conversations and their audit, as `kgtest judge` kept them."""

    run_id: str
    records: tuple[ChatRecord, ...]
    result: BatteryResult


def build_battery_report(judged: Sequence[JudgedBattery], settings: BatterySettings) -> BatteryReport:
    """The battery section over every judged run's conversations, systems side by side."""
    verdicts: list[TestVerdict] = []
    nuggets: list[ScoredNugget] = []
    views: list[ConversationView] = []
    for run in judged:
        records, result = run.records, run.result
        # A system talking freely with a partner is not the system the script tests: apart.
        label = {r.id: r.sut if r.partner == SCRIPTED else f"{r.sut} with {r.partner}" for r in records}
        verdicts += [replace(v, sut=label[v.conversation]) for v in result.verdicts]
        nuggets += [replace(n, sut=label[n.conversation]) for n in result.nuggets]
        # The partner system's side of a free conversation, judged the same way, reported apart.
        side = {r.id: f"{r.partner} as partner of {r.sut}" for r in records if r.partner != SCRIPTED}
        verdicts += [replace(v, sut=side[v.conversation]) for v in result.partner_verdicts]
        nuggets += [replace(n, sut=side[n.conversation]) for n in result.partner_nuggets]
        swans = {s.scope: s for s in result.conversations}
        views += [
            _view(run.run_id, r, r.partner, label[r.id], swans.get(r.id), result.verdicts, result.nuggets)
            for r in records
        ]
    suts = tuple(dict.fromkeys([*(v.sut for v in views), *(v.sut for v in verdicts)]))
    per_sut = tuple(swan(s, s, [n for n in nuggets if n.sut == s], settings) for s in suts)
    rows = tuple(TestRow(s, c, *counts) for (s, c), counts in tally(verdicts).items())
    return BatteryReport(
        suts, rows, histograms(verdicts), per_sut, tuple(views), tuple(b.run_id for b in judged)
    )


def _view(
    battery: str,
    record: ChatRecord,
    partner: str,
    system: str,
    scores: Swan | None,
    verdicts: Sequence[TestVerdict],
    nuggets: Sequence[ScoredNugget],
) -> ConversationView:
    mine_v = defaultdict(list)
    for v in verdicts:
        if v.conversation == record.id:
            mine_v[v.turn].append(v)
    mine_n = defaultdict(list)
    for n in nuggets:
        if n.conversation == record.id:
            mine_n[n.turn].append(n)
    turns = []
    for turn in range(1, record.settings.turns + 1):
        said, reply = record.said(turn, PARTNER), record.said(turn)
        role = record.script.line(turn).role if said.reply is None else "partner"
        error = reply.reply.error or "" if reply.reply is not None else ""
        turns.append(
            TurnView(turn, said.text, role, reply.text, error, tuple(mine_v[turn]), tuple(mine_n[turn]))
        )
    return ConversationView(battery, record.id, system, partner, scores, tuple(turns))


class BatteryTables:
    """Conversations: the battery's tests, SWAN, histograms and every turn (report/battery.py)."""

    def collect(self, run: RunVerdicts, kinds: tuple[str, ...]) -> JudgedBattery | None:
        result = next((d for k in kinds if (d := run.detail(k, BatteryResult)) is not None), None)
        talks = [(c, t) for c, t, _ in run.of_kinds(kinds)]
        if result is None or not talks:
            return None
        return JudgedBattery(run.run_id, tuple(conversation_records(talks, run.manifest)), result)

    def fill(self, parts: ReportParts, collected: Sequence[object], settings: Settings) -> ReportParts:
        judged = [part for part in collected if isinstance(part, JudgedBattery)]
        return replace(parts, battery=build_battery_report(judged, settings.battery)) if judged else parts

    def judged(self, run: RunVerdicts, kinds: tuple[str, ...]) -> list[Shown]:
        """The conversations' tests per system, and SWAN with what it is made of."""
        result = next((d for k in kinds if (d := run.detail(k, BatteryResult)) is not None), None)
        if result is None:
            return []
        rows = [
            (sut, code, str(passed), str(judged), str(skipped))
            for (sut, code), (passed, judged, skipped) in tally(
                result.verdicts + result.partner_verdicts
            ).items()
        ]
        shown: list[Shown] = [
            table("conversation tests", ("system", "test", "passed", "judged", "not judged"), rows)
        ]
        for s in result.systems + result.partners:
            value = "n/a" if s.value is None else f"{s.value:.3f}"
            wans = ", ".join(f"{w.criterion} {w.value:.2f}" for w in s.wans if w.value is not None)
            shown.append(Line(f"SWAN {value} for {s.sut}: {wans}"))
            if s.replies and s.criteria is not None:
                new = s.replies - s.nothing_new
                shown.append(
                    Line(f"  = criteria {s.criteria:.3f} x {new}/{s.replies} replies that say something new")
                )
            shown += [Line(f"  left out of SWAN: {why}") for why in s.left_out]
        return shown
