"""One run: a suite's cases, of every kind, put to one system through one driver per kind.

The spine is the same whatever a case is: the run id comes from the system, the sampling, the
drivers' settings and the cases, so the same command after a kill finds the same run and asks
only what is missing; one manifest (run.json, with its status and lock: runner/manifest.py);
one reply cache, claimed and checked (runner/ask.py); one transcript per case in
``replies.jsonl`` (runner/transcript.py). What differs is who decides the next message:

* ``fact`` and ``temporal`` cases: one question each, all in one batch;
* ``dialogue`` cases: runner/dialogue_rounds.py, round k of every dialogue in one batch;
* ``conversation`` cases: runner/conversation.py, the script's partner or a partner system.

See docs/runner.md.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, field, replace
from itertools import islice
from pathlib import Path

from kgtest.core.errors import GenerationError, RunnerError
from kgtest.core.progress import Progress, no_progress
from kgtest.core.records import to_plain
from kgtest.core.settings import Settings
from kgtest.core.shard import WHOLE, Shard
from kgtest.core.version import kgtest_version
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase, read_suite
from kgtest.generator.suite_info import read_suite_info
from kgtest.runner.ask import Asker
from kgtest.runner.cache import ReplyCache
from kgtest.runner.dask_backend import cluster_size, dask_map
from kgtest.runner.dialogue_rounds import HISTORIES, dialogue_problem
from kgtest.runner.drivers import Driver
from kgtest.runner.manifest import (
    COMPLETE,
    FAILED,
    INTERRUPTED,
    RUNNING,
    Attempt,
    RunManifest,
    asking,
    now,
    read_manifest,
    write_manifest,
)
from kgtest.runner.plan import RunPlan
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Reply, Sampling, SutOptions, SystemUnderTest
from kgtest.runner.transcript import PARTNER, Transcript, read_transcripts, replace_replies


@dataclass(frozen=True, slots=True)
class RunSummary:
    run_id: str
    replies_path: Path
    cases: int
    asked: int
    """Conversations sent to the system by this invocation (the rest came from the cache)."""
    cached: int
    failed: int
    """Replies that are failures, whether they failed now or earlier."""
    truncated: int
    """Replies that stopped at max_tokens."""
    completion_tokens: int
    seconds: float
    kinds: dict[str, int] = field(default_factory=dict)
    """Cases per kind."""
    incomplete: int = 0
    """Cases with a reply that failed in transport, or whose driver stopped early: asked again next run."""
    first_error: str = ""
    """Why the first failed reply failed: the run's last word named no reason, only the replies files."""
    failed_in_transport: int = 0
    """Of ``failed``, those that failed in transport (timeouts, no connection): not cached."""


def run_suite(
    suite: Path,
    sut: SystemUnderTest,
    sampling: Sampling,
    settings: Settings,
    *,
    drivers: Mapping[str, Driver],
    name: str = "",
    plan: RunPlan | None = None,
    partner: SystemUnderTest | None = None,
    options: SutOptions | None = None,
    limit: int | None = None,
    retry_failed: bool = False,
    progress: Progress | None = None,
    shard: Shard = WHOLE,
    dask: str | None = None,
) -> RunSummary:
    """Ask ``sut`` every case of ``suite`` (of ``plan.kinds``, in ``shard``) not already answered.

    ``drivers`` gives each kind's driver (the kind registry's, api/kinds.py); a case of a kind
    it does not name stops the run before anything is asked.
    ``name`` labels the system in reports (default: its spec); ``options`` are recorded in
    run.json for the report's header but change nothing that is asked. With ``dask`` (a
    scheduler's address) the cases are asked in shards on that cluster's workers, each
    opening the system itself, and the run is the same one this process would have made.
    """
    plan = plan or RunPlan(kinds=tuple(drivers))
    started = time.perf_counter()
    cases = _cases(suite, plan, limit, shard, drivers)
    held = {c.kind for c in cases}  # the run records the templates of the kinds it asks
    plan = replace(plan, prompts={k: t for k, t in plan.prompts.items() if k in held})
    cases = [plan.shaped(c) for c in cases]  # as they are sent: the run id and the cache keys follow
    run_id = _run_id(sut.spec, sampling, plan, cases)
    files = settings.paths.run(run_id)
    with asking(files):
        # A finished run asked again stays usable (its replies.jsonl is whole) even if this
        # attempt stops early, e.g. because the system became unreachable.
        previous = _previous(files)
        finished_before = previous is not None and previous.status == COMPLETE
        manifest = RunManifest(
            run_id=run_id,
            name=name or sut.spec,
            system=sut.spec,
            suite=str(suite.resolve()),
            suite_sha256=hashlib.sha256(suite.read_bytes()).hexdigest(),
            suite_info=read_suite_info(suite),
            system_prompt=plan.system_prompt,
            sampling=sampling,
            options=options,
            cases=len(cases),
            kinds=dict(Counter(c.kind for c in cases)),
            plan=plan.record(),
            kgtest_version=kgtest_version(),
            status=COMPLETE if finished_before else RUNNING,
            shard=str(shard) if shard != WHOLE else "",
        )
        if previous is not None:  # what a finished run keeps while it is asked again: how it last finished
            manifest = replace(manifest, finished=previous.finished, asked=previous.asked,
                               failed=previous.failed, truncated=previous.truncated)  # fmt: skip
        manifest = write_manifest(files, manifest)
        try:
            if dask is None:
                with ReplyCache(settings.paths.reply_cache) as cache:
                    asker = Asker(cache, sut, sampling, retry_failed, progress or no_progress)
                    other = Asker(cache, partner, sampling, retry_failed, asker.progress) if partner else None
                    transcripts = drive(drivers, asker, other, cases, plan)
                    asked, tokens = _counts(asker, other)
            else:
                how = options or SutOptions()
                other_spec = partner.spec if partner is not None else None
                recipe = _AskRecipe(
                    settings, sut.spec, other_spec, how, sampling, plan, retry_failed, drivers
                )
                transcripts, asked, tokens = _ask_on_cluster(dask, recipe, cases)
            replace_replies(files, transcripts)
        except BaseException as exc:
            stopped = INTERRUPTED if isinstance(exc, KeyboardInterrupt | SystemExit) else FAILED
            why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            attempt = Attempt(stopped, why, now())
            write_manifest(files, replace(manifest, last_attempt=attempt) if finished_before
                           else replace(manifest, status=stopped, error=why))  # fmt: skip
            raise
        replies = [e.reply for t in transcripts for e in t.exchanges]
        manifest = write_manifest(files, replace(
            manifest, status=COMPLETE, finished=now(), asked=asked, failed=sum(not r.ok for r in replies),
            truncated=sum(r.truncated for r in replies),
            incomplete=sum(t.transient or bool(t.stopped) for t in transcripts),
        ))  # fmt: skip
    distinct = len({e.key for t in transcripts for e in t.exchanges})
    return RunSummary(
        run_id=run_id,
        replies_path=files.replies,
        cases=len(cases),
        asked=asked,
        cached=distinct - asked,
        failed=manifest.failed or 0,
        truncated=manifest.truncated or 0,
        completion_tokens=tokens,
        seconds=time.perf_counter() - started,
        kinds=manifest.kinds,
        incomplete=manifest.incomplete or 0,
        first_error=_first_error(transcripts),
        failed_in_transport=sum(r.transient for r in replies if not r.ok),
    )


def _first_error(transcripts: list[Transcript]) -> str:
    """The first failed reply's reason, a partner's named as its (exit 6 of a `converse` whose
    partner failed blamed the system under test, and said to fix it)."""
    for transcript in transcripts:
        for exchange in transcript.exchanges:
            if not exchange.reply.ok:
                who = f"the partner {exchange.reply.system}: " if exchange.speaker == PARTNER else ""
                return who + (exchange.reply.error or "")
    return ""


def check_suite(
    suite: Path, kinds: tuple[str, ...], limit: int | None, shard: Shard, drivers: Mapping[str, Driver]
) -> None:
    """GenerationError unless ``suite`` holds cases to ask: called before a model loads for seconds."""
    _cases(suite, RunPlan(kinds=kinds), limit, shard, drivers)


def _cases(
    suite: Path, plan: RunPlan, limit: int | None, shard: Shard, drivers: Mapping[str, Driver]
) -> list[TestCase]:
    if plan.history not in HISTORIES:
        raise GenerationError(f"history {plan.history!r} is not one of {', '.join(HISTORIES)}")
    every = list(read_suite(suite))
    unknown = sorted({c.kind for c in every} - set(drivers))
    if unknown:
        raise GenerationError(f"{suite}: cases of kind {unknown[0]!r}; kgtest asks {', '.join(drivers)}")
    cases = list(islice(shard.of(c for c in every if c.kind in plan.kinds), limit))
    for case in cases:
        if case.dialogue is not None and (problem := dialogue_problem(case.dialogue)):
            raise GenerationError(
                f"{suite}: case {case.id}: {problem}. Fix the case's line, or write the suite again "
                "with `kgtest gen`"
            )
    if not every:
        raise GenerationError(f"{suite} holds no test cases; write some with `kgtest gen`")
    if not cases:
        held = ", ".join(sorted({c.kind for c in every}))
        if shard != WHOLE and any(c.kind in plan.kinds for c in every):
            raise GenerationError(f"shard {shard} of {suite} holds no {' or '.join(plan.kinds)} cases")
        raise GenerationError(
            f"{suite} holds no {' or '.join(plan.kinds)} cases (only {held}); write some with `kgtest gen`"
        )
    return cases


def drive(
    drivers: Mapping[str, Driver], asker: Asker, partner: Asker | None, cases: list[TestCase], plan: RunPlan
) -> list[Transcript]:
    """Each kind through its driver, kinds that share a driver in one call; the transcripts in suite order."""
    by_driver: dict[int, list[TestCase]] = {}
    for case in cases:
        by_driver.setdefault(id(drivers[case.kind]), []).append(case)
    done: dict[str, Transcript] = {}
    for group in by_driver.values():
        done.update((t.case_id, t) for t in drivers[group[0].kind].drive(asker, partner, group, plan))
    return [done[c.id] for c in cases]


@dataclass(frozen=True, slots=True)
class _AskRecipe:
    """What a cluster worker needs to ask a shard as this process would."""

    settings: Settings
    spec: str
    partner: str | None
    options: SutOptions
    sampling: Sampling
    plan: RunPlan
    retry_failed: bool
    drivers: Mapping[str, Driver]


@dataclass(frozen=True, slots=True)
class _Systems:
    recipe: _AskRecipe
    sut: SystemUnderTest
    partner: SystemUnderTest | None


def _open_systems(recipe: _AskRecipe) -> _Systems:
    """On a worker: the system (and partner) opened once, for every shard it is handed."""
    sut = open_sut(recipe.spec, recipe.options)
    partner = None if recipe.partner is None else open_sut(recipe.partner, recipe.options)
    return _Systems(recipe, sut, partner)


def _ask_shard(systems: _Systems, cases: list[TestCase]) -> tuple[list[Transcript], int, int]:
    """On a worker: one shard through the drivers, with the workspace's reply cache and its claims."""
    r = systems.recipe
    with ReplyCache(r.settings.paths.reply_cache) as cache:
        asker = Asker(cache, systems.sut, r.sampling, r.retry_failed, no_progress)
        other = (
            Asker(cache, systems.partner, r.sampling, r.retry_failed, no_progress)
            if systems.partner
            else None
        )
        transcripts = drive(r.drivers, asker, other, cases, r.plan)
        return (
            transcripts,
            asker.asked + (other.asked if other else 0),
            asker.tokens + (other.tokens if other else 0),
        )


def _counts(asker: Asker, partner: Asker | None) -> tuple[int, int]:
    """Conversations sent and tokens generated, both sides together."""
    return asker.asked + (partner.asked if partner else 0), asker.tokens + (partner.tokens if partner else 0)


def _ask_on_cluster(
    address: str, recipe: _AskRecipe, cases: list[TestCase]
) -> tuple[list[Transcript], int, int]:
    """The cases in one shard per worker thread of the cluster; the transcripts back in suite order."""
    count = cluster_size(address)
    shards = [list(Shard(k, count).of(cases)) for k in range(1, count + 1)]
    done: dict[str, Transcript] = {}
    asked = tokens = 0
    for transcripts, n, t in dask_map(address, _open_systems, _ask_shard, recipe, [s for s in shards if s]):
        done.update((x.case_id, x) for x in transcripts)
        asked, tokens = asked + n, tokens + t
    return [done[c.id] for c in cases], asked, tokens


def _previous(files: RunFiles) -> RunManifest | None:
    """The run's manifest from before, if it can be read: a run.json cut short or mangled is
    started clean, its replies asked again (through the cache), rather than refused."""
    try:
        return read_manifest(files) if files.manifest.exists() else None
    except RunnerError:
        return None


def read_replies(path: Path) -> Iterator[tuple[str, Reply]]:
    """``(case id, last reply)`` of each transcript of a run's replies.jsonl, in suite order."""
    for t in read_transcripts(path):
        yield t.case_id, t.reply


def _run_id(system: str, sampling: Sampling, plan: RunPlan, cases: list[TestCase]) -> str:
    """From what the run asks: a suite whose cases changed under the same ids is another run, and
    so is one whose prompts changed (``cases`` hold the text sent; the templates are not hashed
    apart, so a run without templates keeps the id it had before they existed)."""
    asked = hashlib.blake2b("\n".join(c.to_json() for c in cases).encode("utf-8")).hexdigest()
    how = {k: v for k, v in to_plain(plan).items() if k != "prompts"}
    text = json.dumps([system, asdict(sampling), how, asked], sort_keys=True)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=6).hexdigest()
