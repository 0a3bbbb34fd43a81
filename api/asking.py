"""``run``: every suite put to every system under test through the one runner (``kgtest run``).

Each system is opened once (its model loaded once) and asked each suite in turn, its own plan
per suite (the dialogue baselines' questions, the conversation partner). One system's error
does not stop the others; failed replies are kept and reported, not hidden.
"""

from __future__ import annotations

import signal
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from kgtest.api.kinds import KINDS
from kgtest.api.systems import System, SystemLike, system_of
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.errors import ConfigError, KgtestError, RunnerError
from kgtest.core.progress import Progress, no_progress
from kgtest.core.prompts import templates
from kgtest.core.settings import Settings
from kgtest.core.shard import WHOLE, Shard
from kgtest.generator.case import read_suite
from kgtest.runner.conversation import SCRIPTED
from kgtest.runner.dialogue_rounds import Probe
from kgtest.runner.plan import RunPlan
from kgtest.runner.run import RunSummary, check_suite, run_suite
from kgtest.runner.sut import SystemUnderTest

Bars = Callable[[], AbstractContextManager[Progress]]
"""Progress for one run (a suite put to a system): a fresh display each time."""


@dataclass(frozen=True, slots=True)
class Asked:
    """One run done: its summary, and the system as it was asked."""

    summary: RunSummary
    system: System


def run(
    suites: Sequence[str | Path] = (),
    systems: Sequence[SystemLike] = (),
    *,
    workspace: WorkspaceLike = None,
    kinds: Sequence[str] | None = None,
    limit: int | None = None,
    retry_failed: bool = False,
    history: str | None = None,
    baselines: Sequence[str] | None = None,
    partner: str | None = None,
    shard: Shard = WHOLE,
    dask: str | None = None,
    bars: Bars = lambda: nullcontext(no_progress),
    on_run: Callable[[Asked], None] = lambda asked: None,
    on_error: Callable[[str, KgtestError], None] = lambda name, error: None,
    **overrides: object,
) -> list[Asked]:
    """Ask every system every case of ``suites``; each finished run is handed to ``on_run`` as it ends.

    ``suites`` default to kgtest.toml's ``[run] suites``, ``systems`` to its every ``[[sut]]``;
    ``overrides`` (``temperature``, ``max_tokens``, ``seed``, ``system_prompt``, ``prompt``,
    ``concurrency``, ``batch_size``, ``timeout``, ``retries``) win over the file; ``prompt`` is a
    template for every kind or a ``PromptSettings`` (core/prompts.py). ``history`` and ``baselines``
    override ``[dialogue]``, ``partner`` (a ``[[sut]]`` name or spec) ``[battery] partner``.
    Raises RunnerError (exit 6) when a system stopped with an error; failed replies are in the
    summaries (``raise_failures`` reports them once whatever comes next is done).
    """
    settings = settings_of(workspace)
    chosen, partner_system = checked_systems(systems, partner, workspace=settings, **overrides)
    plan = _Asking(
        suites=tuple(Path(s) for s in suites) or tuple(configured_suites(settings, shard)),
        kinds=tuple(kinds) if kinds else KINDS.names(),
        limit=limit,
        retry_failed=retry_failed,
        history=history,
        baselines=tuple(baselines) if baselines is not None else None,
        shard=shard,
        dask=dask,
    )
    for name in plan.kinds:
        KINDS[name]  # an unknown kind is named before anything is asked
    for suite in plan.suites:  # and a malformed or empty suite before a model loads
        check_suite(suite, plan.kinds, limit, shard, KINDS.drivers())
    _writable(settings.paths.runs)
    errors: list[KgtestError] = []
    done: list[Asked] = []
    with _sigterm_interrupts():
        for system in chosen:
            try:
                for asked in _ask_system(settings, system, partner_system, plan, bars):
                    on_run(asked)
                    done.append(asked)
            except KgtestError as exc:
                if len(chosen) == 1:
                    raise
                on_error(system.settings.name, exc)
                errors.append(exc)
    if errors:
        raise RunnerError(f"{len(errors)} of {len(chosen)} systems stopped with an error (above)")
    return done


def checked_systems(
    systems: Sequence[SystemLike] = (),
    partner: str | None = None,
    *,
    workspace: WorkspaceLike = None,
    **overrides: object,
) -> tuple[list[System], System | None]:
    """The systems ``run`` would ask (default: every ``[[sut]]``) and the conversation partner
    (default: ``[battery] partner``), every spec checked: a command that does other work first
    (``kgtest converse`` writes scripts) calls this before it, so a typo costs nothing."""
    settings = settings_of(workspace)
    chosen = [system_of(settings, s, **overrides) for s in (systems or configured(settings))]
    for system in chosen:
        system.check()  # a typo in any spec stops before the first question is asked
    _one_run_each(chosen)
    partner_name = partner if partner is not None else settings.battery.partner
    try:
        partner_system = system_of(settings, partner_name) if partner_name else None
        if partner_system is not None:
            partner_system.check()
    except ConfigError as exc:  # said "--sut" of a spec given as --partner
        flag = "--partner" if partner is not None else "[battery] partner"
        raise ConfigError(str(exc).replace("--sut", flag)) from None
    return chosen, partner_system


def _one_run_each(chosen: Sequence[System]) -> None:
    """Two systems that send the very same things make one run (its id is what is asked): the
    second took the first's replies from the cache and its name replaced the first's in run.json,
    so one system vanished from runs and the report without a word."""
    seen: dict[str, System] = {}
    for system in chosen:
        s = system.settings
        if system.instance is not None:
            continue
        first = seen.setdefault(repr((s.spec, system.sampling, s.system_prompt, s.prompt)), system)
        if first is not system:
            which = (
                f"{s.name!r} is given twice"
                if first.settings.name == s.name
                else f"{first.settings.name!r} and {s.name!r} are one system to kgtest"
            )
            where = f"{system.origin}: " if system.origin else ""
            raise ConfigError(
                f"{where}{which}: the same spec {s.spec!r}, sampling, system prompt and prompt make one run, "
                "which would be named after the last; give them different settings, or ask one"
            )


def raise_failures(done: Sequence[Asked]) -> None:
    """Exit 6 when any reply of these runs failed: the runs are kept, the failure is not hidden."""
    failed = sum(a.summary.failed for a in done)
    if failed:
        first = next((a.summary.first_error for a in done if a.summary.first_error), "")
        why = (
            f"the first: {first[:300]}; every reason is in the replies files"
            if first
            else ("their reasons are in the replies files")
        )
        raise RunnerError(f"{failed} replies failed ({why}); {_again(done, failed)}")


def _again(done: Sequence[Asked], failed: int) -> str:
    """Failures in transport are not cached: the same command asks them again, no flag needed."""
    transport = sum(a.summary.failed_in_transport for a in done)
    if transport == failed:
        return "they failed in transport (timeouts, no connection): run the same command again to ask them"
    if transport:
        return (
            f"the same command asks again the {transport} that failed in transport; "
            "--retry-failed the others once the system is fixed"
        )
    return "ask them again with --retry-failed once the system is fixed"


def configured(settings: Settings) -> list[str]:
    """The names of kgtest.toml's ``[[sut]]``; ConfigError says how to name one when there is none."""
    if not settings.suts:
        raise ConfigError(
            f"no system under test: give --sut SPEC (e.g. --sut smollm2), or add a [[sut]] to "
            f"{settings.paths.config} (`kgtest init` writes a commented example)"
        )
    return [s.name for s in settings.suts]


def configured_suites(settings: Settings, shard: Shard = WHOLE) -> list[Path]:
    """kgtest.toml's ``[run] suites``; for a shard K/N left at the default, the shard's own
    ``suite.shard-K-of-N.jsonl`` where ``gen --shard K/N`` wrote one."""
    paths = settings.suite_paths()
    if not paths:  # a run of no suite exited 0 having asked nothing, and said nothing
        raise ConfigError(
            f"[run] suites in {settings.paths.config} is empty: list a suite there "
            '(suites = ["suites/suite.jsonl"]), or name a suite file: `kgtest run SUITE`'
        )
    if shard != WHOLE and paths == [settings.paths.default_suite]:
        own = settings.paths.shard_suite(shard.index, shard.count)
        paths = [own] if own.is_file() else paths
    missing = [p for p in paths if not p.is_file()]
    if missing:
        where = f"{missing[0]} is a folder" if missing[0].is_dir() else f"no suite at {missing[0]}"
        raise ConfigError(
            f"{where} ([run] suites in {settings.paths.config}); name suite files there "
            '(suites = ["suites/suite.jsonl"]), make one with `kgtest gen`, or name one: `kgtest run SUITE`'
        )
    return paths


@dataclass(frozen=True, slots=True)
class _Asking:
    """What every system is asked, beyond its own [[sut]] settings."""

    suites: tuple[Path, ...]
    kinds: tuple[str, ...]
    limit: int | None
    retry_failed: bool
    history: str | None
    baselines: tuple[str, ...] | None
    shard: Shard
    dask: str | None


def _ask_system(
    settings: Settings, system: System, partner: System | None, asking: _Asking, bars: Bars
) -> Iterator[Asked]:
    """Every suite put to one system, opened (its model loaded) once."""
    with bars() as progress:  # a model takes seconds to load (and a GGUF one to convert, once): say so
        sut = _opened(system, progress)
    other: SystemUnderTest | None = None
    try:
        if partner is not None and "conversation" in asking.kinds:
            same = partner.settings.spec == system.settings.spec and partner.instance is system.instance
            if same:
                other = sut
            else:
                with bars() as progress:
                    other = _opened(partner, progress)
        for suite in asking.suites:
            with bars() as progress:
                plan = _plan(settings, system, suite, asking, other, progress)
                summary = run_suite(
                    suite, sut, system.sampling, settings, drivers=KINDS.drivers(),
                    name=system.settings.name,  # the user's word for it, never an alias's expansion
                    plan=plan, partner=other, options=system.options, limit=asking.limit,
                    retry_failed=asking.retry_failed, progress=progress, shard=asking.shard, dask=asking.dask,
                )  # fmt: skip
            yield Asked(summary, system)
    finally:
        if other is not None and other is not sut:
            other.close()
        sut.close()


def _writable(folder: Path) -> None:
    """Fails now, before a model loads for seconds, when the disk will not take the run's files
    (an ``OSError`` the command line names as a disk error)."""
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile(dir=folder):
        pass


def _opened(system: System, progress: Progress) -> SystemUnderTest:
    """The system opened, under a bar that says what the wait is for."""
    phase = f"loading {system.settings.name}"
    progress(phase, 0, 0)
    sut = system.open()
    progress(phase, 1, 1)
    return sut


def _plan(
    settings: Settings,
    system: System,
    suite: Path,
    asking: _Asking,
    partner: SystemUnderTest | None,
    progress: Progress,
) -> RunPlan:
    config, battery = settings.dialogue, settings.battery
    baselines = config.baselines if asking.baselines is None else asking.baselines
    return RunPlan(
        system_prompt=system.settings.system_prompt,
        kinds=asking.kinds,
        history=asking.history or config.history,
        probes=_probes(settings, suite, asking, tuple(baselines), progress),
        context_tokens=battery.context_tokens,
        partner_context_tokens=battery.partner_context_tokens,
        partner=partner.spec if partner is not None else SCRIPTED,
        prompts=templates(asking.kinds, settings.prompt, system.settings.prompt),
    )


def _probes(
    settings: Settings, suite: Path, asking: _Asking, kinds: tuple[str, ...], progress: Progress
) -> tuple[Probe, ...]:
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

    progress("baseline questions", 0, 0)  # the sentence model loads first: seconds
    synonyms = WordNet(Path(settings.dialogue.wordnet)).synonyms if "SYR" in kinds else (lambda word: [])
    seed = settings.dialogue.baseline_seed
    probes = tuple(baseline_probes(dialogues, kinds, seed, synonyms, Embedder()))
    progress("baseline questions", len(probes), len(probes))
    return probes


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
