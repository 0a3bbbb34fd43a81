"""How a kind's cases are made: one ``CaseMaker`` per kind (the kind registry's, api/kinds.py).

``kgtest gen`` asks every maker of the registered kinds, in the registry's order, for its part
of one ``GenRequest``; each returns its cases and what people should be told about them. Kinds
made together (fact and temporal: their cases share the KB's derivations and one pool of
workers) share one maker, asked once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from kgtest.core.display import Shown, Tell, silent
from kgtest.core.progress import Progress
from kgtest.generator.case import TestCase
from kgtest.generator.kbview import KbView
from kgtest.generator.request import GenRequest
from kgtest.kg.store import GraphStore
from kgtest.prolog.reasoner import Reasoner

GraphWriter = Callable[[GraphStore, str, str], str]
"""Writes a maker's own graphs for a suite (store, suite id, the suite's digest); says what it wrote."""


@dataclass(frozen=True, slots=True)
class MakeContext:
    """What makers share: the KB (when it has one), its rules, and where progress goes."""

    view: KbView | None
    """The workspace's KB view; None when no kind asked needs a KB and the workspace has none."""
    reasoner: Callable[[KbView], Reasoner]
    """The rules over the view, compiled once per KB and cached."""
    workers: int = 1
    progress: Progress = field(default=lambda phase, done, total: None)
    tell: Tell = silent
    """Notes worth saying at once (on stderr from the command line)."""


@dataclass(frozen=True, slots=True)
class Made:
    """A maker's cases and what to tell people about them (shown after the suite is written)."""

    cases: tuple[TestCase, ...]
    shown: tuple[Shown, ...] = ()
    graph: GraphWriter | None = None
    """Writes what the maker's cases have in the graph store beyond the suite's test cases and
    proofs (dialogues: a graph per round); None: nothing more."""
    result: object = None
    """The maker's own report (``SuiteResult``, ``DialogueResult``, the scripts), for API callers."""


class CaseMaker(Protocol):
    """How the cases of a kind are made."""

    def asked(self, request: GenRequest) -> bool:
        """Whether ``request`` asks this maker for anything."""
        ...

    def needs_kb(self, request: GenRequest) -> bool:
        """Whether making what ``request`` asks needs the workspace's KB."""
        ...

    def prepare(self, request: GenRequest) -> object:
        """Everything ``request`` names read and checked, before any work starts (a malformed input
        file stops the command with nothing written); what it returns is given to ``make``."""
        ...

    def make(self, request: GenRequest, prepared: object, context: MakeContext) -> Made:
        """The cases ``request`` asks for; GenerationError says why none could be made."""
        ...
