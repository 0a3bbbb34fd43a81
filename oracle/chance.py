"""What knowing nothing scores: the know-nothing baselines judged on a run's own exchanges, and
each kind's headline score, corrected for the best constant answer (docs/scores.md).

Every baseline (runner/baseline.py) is given the very messages the system under test was sent,
and its replies go through the same judges, so chance is what a constant answer gets on these
cases under this oracle: half of a balanced Yes/No suite, the rounds of a dialogue whose answer
is "Unknown", next to nothing of an audit. No model is called for it.

A kind's ``score`` is its measure less chance, as a share of what chance leaves to gain, taken
at the low end of the measure's one-sided 95% bound (1.645 standard errors of its units' mean):
a system that knows nothing scores 0 however lucky its coin on a small suite, one that gets
every unit right scores 1, and every score in between ranks systems as their measures do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from kgtest.core.progress import Progress
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase
from kgtest.oracle import form_chance
from kgtest.oracle.kind_judge import Credit, JudgeContext, KindJudge, OracleKit
from kgtest.oracle.outcomes import JudgedReply
from kgtest.oracle.run_verdicts import RunVerdicts
from kgtest.oracle.scores import KindScore, headline, write_scores
from kgtest.oracle.verdicts import by_judge
from kgtest.runner.baseline import CONSTANT, REFERENCE, Baseline
from kgtest.runner.manifest import RunManifest
from kgtest.runner.runs import Pairs
from kgtest.runner.sut import Reply
from kgtest.runner.transcript import SUT, Transcript


def score_run(
    verdicts: RunVerdicts, judges: Mapping[str, KindJudge], kit: OracleKit, progress: Progress | None = None
) -> tuple[KindScore, ...]:
    """Each kind's headline score for a judged run, beside the baselines', kept in its scores.json."""
    records = {r.case_id: r for r in verdicts.records}
    credits: dict[str, Credit] = {}
    for group in by_judge(verdicts.pairs, judges):
        kind = group[0][0].kind
        credits.update(kind_credits(judges[kind], group, records, verdicts.details.get(kind)))
    found = baseline_credits(verdicts.pairs, judges, kit, verdicts.files, verdicts.manifest, progress)
    scores = tuple(
        kind_score(kind, credit, {spec: by_kind[kind] for spec, by_kind in found.items()})
        for kind, credit in credits.items()
    )
    write_scores(verdicts.files.scores, scores)
    return scores


CHANCE = frozenset({*(f"baseline:{name}" for name in CONSTANT), form_chance.SPEC})
"""The baselines chance is the best of: the constant answers, and reading the question's form."""


def baseline_pairs(pairs: Pairs, baseline: Baseline, system: str) -> Pairs:
    """``pairs`` with every reply of the system under test replaced by the baseline's to the same
    message (a partner system's lines stay as they were)."""
    return _replaced(pairs, baseline.spec, lambda case, asked: baseline.says(asked))


def wording_pairs(pairs: Pairs) -> Pairs:
    """``pairs`` as ``baseline:wording`` answers them (oracle/form_chance.py): "I don't know." to
    what is no single Yes/No question."""
    single = [case for case, t in pairs if sum(e.speaker == SUT for e in t.exchanges) == 1]
    said = form_chance.wording_answers(single)
    return _replaced(pairs, form_chance.SPEC, lambda case, asked: said.get(case.id, "I don't know."))


def _replaced(pairs: Pairs, spec: str, says: Callable[[TestCase, str], str]) -> Pairs:
    out = []
    for case, transcript in pairs:
        exchanges = tuple(
            replace(e, reply=_said(spec, says(case, e.asked), e.reply)) if e.speaker == SUT else e
            for e in transcript.exchanges
        )
        out.append((case, Transcript(case.id, transcript.kind, exchanges)))
    return out


def _said(spec: str, text: str, real: Reply) -> Reply:
    return Reply(text, spec, real.sampling, 0.0, finish_reason="stop")


def baseline_credits(
    pairs: Pairs,
    judges: Mapping[str, KindJudge],
    kit: OracleKit,
    run: RunFiles,
    manifest: RunManifest,
    progress: Progress | None = None,
) -> dict[str, dict[str, Credit]]:
    """Each reference baseline's credit per kind, judged on the run's own exchanges (spec, then kind)."""

    answered = {b.spec: baseline_pairs(pairs, b, manifest.system) for b in REFERENCE}
    answered[form_chance.SPEC] = wording_pairs(pairs)
    found: dict[str, dict[str, Credit]] = {}
    for done, (spec, said) in enumerate(answered.items()):
        if progress:
            progress("baselines", done, len(answered))
        context = JudgeContext(run, replace(manifest, name=spec, system=spec), kit)
        found[spec] = {}
        for group in by_judge(said, judges):
            judge = judges[group[0][0].kind]
            verdicts = judge.judge(group, context)
            found[spec].update(kind_credits(judge, group, verdicts.records, verdicts.detail))
    if progress:
        progress("baselines", len(answered), len(answered))
    return found


def kind_credits(
    judge: KindJudge, group: Pairs, records: Mapping[str, JudgedReply], detail: object | None
) -> dict[str, Credit]:
    """The judge's credit for each kind of ``group``, from the group's verdicts and detail."""
    kinds = dict.fromkeys(case.kind for case, _ in group)
    return {
        kind: judge.credit([records[case.id] for case, _ in group if case.kind == kind], detail)
        for kind in kinds
    }


def kind_score(kind: str, credit: Credit, baselines: Mapping[str, Credit]) -> KindScore:
    """The system's headline score for ``kind``, beside the baselines' credits on the same units.

    The units are those the baselines were judged on (they answer every message): a unit the
    system failed to answer (``no_reply``) counts 0 for a measure that is a share of units; one the
    oracle failed to judge (``Credit.unjudged``) is left out for every system alike. SWAN
    is not a share of units but a weighted mean over every reply's nuggets, and a battery has a
    handful of conversations: its score is taken at the measure itself, not below a bound that
    two conversations would make say nothing; its units still pair two systems' conversations."""
    universe = set().union(*(c.units for c in baselines.values())) if baselines else set(credit.units)
    universe -= credit.unjudged  # the oracle's failures: no credit for the system or the baselines
    mean_measure = credit.measure != "SWAN"
    units = {key: credit.units.get(key, 0.0) for key in sorted(universe)} if mean_measure else credit.units
    value = _mean(units) if mean_measure else credit.value
    values = {
        spec: (_mean({k: v for k, v in c.units.items() if k in universe}) if mean_measure else c.value)
        for spec, c in baselines.items()
    }
    constants = {s: v for s, v in values.items() if s in CHANCE and v is not None}
    # on a tie, knowing nothing is saying so: always "I don't know." (a balanced suite's constants all get 0)
    best = max(constants, key=lambda s: (constants[s], s == "baseline:idk"), default="")
    chance = constants.get(best)
    score, estimate, interval = headline(value, list(units.values()) if mean_measure else [], chance)
    scored = {
        s: headline(v, list(_units(baselines[s], universe, mean_measure)), chance)[0]
        for s, v in values.items()
    }
    return KindScore(
        kind, credit.measure, value, units, chance, best, score, estimate, interval, values, scored,
        len(credit.unjudged),
    )  # fmt: skip


def _mean(units: Mapping[str, float]) -> float | None:
    return sum(units.values()) / len(units) if units else None


def _units(credit: Credit, universe: set[str], mean_measure: bool) -> list[float]:
    """The units the bound is taken over: none for SWAN (see ``kind_score``)."""
    return [credit.units.get(key, 0.0) for key in sorted(universe)] if mean_measure else []
