"""The knowledge base looked at: what it holds, the facts that cannot be true, clearing it (``kgtest kb``)."""

from __future__ import annotations

from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.progress import Progress, no_progress
from kgtest.generator.sanity import RULES, SanityReport, check_kb
from kgtest.kg.knowledge_base import KbStats, KnowledgeBase
from kgtest.kg.loader import clear_kb
from kgtest.kg.store import open_store

SANITY_RULES = RULES
"""Each sanity rule and when a fact breaks it (prolog/sanity.pl)."""


def kb_stats(*, workspace: WorkspaceLike = None) -> KbStats:
    """Entities, facts, relations and dated facts, per domain, the builds and the marked facts."""
    with open_store(settings_of(workspace), shared=True) as store:
        return KnowledgeBase(store).stats()


def kb_check(*, workspace: WorkspaceLike = None, progress: Progress = no_progress) -> SanityReport:
    """The facts that cannot be true, with the rule each breaks, marked in the store."""
    settings = settings_of(workspace)
    with open_store(settings, shared=True) as store:
        return check_kb(store, settings.paths, progress)


def kb_clear(*, workspace: WorkspaceLike = None) -> None:
    """Delete everything kgtest wrote to the store: entities, facts, relations, builds, suites, replies."""
    with open_store(settings_of(workspace), shared=True) as store:
        clear_kb(store)
