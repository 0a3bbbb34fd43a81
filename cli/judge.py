"""``kgtest judge``: classify a run's replies against the ground truth, no LLM judge; a gate for CI."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

import click
from rich.console import Console
from rich.table import Table

from kgtest.cli.main import AppContext, pass_app
from kgtest.cli.spread import DASK, WORKERS, shard_option, spread_of
from kgtest.cli.text import literal
from kgtest.core.errors import ConfigError, GateError
from kgtest.core.progress import phases
from kgtest.core.settings import JudgeConfig, Settings
from kgtest.core.shard import Shard
from kgtest.core.workspace import RunFiles
from kgtest.generator.kbsource import WorkspaceKb
from kgtest.generator.kbview import KbView
from kgtest.generator.view_ref import view_ref
from kgtest.kg.extract.triples import extractor_names
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.judge import Judge, JudgeSettings
from kgtest.oracle.kb import LazyKb, ViewKb
from kgtest.oracle.pool import JudgeRecipe
from kgtest.oracle.similarity import Thresholds
from kgtest.oracle.verdicts import (
    Judges,
    JudgeSummary,
    battery_files,
    find_run,
    judge_run,
    read_verdicts,
    run_cases,
)
from kgtest.report.gate import gate

if TYPE_CHECKING:  # each kind's judge, its tables and the graph's writers load on first need
    from kgtest.oracle.battery.audit import Auditor
    from kgtest.oracle.metamorphic.mss import MixedSimilarity
    from kgtest.oracle.metamorphic.relations import Epsilons

T = TypeVar("T")


@click.command("judge")
@click.argument("run", default="latest")
@click.option(
    "--threshold",
    type=click.FloatRange(0, 1),
    help="Cosine similarity at which a relation no catalog word names counts as one of the case's. "
    "[default: [judge] threshold, 0.8]",
)
@click.option(
    "--extractor",
    type=click.Choice(extractor_names()),
    help="How triples are read from the reasoning. [default: [judge] extractor, spacy]",
)
@click.option(
    "--fail-under",
    type=click.FloatRange(0, 1),
    help="Exit with code 8 when the share of correct replies is under RATE (0-1), e.g. 0.8 in CI. "
    "[default: [judge] fail_under, 0: no gate]",
)
@click.option(
    "--junit",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Also write the verdicts as JUnit XML (one test case per case) for CI.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print a JSON summary on stdout (everything else on stderr)."
)
@click.option("--no-graph", is_flag=True, help="Do not write replies and verdicts to the graph store.")
@WORKERS
@DASK
@shard_option("With RUN `latest`: the latest complete run of shard K/N (`kgtest run --shard`).")
@click.option("--quiet", is_flag=True, help="No progress bars.")
@pass_app
def command(
    app: AppContext,
    run: str,
    threshold: float | None,
    extractor: str | None,
    fail_under: float | None,
    junit: Path | None,
    as_json: bool,
    no_graph: bool,
    workers: int | None,
    dask: str | None,
    shard: Shard | None,
    quiet: bool,
) -> None:
    """Judge the replies of RUN (a run id, a prefix of one, or `latest`: the last complete run).

    Writes verdicts.jsonl beside the replies and, unless --no-graph, the replies, their claims
    and verdicts to the graph store, linked to the test cases. The models, the rules and the
    database start only when a reply needs them. Exits with code 8 when the share of correct
    replies is under --fail-under (or [judge] fail_under in kgtest.toml).

    \b
    kgtest judge
    kgtest judge --fail-under 0.8 --junit reports/kgtest.xml
    kgtest judge 3f2a --json | jq .correct_rate
    """
    config = app.settings.judge
    threshold = config.threshold if threshold is None else threshold
    extractor = extractor or config.extractor
    flagged = fail_under is not None
    fail_under = config.fail_under if fail_under is None else fail_under
    if extractor not in extractor_names():
        raise ConfigError(
            f"{app.settings.paths.config}: [judge] extractor = {extractor!r} is not one of "
            f"{', '.join(extractor_names())}"
        )
    # Everything the judge reads is checked before a model or the database is loaded.
    found = find_run(app.settings.paths, run, shard)
    _, pairs = run_cases(found)
    if junit is not None:
        junit.parent.mkdir(parents=True, exist_ok=True)
    settings = JudgeSettings(
        thresholds=Thresholds(synonym=threshold),
        extractor=extractor,
        parse_cache=app.settings.paths.cache / "parses.sqlite",
    )
    out = Console(highlight=False, stderr=as_json)
    with ExitStack() as stack:
        source = WorkspaceKb(app.settings, stack)  # the database opens only when a cache cannot answer
        if not no_graph:  # needed at the end anyway: start the database while the replies are read
            source.start()
        view = _Once(source.view)
        kb = LazyKb(lambda: ViewKb(view()))
        embedder = _Once(Embedder)  # one sentence model for every kind's oracle
        judges = Judges(
            fact=lambda: Judge(settings, kb=kb, embedder=embedder()),
            # KB dialogues' answers are read with the workspace's KB, when it has one (CoQA needs none)
            dialogue=lambda: (
                *_dialogue_judge(app.settings, embedder()),
                kb if source.builds() else None,
            ),
            conversation=lambda: _auditor(app.settings, view, embedder()),
            spread=spread_of(workers, dask),
            recipe=lambda: JudgeRecipe(
                settings, view_ref(view(), app.settings.paths.kb_view_cache) if source.builds() else None
            ),
        )
        with phases(quiet) as progress:
            summary = judge_run(found, judges, progress=progress)
        table = Table("outcome", "cases", title=literal(f"run {summary.run_id}: {summary.system}"))
        for outcome, n in summary.outcomes.items():
            table.add_row(literal(outcome), str(n))
        out.print(table)
        _kind_tables(out, found, summary)
        records = list(read_verdicts(found))
        if not no_graph:
            from kgtest.cli.judge_graph import write_judged_graph

            write_judged_graph(source.store(), found, summary, records, pairs)

    name = str(summary.manifest.get("name") or summary.system)
    base = fail_under
    result = gate(summary.run_id, name, summary.system, records, base, _thresholds(config, base, flagged))
    if junit is not None:
        from kgtest.report.junit import write_junit

        write_junit(junit, summary.run_id, name, [case for case, _ in pairs], records)
    if as_json:
        click.echo(json.dumps({**result.to_json(), "verdicts": str(summary.path)}, indent=2))
    echo = click.echo if not as_json else lambda text: click.echo(text, err=True)
    echo(f"{result.summary()}.")
    echo(f"Verdicts in {summary.path}. `kgtest report` draws them; `kgtest inspect CASE` shows one.")
    if junit is not None:
        echo(f"JUnit XML in {junit}.")
    if not result.passed:
        failing = [k for k in result.kinds if not k.ok]
        why = [f"{k.summary()}: under --fail-under {k.fail_under:g}" for k in failing]
        named = (
            why if len(result.kinds) == 1 else [f"{k.kind}: {w}" for k, w in zip(failing, why, strict=True)]
        )
        raise GateError("; ".join(named))


def _thresholds(config: JudgeConfig, base: float, flagged: bool) -> Callable[[str], float]:
    """A kind's threshold: --fail-under for every kind when given, else [judge]'s own per kind."""
    return (lambda kind: base) if flagged else config.gate


def _dialogue_judge(settings: Settings, embedder: Embedder) -> tuple[MixedSimilarity, Epsilons]:
    from kgtest.oracle.metamorphic.mss import MixedSimilarity
    from kgtest.oracle.metamorphic.relations import Epsilons

    eps = Epsilons(answerable=settings.dialogue.epsilon_a, between=settings.dialogue.epsilon_b)
    return MixedSimilarity(embedder), eps


def _auditor(settings: Settings, view: Callable[[], KbView], embedder: Embedder) -> Auditor:
    from kgtest.kg.extract.spacy_triples import SpacyExtractor
    from kgtest.oracle.battery.audit import Auditor
    from kgtest.oracle.battery.verdicts import BatteryJudge

    return Auditor(BatteryJudge(settings.battery, embedder=embedder), SpacyExtractor(), view())


class _Once(Generic[T]):
    """A value made on first use and kept: the KB view or the sentence model, once for every oracle."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._value: T | None = None

    def __call__(self) -> T:
        if self._value is None:
            self._value = self._make()
        return self._value


def _kind_tables(out: Console, run: RunFiles, summary: JudgeSummary) -> None:
    """The dialogue cases' relations and the conversations' SWAN, in a line each."""
    if summary.kinds.get("dialogue"):
        from kgtest.oracle.dialogue_verdicts import read_judgement
        from kgtest.report.dialogue import method_of, rows

        judgement = read_judgement(run.folder / "dialogue.json")
        table = Table(
            "method", "relation", "tested", "conflicts", "bug rate", "mean MSS", title="dialogue checks"
        )
        for r in rows(judgement.checks, lambda c: (method_of(c),)):
            table.add_row(
                r.group, r.relation, str(r.tested), str(r.conflicts), f"{r.bug_rate:.3f}", f"{r.mean_mss:.3f}"
            )
        out.print(table)
        if judgement.unjudged:
            out.print(
                literal(
                    f"{len(judgement.unjudged)} dialogue rounds not judged (`kgtest inspect CASE` says why)"
                )
            )
    if summary.kinds.get("conversation"):
        from kgtest.oracle.battery.audit import read_result
        from kgtest.report.battery import tally

        result = read_result(battery_files(run))
        table = Table("system", "test", "passed", "judged", "not judged", title="conversation tests")
        for (sut, code), (passed, judged, skipped) in tally(
            result.verdicts + result.partner_verdicts
        ).items():
            table.add_row(literal(sut), code, str(passed), str(judged), str(skipped))
        out.print(table)
        for s in result.systems + result.partners:
            value = "n/a" if s.value is None else f"{s.value:.3f}"
            wans = ", ".join(f"{w.criterion} {w.value:.2f}" for w in s.wans if w.value is not None)
            out.print(literal(f"SWAN {value} for {s.sut}: {wans}"))
            if s.replies and s.criteria is not None:
                new = s.replies - s.nothing_new
                out.print(
                    literal(
                        f"  = criteria {s.criteria:.3f} x {new}/{s.replies} replies that say something new"
                    )
                )
            for why in s.left_out:
                out.print(literal(f"  left out of SWAN: {why}"))
