"""A suite's parts (fact cases, temporal cases) made at once, each in a worker process of its own.

The parts share nothing but the KB and the seed (generator/suite.py), so each worker loads
the KB's view and its SWI-Prolog program (one engine per process, from the workspace's
compiled cache) and makes one part; the parent assembles them in ``PARTS`` order, so the
suite is the same byte for byte as one process's (tests/cli/test_scale.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kgtest.core.pool import ordered_map
from kgtest.generator.kbview import KbView
from kgtest.generator.suite import PARTS, SuitePart, SuiteRequest, SuiteResult, assemble, suite_part
from kgtest.prolog.reasoner import Reasoner


@dataclass(frozen=True, slots=True)
class GenRecipe:
    view: KbView
    request: SuiteRequest
    load: Callable[[KbView], Reasoner]
    """How the parent loads the KB's rules (a module-level function: workers receive it by pickle)."""


def generate_parallel(recipe: GenRecipe, workers: int) -> SuiteResult:
    """``generate_suite`` with each part on a worker of its own (at most ``workers``; one part: here)."""
    request = recipe.request
    request.validate()
    busy = PARTS if request.mtl_depth and request.temporal_count else PARTS[:1]
    parts = list(ordered_map(_tools, _part, recipe, busy, min(workers, len(busy))))
    idle = [SuitePart(name) for name in PARTS[len(busy) :]]
    return assemble(recipe.view, request, [*parts, *idle])


def _tools(recipe: GenRecipe) -> tuple[GenRecipe, Reasoner]:
    return recipe, recipe.load(recipe.view)


def _part(tools: tuple[GenRecipe, Reasoner], name: str) -> SuitePart:
    recipe, reasoner = tools
    return suite_part(recipe.view, reasoner, recipe.request, name)
