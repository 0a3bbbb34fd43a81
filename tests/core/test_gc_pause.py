"""core/gc_pause.py: collection paused while large acyclic data is read or a suite made."""

from __future__ import annotations

import gc
import weakref

from kgtest.core.gc_pause import gc_paused


class _Node:
    """A weak-referenceable object that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.other: object = self


def test_a_suite_pauses_the_collector_without_freezing_what_it_made() -> None:
    """Work a process may repeat leaves the collector as it was, with nothing frozen: a cycle made
    meanwhile is still collected later. (The freeze count itself is no witness: frozen objects of
    earlier tests in the same worker may be freed meanwhile.)"""
    with gc_paused(freeze=False):
        assert not gc.isenabled()
        cycle = _Node()
        alive = weakref.ref(cycle)
        del cycle
        gc.collect()  # an explicit collection still runs; a frozen cycle would survive it
    assert gc.isenabled()
    assert alive() is None
    with gc_paused(freeze=False):
        cycle = _Node()
        alive = weakref.ref(cycle)
        del cycle
    gc.collect()
    assert alive() is None, "a cycle made while a suite was made was frozen and never collected"


def test_a_read_inside_a_suite_is_frozen_once_both_end() -> None:
    frozen = gc.get_freeze_count()
    with gc_paused(freeze=False), gc_paused():
        cycle = _Node()
        alive = weakref.ref(cycle)
        del cycle
    try:
        assert gc.isenabled() and gc.get_freeze_count() > frozen
        gc.collect()
        assert alive() is not None, "what a KB read made is frozen, out of the collector's reach"
    finally:
        gc.unfreeze()
    gc.collect()
    assert alive() is None
