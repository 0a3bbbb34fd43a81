"""The KB's view as a worker process gets it: read from the workspace's cache, not pickled by the parent.

Pickling Wikidata12k's view takes the parent 2 s per worker and unpickling it 2.2 s more; the
cache file the parent read it from (generator/kbview.py) loads in 1.5 s and costs the parent
nothing. A view made in memory (no key: tests, scripts) is handed over whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kgtest.core.errors import GenerationError
from kgtest.generator.kbview import KbView, cached_view


@dataclass(frozen=True, slots=True)
class ViewRef:
    cache: Path
    key: str


def view_ref(view: KbView, cache: Path) -> KbView | ViewRef:
    """What to hand a worker for ``view``: a reference to ``cache`` when the view was read from it."""
    return ViewRef(cache, view.key) if view.key else view


def load_view(view: KbView | ViewRef) -> KbView:
    """The view itself, in the worker."""
    if isinstance(view, KbView):
        return view
    found = cached_view(view.cache, view.key)
    if found is None:
        raise GenerationError(
            f"{view.cache} no longer holds the KB view {view.key}; was the KB rebuilt meanwhile?"
        )
    return found
