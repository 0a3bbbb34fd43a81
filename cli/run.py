"""``kgtest run``: put suites' questions to the systems under test, configured or named."""

from __future__ import annotations

import dataclasses
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import click
from rich.markup import escape

from kgtest.cli.main import AppContext, err_console, pass_app
from kgtest.core.errors import ConfigError, KgtestError, RunnerError
from kgtest.core.progress import phases
from kgtest.core.settings import Settings, SutSettings
from kgtest.runner.registry import ALIASES, SCHEMES, open_sut, split_spec
from kgtest.runner.run import RunSummary, run_suite
from kgtest.runner.sut import Sampling, SutOptions

_SPECS = "\n".join(f"  {name}: {s.example}" for name, s in SCHEMES.items())


@click.command("run", epilog=f"\b\nSystem specs (--sut):\n{_SPECS}\n  aliases: {', '.join(ALIASES)}")
@click.argument("suites", nargs=-1, type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--sut",
    "suts",
    multiple=True,
    help="A [[sut]] name from kgtest.toml, or a spec (smollm2, openai:URL?model=NAME). Repeatable. "
    "[default: every [[sut]] in kgtest.toml]",
)
@click.option(
    "--temperature",
    type=click.FloatRange(min=0),
    help="0 is greedy: the same answer every time. [default: 0]",
)
@click.option(
    "--max-tokens",
    type=click.IntRange(min=1),
    help="Longest reply, in tokens; a reply cut there is judged apart as truncated. [default: 256]",
)
@click.option("--seed", type=int, help="Seeds sampling when --temperature > 0. [default: 0]")
@click.option("--system-prompt", help="Sent first in every conversation. [default: none]")
@click.option(
    "--concurrency", type=click.IntRange(min=1), help="openai: requests in flight at once. [default: 4]"
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    help="hf: conversations per batch (halved on OOM). [default: 16]",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    help="openai: seconds before a request counts as failed. [default: 60]",
)
@click.option(
    "--retries",
    type=click.IntRange(min=0),
    help="openai: attempts after 429, 5xx or a refused connection. [default: 4]",
)
@click.option("--limit", type=click.IntRange(min=1), help="Only the first N cases of each suite.")
@click.option("--retry-failed", is_flag=True, help="Ask again the cases whose cached reply is a failure.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@pass_app
def command(
    app: AppContext,
    suites: tuple[Path, ...],
    suts: tuple[str, ...],
    temperature: float | None,
    max_tokens: int | None,
    seed: int | None,
    system_prompt: str | None,
    concurrency: int | None,
    batch_size: int | None,
    timeout: float | None,
    retries: int | None,
    limit: int | None,
    retry_failed: bool,
    quiet: bool,
) -> None:
    """Ask the systems under test every case in SUITES (JSON Lines suites) and record their replies.

    With no SUITES, the suites of kgtest.toml's [run] are asked; with no --sut, every [[sut]]
    it configures. Settings come from [run], then the [[sut]] entry, then KGTEST_RUN_*
    variables, then these flags. Replies are cached as they arrive: running the same command
    again (after an interruption, or with a suite that shares questions) asks only what is
    missing. Exits with code 6 when a system failed, or when any reply is a failure.

    \b
    kgtest run suite.jsonl --sut smollm2
    kgtest run --sut smollm2 --sut 'openai:http://127.0.0.1:8000/v1?model=smollm2'
    kgtest run                      # every [[sut]] on every suite of kgtest.toml
    """
    settings = app.settings
    flags = {
        "temperature": temperature, "max_tokens": max_tokens, "seed": seed, "system_prompt": system_prompt,
        "concurrency": concurrency, "batch_size": batch_size, "timeout": timeout, "retries": retries,
    }  # fmt: skip
    given: dict[str, Any] = {name: value for name, value in flags.items() if value is not None}
    # Flags given on the command line win over the file and the environment.
    systems = [dataclasses.replace(settings.sut(name), **given) for name in (suts or _configured(settings))]
    for system in systems:
        split_spec(system.spec)  # a typo in any spec stops before the first question is asked
    paths = list(suites) or _configured_suites(settings)
    errors: list[KgtestError] = []
    failed = 0
    with _sigterm_interrupts():
        for system in systems:
            try:
                failed += sum(
                    s.failed for s in _run_system(system, paths, settings, limit, retry_failed, quiet)
                )
            except KgtestError as exc:
                if len(systems) == 1:
                    raise
                err_console.print(f"[bold red]error:[/] {escape(system.name)}: {escape(str(exc))}")
                errors.append(exc)
    if errors:
        raise RunnerError(f"{len(errors)} of {len(systems)} systems stopped with an error (above)")
    if failed:
        raise RunnerError(
            f"{failed} replies failed (their reasons are in the replies files); "
            "ask them again with --retry-failed once the system is fixed"
        )


def _configured(settings: Settings) -> list[str]:
    if not settings.suts:
        raise ConfigError(
            f"no system under test: give --sut SPEC (e.g. --sut smollm2), or add a [[sut]] to "
            f"{settings.paths.config} (`kgtest init` writes a commented example)"
        )
    return [s.name for s in settings.suts]


def _configured_suites(settings: Settings) -> list[Path]:
    paths = settings.suite_paths()
    missing = [p for p in paths if not p.is_file()]
    if missing:
        raise ConfigError(
            f"no suite at {missing[0]} ([run] suites in {settings.paths.config}); "
            "make one with `kgtest gen`, or name a suite file: `kgtest run SUITE`"
        )
    return paths


def _run_system(
    system: SutSettings,
    suites: list[Path],
    settings: Settings,
    limit: int | None,
    retry_failed: bool,
    quiet: bool,
) -> list[RunSummary]:
    """Every suite put to one system, opened (its model loaded) once."""
    sampling = Sampling(temperature=system.temperature, max_tokens=system.max_tokens, seed=system.seed)
    options = SutOptions(
        concurrency=system.concurrency,
        batch_size=system.batch_size,
        timeout_s=system.timeout,
        retries=system.retries,
    )
    sut = open_sut(system.spec, options)
    summaries = []
    try:
        for suite in suites:
            with phases(quiet) as progress:
                summary = run_suite(
                    suite,
                    sut,
                    sampling,
                    settings,
                    name="" if system.name == system.spec else system.name,
                    system_prompt=system.system_prompt,
                    options=options,
                    limit=limit,
                    retry_failed=retry_failed,
                    progress=progress,
                )
            _tell(summary, system, sampling)
            summaries.append(summary)
    finally:
        sut.close()
    return summaries


def _tell(summary: RunSummary, system: SutSettings, sampling: Sampling) -> None:
    rate = (
        f", {summary.completion_tokens / summary.seconds:.1f} tokens/s" if summary.completion_tokens else ""
    )
    label = "" if system.name == system.spec else f" ({system.name})"
    click.echo(
        f"run {summary.run_id}{label}: {summary.cases} cases, {summary.asked} asked, {summary.cached} from "
        f"cache, {summary.failed} failed ({summary.seconds:.1f} s{rate})"
    )
    if summary.truncated:
        click.echo(
            f"{summary.truncated} replies stopped at max_tokens={sampling.max_tokens}; the judge counts "
            "them apart as truncated. Raise --max-tokens (or max_tokens in kgtest.toml) to let them finish."
        )
    if summary.failed:
        click.echo("Failed replies keep their reason; ask them again with --retry-failed.")
    click.echo(f"replies: {summary.replies_path}")


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
