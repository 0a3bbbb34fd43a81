"""What `run`, `dialogue` and `converse` share: the systems resolved from kgtest.toml, and each
system asked every suite through the one runner (runner/run.py), with its plan per suite."""

from __future__ import annotations

import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import click

from kgtest.cli.main import err_console
from kgtest.cli.text import line, literal, visible
from kgtest.core.errors import ConfigError, KgtestError, RunnerError
from kgtest.core.progress import phases
from kgtest.core.settings import Settings, SutSettings
from kgtest.core.shard import WHOLE, Shard
from kgtest.generator.case import KINDS, read_suite
from kgtest.runner.converse import SCRIPTED
from kgtest.runner.dialogue import Probe
from kgtest.runner.registry import open_sut, split_spec
from kgtest.runner.run import RunPlan, RunSummary, run_suite
from kgtest.runner.sut import Sampling, SutOptions, SystemUnderTest


@dataclass(frozen=True, slots=True)
class Asking:
    """What every system is asked, beyond its own [[sut]] settings."""

    suites: tuple[Path, ...]
    kinds: tuple[str, ...] = KINDS
    limit: int | None = None
    retry_failed: bool = False
    quiet: bool = False
    history: str | None = None
    """Overrides [dialogue] history."""
    baselines: tuple[str, ...] | None = None
    """Overrides [dialogue] baselines."""
    partner: str | None = None
    """Overrides [battery] partner: a [[sut]] name or spec."""
    shard: Shard = WHOLE
    """Only the cases of this shard (docs/scale.md)."""
    dask: str | None = None
    """A Dask scheduler's address: the cases are asked on its workers."""


def configured(settings: Settings) -> list[str]:
    if not settings.suts:
        raise ConfigError(
            f"no system under test: give --sut SPEC (e.g. --sut smollm2), or add a [[sut]] to "
            f"{settings.paths.config} (`kgtest init` writes a commented example)"
        )
    return [s.name for s in settings.suts]


def ask_all(settings: Settings, systems: Sequence[SutSettings], asking: Asking) -> list[RunSummary]:
    """Every suite put to every system; one system's error does not stop the others.

    Raises RunnerError (exit 6) when a system stopped with an error; failed replies are for
    ``raise_failures`` to report, once whatever comes next (judging) is done."""
    for system in systems:
        split_spec(system.spec)  # a typo in any spec stops before the first question is asked
    partner = asking.partner if asking.partner is not None else settings.battery.partner
    partner_system = settings.sut(partner) if partner else None
    if partner_system is not None:
        split_spec(partner_system.spec)
    errors: list[KgtestError] = []
    summaries: list[RunSummary] = []
    with _sigterm_interrupts():
        for system in systems:
            try:
                summaries += _ask_system(settings, system, partner_system, asking)
            except KgtestError as exc:
                if len(systems) == 1:
                    raise
                err_console.print(line("[bold red]error:[/] ", literal(f"{system.name}: {exc}")))
                errors.append(exc)
    if errors:
        raise RunnerError(f"{len(errors)} of {len(systems)} systems stopped with an error (above)")
    return summaries


def raise_failures(summaries: Sequence[RunSummary]) -> None:
    """Exit 6 when any reply of these runs failed: the runs are kept, the failure is not hidden."""
    failed = sum(s.failed for s in summaries)
    if failed:
        raise RunnerError(
            f"{failed} replies failed (their reasons are in the replies files); "
            "ask them again with --retry-failed once the system is fixed"
        )


def _options(system: SutSettings) -> SutOptions:
    return SutOptions(
        concurrency=system.concurrency,
        batch_size=system.batch_size,
        timeout_s=system.timeout,
        retries=system.retries,
    )


def _ask_system(
    settings: Settings, system: SutSettings, partner: SutSettings | None, asking: Asking
) -> list[RunSummary]:
    """Every suite put to one system, opened (its model loaded) once."""
    sampling = Sampling(temperature=system.temperature, max_tokens=system.max_tokens, seed=system.seed)
    options = _options(system)
    sut = open_sut(system.spec, options)
    other: SystemUnderTest | None = None
    summaries = []
    try:
        if partner is not None and "conversation" in asking.kinds:
            other = sut if partner.spec == system.spec else open_sut(partner.spec, _options(partner))
        for suite in asking.suites:
            plan = _plan(settings, system, suite, asking, other)
            with phases(asking.quiet) as progress:
                summary = run_suite(
                    suite, sut, sampling, settings,
                    name="" if system.name == system.spec else system.name,
                    plan=plan, partner=other, options=options, limit=asking.limit,
                    retry_failed=asking.retry_failed, progress=progress, shard=asking.shard, dask=asking.dask,
                )  # fmt: skip
            tell(summary, system, sampling)
            summaries.append(summary)
    finally:
        if other is not None and other is not sut:
            other.close()
        sut.close()
    return summaries


def _plan(
    settings: Settings, system: SutSettings, suite: Path, asking: Asking, partner: SystemUnderTest | None
) -> RunPlan:
    config, battery = settings.dialogue, settings.battery
    baselines = config.baselines if asking.baselines is None else asking.baselines
    return RunPlan(
        system_prompt=system.system_prompt,
        kinds=asking.kinds,
        history=asking.history or config.history,
        probes=_probes(settings, suite, asking, tuple(baselines)),
        context_tokens=battery.context_tokens,
        partner_context_tokens=battery.partner_context_tokens,
        partner=partner.spec if partner is not None else SCRIPTED,
    )


def _probes(settings: Settings, suite: Path, asking: Asking, kinds: tuple[str, ...]) -> tuple[Probe, ...]:
    """The single-turn baselines' questions for the suite's original dialogues (none without dialogues)."""
    if not kinds or "dialogue" not in asking.kinds:
        return ()
    dialogues = [c for c in asking.shard.of(read_suite(suite)) if c.kind == "dialogue"][: asking.limit]
    if not any(c.dialogue is not None and c.dialogue.perturbation == "original" for c in dialogues):
        return ()
    # The embedding model loads only for a suite that has original dialogues to reword.
    from kgtest.generator.dialogue.wordnet import WordNet
    from kgtest.oracle.embeddings import Embedder
    from kgtest.oracle.metamorphic.baselines import baseline_probes

    synonyms = WordNet(Path(settings.dialogue.wordnet)).synonyms if "SYR" in kinds else (lambda word: [])
    seed = settings.dialogue.baseline_seed
    return tuple(baseline_probes(dialogues, kinds, seed, synonyms, Embedder()))


def tell(summary: RunSummary, system: SutSettings, sampling: Sampling) -> None:
    rate = (
        f", {summary.completion_tokens / summary.seconds:.1f} tokens/s" if summary.completion_tokens else ""
    )
    label = "" if system.name == system.spec else f" ({system.name})"
    kinds = ", ".join(f"{n} {k}" for k, n in summary.kinds.items()) if len(summary.kinds) > 1 else ""
    click.echo(visible(
        f"run {summary.run_id}{label}: {summary.cases} cases, {summary.asked} asked, "
        f"{summary.cached} from cache, {summary.failed} failed ({summary.seconds:.1f} s asking{rate})"
        + (f"; {kinds}" if kinds else "")
    ))  # fmt: skip
    if summary.truncated:
        click.echo(
            f"{summary.truncated} replies stopped at max_tokens={sampling.max_tokens}; the judge counts "
            "them apart as truncated. Raise --max-tokens (or max_tokens in kgtest.toml) to let them finish."
        )
    if summary.incomplete:
        click.echo(
            f"{summary.incomplete} cases are incomplete (a reply failed in transport, or an earlier round "
            "failed); they are not judged until the same command asks them again."
        )
    if summary.failed:
        click.echo("Failed replies keep their reason; ask them again with --retry-failed.")
    click.echo(visible(f"replies: {summary.replies_path}"))


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM stops a run like Ctrl-C does, so its run.json says ``interrupted`` instead of ``running``."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread (e.g. an embedding application): leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
