"""core/gc_pause.py: collection paused while large acyclic data is read or a suite made."""

from __future__ import annotations

import gc

from kgtest.core.gc_pause import gc_paused


def test_a_suite_pauses_the_collector_without_freezing_what_it_made() -> None:
    """Work a process may repeat leaves the collector as it was, with nothing frozen: a cycle made
    meanwhile is still collected later."""
    frozen = gc.get_freeze_count()
    with gc_paused(freeze=False):
        assert not gc.isenabled()
        cycle: list[object] = []
        cycle.append(cycle)
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    with gc_paused(freeze=False), gc_paused():  # a read inside: its data is frozen once both end
        pass
    assert gc.isenabled() and gc.get_freeze_count() > frozen
    gc.unfreeze()
