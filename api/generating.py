"""``generate``: a suite of test cases with proven answers, of every kind asked (``kgtest gen``)."""

from __future__ import annotations

import hashlib
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from kgtest.api.kinds import KINDS
from kgtest.api.limits import MAX_CONVERSATIONS, MAX_TURNS
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.api.workspace_kb import WorkspaceKb
from kgtest.core.display import Line, Shown, Tell, silent
from kgtest.core.errors import ConfigError, StoreError
from kgtest.core.pool import default_workers
from kgtest.core.progress import Progress, no_progress
from kgtest.core.shard import WHOLE, Shard
from kgtest.core.sole_writer import sole_writer
from kgtest.core.version import kgtest_version
from kgtest.core.workspace import Workspace
from kgtest.generator.case import TestCase, write_suite
from kgtest.generator.maker import Made, MakeContext
from kgtest.generator.request import GenRequest
from kgtest.generator.suite_info import forget_suite_info, write_suite_info
from kgtest.generator.suite_nodes import GRAPH_FORMAT, suite_id, write_suite_graph
from kgtest.runner.runs import keep_suite


@dataclass(frozen=True, slots=True)
class Suite:
    """A suite written: where, how many cases of each kind, and what each maker had to say."""

    path: Path
    cases: int
    kinds: dict[str, int]
    made: tuple[Made, ...]
    shard: Shard | None = None

    @property
    def shown(self) -> tuple[Shown, ...]:
        """What people are told about the suite, maker by maker."""
        return tuple(s for m in self.made for s in m.shown)


def generate(
    request: GenRequest,
    *,
    workspace: WorkspaceLike = None,
    out: Path | None = None,
    shard: Shard | None = None,
    graph: bool = True,
    workers: int | None = None,
    progress: Progress = no_progress,
    tell: Tell = silent,
) -> Suite:
    """Make the cases ``request`` asks for, every registered kind's maker in turn, and write the suite.

    ``out`` is the suite file (default: the workspace's ``suites/suite.jsonl``, for a shard K/N
    ``suites/suite.shard-K-of-N.jsonl`` so that shards made at once keep apart); with ``shard`` only
    that shard's cases are written; with ``graph`` the suite and its proofs also go to the graph
    store. Everything ``request`` names is read and checked before any work starts.
    """
    request.validate()
    _bounded(request)
    makers = [(maker, kinds) for maker, kinds in KINDS.makers() if maker.asked(request)]
    prepared = [maker.prepare(request) for maker, _ in makers]  # a malformed file stops here: nothing made
    settings = settings_of(workspace)
    path = out or _default_suite(settings.paths, shard or WHOLE)
    with ExitStack() as stack:
        stack.enter_context(sole_writer(path, settings.paths.cache / "locks", "kgtest gen"))
        kb = WorkspaceKb(settings, stack)
        if graph:
            kb.start()  # the database starts while the suite is made
        needs_kb = any(maker.needs_kb(request) for maker, _ in makers)
        # dialogue files alone need no KB, but link to one that is there
        view = kb.view(progress) if needs_kb or (kb.may_hold() and kb.builds()) else None
        context = MakeContext(view, kb.reasoner, workers or default_workers(), progress, tell)
        made = tuple(
            maker.make(request, ready, context) for (maker, _), ready in zip(makers, prepared, strict=True)
        )
        cases: list[TestCase] = list((shard or WHOLE).of(c for m in made for c in m.cases))
        path.parent.mkdir(parents=True, exist_ok=True)
        kept = keep_suite(settings.paths, path)
        forget_suite_info(path)
        written = write_suite(path, cases)
        if kept:
            tell(Line(f"{path} replaced: the runs asked from it before ({', '.join(kept)}) keep a copy "
                      "in their folder, so judge and report still read them", note=True))  # fmt: skip
        key = view.key if view is not None else ""
        write_suite_info(path, _info(request, written, key, kb, shard))
        if graph:
            progress("graph store", 0, 0)  # waits for the database if it is still starting
            _write_graph(kb, path, cases, made, key, request.seed, tell)
            progress("graph store", len(cases), len(cases))
    return Suite(path, written, dict(Counter(c.kind for c in cases)), made, shard)


def _bounded(request: GenRequest) -> None:
    """Refuse before any work what would run for hours or fill the memory (a count typed with
    extra zeros)."""
    c = request.conversations
    for name, value, most, instead in (
        ("conversations", c.count, MAX_CONVERSATIONS, "write several suites (--out) for more"),
        ("turns", c.turns, MAX_TURNS, "a longer conversation cannot be scripted"),
        ("max_distance", c.max_distance, MAX_TURNS, "no conversation has more turns"),
    ):
        if value > most:
            raise ConfigError(f"{name}={value}: at most {most:,}; {instead}")


def _info(
    request: GenRequest, written: int, key: str, kb: WorkspaceKb, shard: Shard | None
) -> dict[str, object]:
    """suite.info.json: how the suite was made (generator/suite_info.py)."""
    q, c = request.questions, request.conversations
    builds = [{"id": b["id"], "source": b["source"]} for b in (kb.builds() if kb.may_hold() else [])]
    return {
        "seed": request.seed, "cases": written, "rules": list(q.kinds), "domains": list(q.domains),
        "count": q.count, "mtl_depth": q.mtl_depth, "temporal_count": q.temporal_count,
        "balance": q.balance, "conversations": c.count, "turns": c.turns, "kb_key": key,
        "kb_builds": builds, "kgtest_version": kgtest_version(),
        **({"shard": str(shard)} if shard else {}),
    }  # fmt: skip


def _write_graph(
    kb: WorkspaceKb,
    path: Path,
    cases: list[TestCase],
    made: tuple[Made, ...],
    key: str,
    seed: int,
    tell: Tell,
) -> None:
    """The suite, its proofs and each maker's own graphs in the graph store, once per suite file's content."""
    info = {"path": str(path.resolve()), "seed": seed}
    shape = f"{key}/{GRAPH_FORMAT}".encode()
    digest = hashlib.sha256(path.read_bytes() + shape).hexdigest()[:20]
    try:
        graph = write_suite_graph(kb.store(), suite_id(path), cases, info, digest)
    except StoreError as exc:
        raise StoreError(
            f"{exc}\nThe suite itself is written to {path}; `gen --no-graph` skips the graph store."
        ) from exc
    tell(Line(
        f"graph store: suite {suite_id(path)!r} with {graph.cases_total} test cases "
        f"({graph.cases_new} new) and {graph.derived_total} derived statements "
        f"({graph.derived_new} new)"
    ))  # fmt: skip
    for m in made:
        if m.graph is not None:
            tell(Line(m.graph(kb.store(), suite_id(path), digest)))


def _default_suite(paths: Workspace, shard: Shard) -> Path:
    """Where a suite is written without ``out``: a shard of its own file (``run --shard`` finds it)."""
    return paths.default_suite if shard == WHOLE else paths.shard_suite(shard.index, shard.count)
