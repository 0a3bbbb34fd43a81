"""A suite's parts (fact cases, temporal cases) made at once, each in a worker process of its own.

The parts share nothing but the KB and the seed (generator/suite.py), so each worker loads
the KB's view and its SWI-Prolog program (one engine per process, from the workspace's
compiled cache) and makes one part; the parent assembles them in ``PARTS`` order, so the
suite is the same byte for byte as one process's (tests/generator/test_pool.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kgtest.core.pool import ordered_map
from kgtest.generator.kbview import KbView
from kgtest.generator.suite import PARTS, SuitePart, SuiteRequest, SuiteResult, assemble, suite_part
from kgtest.generator.view_ref import ViewRef, load_view, view_ref
from kgtest.prolog.reasoner import Reasoner

MIN_PART_CASES = 1_000
"""A pool starts only when both parts ask for this many cases: a worker costs 3-8 s to start
(spawn, imports, the KB's view and program), which a part of a few hundred cases does not
take in all (docs/scale.md)."""


@dataclass(frozen=True, slots=True)
class GenRecipe:
    view: KbView | ViewRef
    request: SuiteRequest
    load: Callable[[KbView], Reasoner]


@dataclass(frozen=True, slots=True)
class _Tools:
    view: KbView
    reasoner: Reasoner
    request: SuiteRequest


def generate_parallel(
    view: KbView,
    request: SuiteRequest,
    load: Callable[[KbView], Reasoner],
    cache: Path,
    workers: int,
    min_part: int = MIN_PART_CASES,
) -> SuiteResult:
    """``generate_suite`` with each part on a worker of its own (at most ``workers``; one part: here).

    ``load`` loads the KB's rules (a module-level function: workers receive it by pickle);
    ``cache`` is the KB view's cache file, which workers read the view from. A pool starts
    only when both parts ask for ``min_part`` cases or more.
    """
    request.validate()
    busy = PARTS if request.mtl_depth and request.temporal_count else PARTS[:1]
    size = min(workers, len(busy)) if min(request.count, request.temporal_count) >= min_part else 1
    recipe = GenRecipe(view_ref(view, cache) if size > 1 else view, request, load)
    parts = list(ordered_map(_tools, _part, recipe, busy, size))
    idle = [SuitePart(name) for name in PARTS[len(busy) :]]
    return assemble(view, request, [*parts, *idle])


def _tools(recipe: GenRecipe) -> _Tools:
    view = load_view(recipe.view)
    return _Tools(view, recipe.load(view), recipe.request)


def _part(tools: _Tools, name: str) -> SuitePart:
    return suite_part(tools.view, tools.reasoner, tools.request, name)
