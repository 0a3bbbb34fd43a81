"""The view for ``gen`` that build-kb writes from memory: made ahead on a thread for a source held
in memory, gathered chunk by chunk for a spilled one, and the same file either way as the one
``write_view`` makes of the whole snapshot."""

from __future__ import annotations

import gzip
from pathlib import Path

from kgtest.api.gathered import Gathered
from kgtest.generator.kbview import cached_view, snapshot_view, write_view
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import read_hashed
from kgtest.kg.sources.resolved import Resolved
from kgtest.kg.sources.spill import SpillBuilder

from ..kg.wikidata_fixture import random_kb


def _resolved(dump: Path, folder: Path, spill_at: int) -> Resolved:
    builder = SpillBuilder(f"dump:{dump.name}", folder=folder, spill_at=spill_at)
    return builder.resolve(builtin_catalog(), read_hashed(dump, builder)[1])


def _written_by_build(source: Resolved, cache: Path) -> bytes:
    gathered = Gathered(source, frozenset({"P26"}), builtin_catalog(), whole=True)
    for chunk in source.facts(7):  # as the loader shows them
        gathered(chunk)
    gathered.write_view(cache, "the-key")
    return cache.read_bytes()


def test_the_view_build_kb_writes_is_the_snapshots_whether_held_or_spilled(tmp_path: Path) -> None:
    dump = tmp_path / "kb.nt.gz"
    dump.write_bytes(gzip.compress(random_kb(facts=120, entities=40, seed=5).text().encode()))
    held, spilled = _resolved(dump, tmp_path, 250_000), _resolved(dump, tmp_path, 1)
    snapshot = held.held()
    assert snapshot is not None and spilled.held() is None
    reference = tmp_path / "reference.json"
    write_view(reference, snapshot_view(snapshot, builtin_catalog(), "the-key"))

    assert _written_by_build(held, tmp_path / "held.json") == reference.read_bytes()
    assert _written_by_build(spilled, tmp_path / "spilled.json") == reference.read_bytes()
    view = cached_view(reference, "the-key")
    assert view is not None and len(view.facts) == len(snapshot.facts) > 0
    held.close()
    spilled.close()


def test_a_source_that_is_not_the_whole_kb_keeps_no_facts_for_a_view(tmp_path: Path) -> None:
    """Its view is the whole KB's, read back by the sanity check: nothing is made or kept from memory."""
    dump = tmp_path / "kb.nt.gz"
    dump.write_bytes(gzip.compress(random_kb(facts=40, entities=20, seed=2).text().encode()))
    for spill_at in (250_000, 1):
        source = _resolved(dump, tmp_path, spill_at)
        gathered = Gathered(source, frozenset({"P26"}), builtin_catalog(), whole=False)
        for chunk in source.facts(7):
            gathered(chunk)
        assert gathered.facts is None
        gathered.write_view(tmp_path / "view.json", "the-key")
        assert not (tmp_path / "view.json").exists()
        source.close()
