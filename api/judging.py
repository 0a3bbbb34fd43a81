"""``judge``: a run's replies classified against the ground truth, no LLM judge (``kgtest judge``).

Every kind's judge (api/kinds.py) gets its cases; the oracles they share (the fact oracle, the
sentence model, the KB) are made on first need, so a run of fact cases loads no dialogue model
and a run of bare answers loads no model at all. The verdicts go beside the replies and, unless
``graph`` is off, to the graph store, linked to the test cases.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from kgtest.api.kinds import KINDS
from kgtest.api.workspace import Once, WorkspaceLike, settings_of
from kgtest.api.workspace_kb import WorkspaceKb
from kgtest.core.display import Shown, Tell, silent
from kgtest.core.errors import ConfigError
from kgtest.core.pool import Spread, default_workers
from kgtest.core.progress import Progress, no_progress
from kgtest.core.settings import Settings
from kgtest.core.shard import Shard
from kgtest.kg.extract.triples import extractor_names
from kgtest.oracle.chance import score_run
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.judge import Judge, JudgeSettings
from kgtest.oracle.kb_lookup import LazyKb, ViewKb
from kgtest.oracle.kind_judge import OracleKit
from kgtest.oracle.pool import JudgeRecipe
from kgtest.oracle.run_verdicts import RunVerdicts, read_run_verdicts
from kgtest.oracle.similarity import Thresholds
from kgtest.oracle.verdicts import JudgeSummary, judge_run
from kgtest.report.gate import GateResult, gate
from kgtest.runner.runs import find_run, run_cases

EXTRACTORS = tuple(extractor_names())
"""The ways triples can be read from a reply's reasoning (``[judge] extractor``)."""


@dataclass(frozen=True, slots=True)
class Judged:
    """A judged run: the counts, every verdict with each kind's detail, and the gate."""

    summary: JudgeSummary
    verdicts: RunVerdicts
    gate: GateResult


def judge(
    run: str = "latest",
    *,
    workspace: WorkspaceLike = None,
    threshold: float | None = None,
    extractor: str | None = None,
    fail_under: float | None = None,
    gate_on: str | None = None,
    graph: bool = True,
    workers: int | None = None,
    dask: str | None = None,
    shard: Shard | None = None,
    progress: Progress = no_progress,
    tell: Tell = silent,
    on_verdicts: Callable[[RunVerdicts], None] = lambda verdicts: None,
) -> Judged:
    """Judge the replies of ``run`` (an id, a unique prefix, or ``latest``: the last complete run).

    ``threshold`` and ``extractor`` override ``[judge]``; ``fail_under`` gates every kind at one
    threshold (else ``[judge] fail_under`` and its per-kind keys), for each kind's headline score
    or, with ``gate_on="rate"``, its raw share of passed units. Every kind is scored beside the
    know-nothing baselines, judged on the run's own exchanges (docs/scores.md). ``on_verdicts``
    sees the verdicts as soon as they and the scores are written, before the graph store is.
    """
    settings = settings_of(workspace)
    config = settings.judge
    judge_settings = judge_settings_of(settings, threshold, extractor)
    # Everything the judge reads is checked before a model or the database is loaded.
    found = find_run(settings.paths, run, shard)
    _, pairs = run_cases(found)
    judges = KINDS.judges(KINDS.known(tuple(case.kind for case, _ in pairs)))  # only the kinds it holds
    with ExitStack() as stack:
        source = WorkspaceKb(settings, stack)  # the database opens only when a cache cannot answer
        if graph:  # needed at the end anyway: start the database while the replies are read
            source.start()
        kit = oracle_kit(
            settings, source, judge_settings, Spread(workers=workers or default_workers(), dask=dask or None)
        )
        found.scores.unlink(missing_ok=True)  # made again below; a damaged one stopped every new judgement
        summary = judge_run(found, judges, kit, progress=progress)
        verdicts = read_run_verdicts(found, judges)
        verdicts = replace(verdicts, scores=score_run(verdicts, judges, kit, progress))
        on_verdicts(verdicts)
        if graph:
            from kgtest.api.judge_graph import write_judged_graph

            write_judged_graph(source.store(), verdicts, KINDS.graphs(), tell)
    base = config.fail_under if fail_under is None else fail_under
    threshold_of = (lambda kind: base) if fail_under is not None else config.gate
    manifest = summary.manifest
    result = gate(
        manifest.run_id, manifest.name, manifest.system, verdicts.records, base, KINDS.units(), threshold_of,
        {s.kind: s for s in verdicts.scores}, gate_on or config.gate_on,
    )  # fmt: skip
    return Judged(summary, verdicts, result)


def judged_summary(verdicts: RunVerdicts) -> list[Shown]:
    """What each kind's section says of a judged run beyond its outcome counts (its checks, SWAN)."""
    held = KINDS.known(tuple(c.kind for c, _ in verdicts.pairs))
    return [shown for section, kinds in KINDS.sections(held) for shown in section.judged(verdicts, kinds)]


def write_junit(path: Path, judged: Judged) -> Path:
    """The verdicts as JUnit XML, one test case per case of every kind, whole or not at all."""
    from kgtest.report.junit import write_junit as write

    verdicts = judged.verdicts
    cases = [case for case, _ in verdicts.pairs]
    return write(path, verdicts.run_id, verdicts.manifest.name, cases, verdicts.records)


def judge_settings_of(
    settings: Settings, threshold: float | None = None, extractor: str | None = None
) -> JudgeSettings:
    """The fact oracle's settings: ``[judge]``, with ``threshold`` and ``extractor`` over it."""
    config = settings.judge
    chosen = extractor or config.extractor
    if chosen not in extractor_names():
        raise ConfigError(
            f"{settings.paths.config}: [judge] extractor = {chosen!r} is not one of {', '.join(EXTRACTORS)}"
        )
    return JudgeSettings(
        thresholds=Thresholds(synonym=config.threshold if threshold is None else threshold),
        extractor=chosen,
        leanings=config.leanings,
        parse_cache=settings.paths.cache / "parses.sqlite",
    )


def oracle_kit(
    settings: Settings, source: WorkspaceKb, judge_settings: JudgeSettings, spread: Spread
) -> OracleKit:
    """The oracles every kind's judge may use, each made on first need and shared."""
    view = Once(source.view)
    # A workspace without a database holds no KB (your own questions need none): nothing to look up.
    held = source.may_hold() and bool(source.builds())
    kb = LazyKb(lambda: ViewKb(view())) if held else None
    embedder = Once(Embedder)  # one sentence model for every kind's oracle

    def recipe() -> JudgeRecipe:
        from kgtest.generator.view_ref import view_ref

        return JudgeRecipe(judge_settings, view_ref(view(), settings.paths.kb_view_cache) if held else None)

    return OracleKit(
        settings=settings,
        fact_judge=Once(lambda: Judge(judge_settings, kb=kb, embedder=embedder())),
        embedder=embedder,
        view=view,
        kb=kb,
        spread=spread,
        recipe=recipe,
    )
