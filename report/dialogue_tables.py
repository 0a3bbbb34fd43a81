"""The dialogue report: MORTAR's tables per relation and perturbation, bugs against the baselines,
and a drill-down of every conflict (docs/metamorphic.md, "Report").

Tables 5-7 of the paper: per relation the checks made ("tested"), conflicts, bug rate, mean MSS
of all checks and of the buggy ones; the same per perturbation. Figure 7: unique bugs (seed
questions with at least one conflict) and severe ones (MSS < 0.05) found by MORTAR's relations
against each single-turn baseline. JSON for machines, text for people.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from statistics import fmean
from typing import Any

from kgtest.core.display import Line, Shown, table
from kgtest.core.settings import Settings
from kgtest.generator.case import TestCase
from kgtest.generator.dialogue.graph import describe
from kgtest.generator.dialogue.records import DialogueCase
from kgtest.oracle.dialogue_verdicts import DialogueJudgement
from kgtest.oracle.metamorphic.relations import BASELINE_NAMES, Answered, Check, Epsilons
from kgtest.oracle.metamorphic.rounds import Unjudged
from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.prolog.answerability import Support
from kgtest.report.sections import ReportParts

MORTAR = "MORTAR"


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a relation table."""

    group: str
    relation: str
    tested: int
    conflicts: int
    bug_rate: float
    mean_mss: float
    mean_mss_buggy: float | None


@dataclass(frozen=True, slots=True)
class Bugs:
    """Figure 7: bugs counted once per seed question."""

    method: str
    unique: int
    severe: int
    questions: int
    """Seed questions the method tested."""


def method_of(check: Check) -> str:
    """MORTAR for checks among dialogue rounds, else the baseline whose question is checked."""
    sides = [check.left] if check.right is None else [check.left, check.right]
    named = [s.perturbation for s in sides if s.baseline]
    return named[0] if named else MORTAR


def rows(checks: Iterable[Check], group_of: Any) -> list[Row]:
    """Rows per (group, relation); ``group_of(check)`` gives the groups a check counts for."""
    groups: dict[tuple[str, str], list[Check]] = {}
    for c in checks:
        for g in group_of(c):
            groups.setdefault((g, c.relation), []).append(c)
    out = []
    for (group, relation), found in sorted(groups.items(), key=lambda kv: (_order(kv[0][0]), kv[0][1])):
        buggy = [c.mss for c in found if not c.passed]
        out.append(
            Row(
                group=group,
                relation=relation,
                tested=len(found),
                conflicts=len(buggy),
                bug_rate=round(len(buggy) / len(found), 4),
                mean_mss=round(fmean(c.mss for c in found), 4),
                mean_mss_buggy=round(fmean(buggy), 4) if buggy else None,
            )
        )
    return out


def bugs(checks: Sequence[Check], answered: Sequence[Answered]) -> list[Bugs]:
    methods = [MORTAR, *[b for b in BASELINE_NAMES if any(a.perturbation == b for a in answered)]]
    out = []
    for method in methods:
        mine = [c for c in checks if method_of(c) == method]
        tested = {c.question for c in mine}
        unique = {c.question for c in mine if not c.passed}
        severe = {c.question for c in mine if c.severe}
        out.append(Bugs(method, len(unique), len(severe), len(tested)))
    return out


def dialogue_report(
    system: str,
    run_id: str,
    epsilons: Epsilons,
    cases: Sequence[TestCase],
    answered: Sequence[Answered],
    checks: Sequence[Check],
    unjudged: Sequence[Unjudged],
    reverted: dict[str, int],
) -> dict[str, Any]:
    """Everything the report shows, as plain data (the JSON report; ``render_text`` draws it)."""
    by_id = {c.id: c.dialogue for c in cases if c.dialogue is not None}
    return {
        "system": system,
        "run_id": run_id,
        "epsilons": asdict(epsilons),
        "rounds_judged": len(answered),
        "unjudged": [asdict(u) for u in unjudged],
        "baseline_reverted": reverted,
        "relations": [asdict(r) for r in rows(checks, lambda c: (method_of(c),))],
        "perturbations": [asdict(r) for r in rows(checks, lambda c: c.perturbations)],
        "bugs": [asdict(b) for b in bugs(checks, answered)],
        "conflicts": [_drill(c, by_id) for c in checks if not c.passed],
    }


def dialogue_section(
    system: str,
    run_id: str,
    judgement: DialogueJudgement,
    cases: Sequence[TestCase],
    reverted: dict[str, int],
) -> dict[str, Any]:
    """The report of one judged run's dialogue cases, from what `kgtest judge` kept (dialogue.json)."""
    answered = [c.left for c in judgement.checks if c.relation == "MR1"]
    report = dialogue_report(
        system, run_id, judgement.epsilons, cases, answered, judgement.checks, judgement.unjudged, reverted
    )
    decided = {"rounds": judgement.rounds, "undecided": judgement.undecided, "coverage": judgement.coverage}
    return report | {"decided": decided, "rounds": answers(judgement.checks)}


def answers(checks: Sequence[Check]) -> list[dict[str, Any]]:
    """Every dialogue round the system answered, with its MR1 verdict: what the page sets side by
    side across systems (report/dialogue_sides.py)."""
    return [
        {"case_id": a.case_id, "variant": a.variant, "position": a.position, "question": a.question,
         "answer": a.answer, "expected": list(a.expected), "passed": c.passed, "why": c.basis}
        for c in checks
        if c.relation == "MR1" and not (a := c.left).baseline
    ]  # fmt: skip


HTML_CONFLICTS = 200
"""Conflicts the page drills down per run. A judged CoQA run has ~40,000: all of them made an
85 MB page no browser opens; report.json and report.xlsx list every one."""


def shown_conflicts(section: Mapping[str, Any], limit: int = HTML_CONFLICTS) -> list[dict[str, Any]]:
    """The conflicts the page drills down: severe ones first, then the lowest MSS (the answers
    furthest apart), in the judge's order among equals; at most ``limit``."""
    found: list[dict[str, Any]] = section["conflicts"]
    return sorted(found, key=lambda c: (not c["severe"], c["mss"]))[:limit]


def conflicts(judgement: DialogueJudgement, cases: Sequence[TestCase]) -> list[dict[str, Any]]:
    """Every failed check drilled down: both sides, the questions before them, the answerability proofs."""
    by_id = {c.id: c.dialogue for c in cases if c.dialogue is not None}
    return [_drill(c, by_id) for c in judgement.checks if not c.passed]


def render_text(report: dict[str, Any], conflicts_shown: int = 20) -> str:
    eps = report["epsilons"]
    lines = [
        f"Dialogue run {report['run_id']}: {report['system']}",
        f"{report['rounds_judged']} answers judged; "
        f"epsilon_a {eps['answerable']}, epsilon_b {eps['between']}",
        "",
        "Per relation (MORTAR's Tables 5-6)",
        *_table(report["relations"]),
        "",
        "Per perturbation (Table 7; a pair counts for both its dialogues' perturbations)",
        *_table(report["perturbations"]),
        "",
        "Bugs per seed question (Figure 7)",
        f"{'method':<8} {'questions':>9} {'unique':>7} {'severe':>7}",
        *(f"{b['method']:<8} {b['questions']:>9} {b['unique']:>7} {b['severe']:>7}" for b in report["bugs"]),
    ]
    if report.get("decided", {}).get("rounds"):
        d = report["decided"]
        lines.append(f"answerability decided for {d['rounds'] - d['undecided']} of {d['rounds']} rounds "
                     f"(coverage {d['coverage']:.3f}); the undecided are under Not judged")  # fmt: skip
    if report["baseline_reverted"]:
        reverted = ", ".join(f"{k} {v}" for k, v in sorted(report["baseline_reverted"].items()))
        lines.append(f"baseline questions reverted to the original by the semantic filter: {reverted}")
    if report["unjudged"]:
        lines += ["", f"Not judged ({len(report['unjudged'])})"]
        lines += [
            f"  {u['case_id']} round {u['position'] or '-'} {u['variant']}: {u['reason']}"
            for u in report["unjudged"]
        ]
    shown = report["conflicts"][:conflicts_shown]
    lines += ["", f"Conflicts ({len(report['conflicts'])}, first {len(shown)})"]
    for c in shown:
        lines += ["", *_drill_text(c)]
    return "\n".join(lines) + "\n"


def _table(data: list[dict[str, Any]]) -> list[str]:
    head = f"{'group':<9} {'MR':<4} {'tested':>7} {'conflicts':>9} {'bug rate':>8} {'MSS':>6} {'MSS bugs':>8}"
    body = [
        f"{r['group']:<9} {r['relation']:<4} {r['tested']:>7} {r['conflicts']:>9} {r['bug_rate']:>8.3f} "
        f"{r['mean_mss']:>6.3f} {_number(r['mean_mss_buggy']):>8}"
        for r in data
    ]
    return [head, *body]


def _number(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def _drill(check: Check, cases: Mapping[str, DialogueCase | None]) -> dict[str, Any]:
    sides = [check.left] if check.right is None else [check.left, check.right]
    return {
        "relation": check.relation,
        "question": list(check.question),
        "mss": check.mss,
        "parts": {
            "semantic": check.similarity.semantic,
            "exact": check.similarity.exact,
            "f1": check.similarity.f1,
        },
        "severe": check.severe,
        "against": "gold" if check.right is None else "each other",
        "sides": [_side(a, cases.get(a.case_id)) for a in sides],
    }


def _side(a: Answered, d: DialogueCase | None) -> dict[str, Any]:
    side: dict[str, Any] = {
        "case_id": a.case_id,
        "dialogue": a.variant,
        "position": a.position,
        "answerable": a.answerable,
        "question": a.question,
        "answer": a.answer,
        "expected": list(a.expected),
    }
    if d is not None:
        side["status"] = d.answerability(a.position)
        side["before"] = [d.round(t.origin).question for t in d.turns[: a.position - 1]]
        side["proof"] = proof_lines(d, a.position)
    return side


def proof_lines(d: DialogueCase, position: int) -> list[str]:
    """Why the turn at ``position`` is answerable or not: each requirement and where it is met."""
    decision = d.turns[position - 1].decision
    return [_met(s, d) for s in decision.support] + [describe(r, d) for r in decision.missing]


def _met(s: Support, d: DialogueCase) -> str:
    """A met requirement in words: ``pronoun she for Marie Curie: the story``."""
    labels = {c.key: c.label for c in d.concepts}
    r = s.requirement
    if r.statement is not None:
        what = f"needs {labels.get(r.statement.subject, r.statement.subject)} | {r.statement.relation} | "
        what += labels.get(r.statement.object, r.statement.object)
    else:
        what = " ".join(x for x in (r.kind, r.pronoun, "for", labels.get(r.target, r.target)) if x)
    return f"{what}: met by " + ("the story" if s.source == "story" else f"round {s.position}")


def _drill_text(c: dict[str, Any]) -> list[str]:
    parts = c["parts"]
    out = [
        f"{c['relation']} on {c['question'][0]} round {c['question'][1]}: MSS {c['mss']:.3f} "
        f"(SS {parts['semantic']:.3f}, EM {parts['exact']:.0f}, F1 {parts['f1']:.3f})"
        + (" SEVERE" if c["severe"] else "")
    ]
    for s in c["sides"]:
        plain = {True: "answerable", False: "unanswerable"}.get(s["answerable"], "undecided")
        status = s.get("status") or plain
        out.append(
            f"  [{s['dialogue']} #{s['position']}, {status}] after: {' | '.join(s.get('before', [])) or '-'}"
        )
        out.append(f"    Q: {s['question']}")
        out.append(f"    A: {s['answer']!r}   expected: {' / '.join(s['expected'])}")
        out += [f"    proof: {p}" for p in s.get("proof", [])]
    return out


def _order(group: str) -> tuple[int, str]:
    known = [MORTAR, "original", "DS", "DR", "DD", "DSR", "DSD", *BASELINE_NAMES]
    return (known.index(group) if group in known else len(known), group)


@dataclass(frozen=True, slots=True)
class _DialoguePart:
    name: str
    run_id: str
    whole: str
    """What the runs of one suite's shards share; the run id for a whole run."""
    judgement: DialogueJudgement
    cases: tuple[Any, ...]
    reverted: dict[str, int]


class DialogueTables:
    """Dialogues: MORTAR's tables per run, each conflict drilled down (report/dialogue_tables.py)."""

    def collect(self, run: RunVerdicts, kinds: tuple[str, ...]) -> _DialoguePart | None:
        judgement = next((d for k in kinds if (d := run.detail(k, DialogueJudgement)) is not None), None)
        cases = tuple(c for c, _, _ in run.of_kinds(kinds))
        if judgement is None or not cases:
            return None
        manifest = run.manifest
        return _DialoguePart(manifest.name, run.run_id, run.whole, judgement, cases, manifest.plan.reverted)

    def fill(self, parts: ReportParts, collected: Sequence[object], settings: Settings) -> ReportParts:
        groups: dict[str, list[_DialoguePart]] = {}
        for part in collected:
            assert isinstance(part, _DialoguePart)
            groups.setdefault(part.whole, []).append(part)
        sections = []
        for shards in groups.values():  # the shards of one suite's run as one section
            first = shards[0]
            judgement = DialogueJudgement(
                first.judgement.epsilons,
                tuple(c for p in shards for c in p.judgement.checks),
                tuple(u for p in shards for u in p.judgement.unjudged),
                sum(p.judgement.rounds for p in shards),
                sum(p.judgement.undecided for p in shards),
            )
            reverted = Counter[str]()
            for p in shards:
                reverted.update(p.reverted)
            run_id = "+".join(p.run_id for p in shards)
            cases = [c for p in shards for c in p.cases]
            sections.append(dialogue_section(first.name, run_id, judgement, cases, dict(reverted)))
        return replace(parts, dialogues=(*parts.dialogues, *sections))

    def judged(self, run: RunVerdicts, kinds: tuple[str, ...]) -> list[Shown]:
        """The dialogue cases' relations in a line each, and how many rounds were left out."""
        judgement = next((d for k in kinds if (d := run.detail(k, DialogueJudgement)) is not None), None)
        if judgement is None:
            return []
        names = ("method", "relation", "tested", "conflicts", "bug rate", "mean MSS")
        cells = [
            (r.group, r.relation, str(r.tested), str(r.conflicts), f"{r.bug_rate:.3f}", f"{r.mean_mss:.3f}")
            for r in rows(judgement.checks, lambda c: (method_of(c),))
        ]
        shown: list[Shown] = [table("dialogue checks", names, cells)]
        if judgement.unjudged:
            shown.append(
                Line(f"{len(judgement.unjudged)} dialogue rounds not judged (`kgtest inspect CASE` says why)")
            )
        return shown
