"""The workspace's KB for one command: from the caches when they can answer, else from the store.

Starting the embedded database costs about 2 s, more than the rest of ``gen --count 100``.
The KB's stamp (kg/kb_stamp.py), or the server lingering between commands (kg/linger.py),
names its builds without starting it; with that key the view (generator/kbview.py), the
compiled program and its derivations (prolog/export.py, prolog/reasoner.py) come from the
workspace's cache. The store is opened only when a cache
misses or the command writes to the graph, and then in the background, so the database
starts while the command does its own work.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, ExitStack
from typing import Any

from kgtest.core.progress import Progress
from kgtest.core.settings import Settings
from kgtest.generator.kbview import KbView, cached_view, program_key, read_view
from kgtest.kg.kb_stamp import vouched_builds
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.linger import asked_builds
from kgtest.kg.store import GraphStore, open_store
from kgtest.prolog.export import kb_program, load_kb_keyed
from kgtest.prolog.reasoner import Reasoner


class WorkspaceKb:
    """The KB's builds, view and reasoner, and the store opened on first need (closed by ``stack``)."""

    def __init__(self, settings: Settings, stack: ExitStack) -> None:
        self._settings = settings
        self._stack = stack
        paths = settings.paths
        self._vouched = (vouched_builds(paths) or asked_builds(paths.db)) if settings.store.embedded else None
        self._store: GraphStore | None = None
        self._opening: Future[GraphStore] | None = None

    @property
    def from_cache(self) -> bool:
        """Whether the stamp or the lingering server named the builds, so the caches may answer."""
        return self._vouched is not None

    def start(self) -> None:
        """Open the store in the background, for a command that will need it: it starts meanwhile."""
        if self._store is not None or self._opening is not None:
            return
        opening = open_store(self._settings, shared=True)
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kgtest-store")
        self._opening = pool.submit(opening.__enter__)
        self._stack.callback(self._close, opening)  # runs second: closes what was opened
        self._stack.callback(pool.shutdown)  # runs first: waits for the opening to finish

    def _close(self, opening: AbstractContextManager[GraphStore]) -> None:
        if self._opening is not None and self._opening.exception() is None:
            opening.__exit__(None, None, None)

    def store(self) -> GraphStore:
        if self._store is None:
            if self._opening is not None:
                self._store = self._opening.result()
            else:
                self._store = self._stack.enter_context(open_store(self._settings, shared=True))
        return self._store

    def may_hold(self) -> bool:
        """Whether the workspace may hold a KB: a Neo4j server may; an embedded database only once made."""
        settings = self._settings
        return not settings.store.embedded or (settings.paths.db / "databases").exists()

    def builds(self) -> list[dict[str, Any]]:
        if self._vouched is not None:
            return self._vouched[1]
        return KnowledgeBase(self.store()).builds()

    def view(self, progress: Progress | None = None) -> KbView:
        """The KB's view; raises IncompleteBuildError (from the store) for an empty or unfinished KB."""
        cache = self._settings.paths.kb_view_cache
        if self._vouched is not None:
            view = cached_view(cache, self._vouched[0])
            if view is not None:
                return view
        return read_view(KnowledgeBase(self.store()), cache, progress)

    def reasoner(self, view: KbView) -> Reasoner:
        """The rules over ``view``, its program compiled once per KB and kept in the cache."""
        return load_kb_keyed(
            program_key(view.key),
            lambda: kb_program(view.entities.values(), view.facts, view.catalog),
            self._settings.paths.prolog_cache,
        )
