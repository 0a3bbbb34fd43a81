"""A dump resolved through its spill file is the snapshot read in memory, whatever the line order.

Wikidata's statement model spreads a fact over lines (``p:``, ``ps:``, ``pq:`` qualifiers) that
the spill merges across blocks; these tests cut the lines into parts, each spilled before the
next is read, so a qualifier, a statement's object or a repeated triple lands in another block
than the rest of its fact.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import file_digest, read_dump, read_hashed
from kgtest.kg.sources.spill import SpillBuilder, spill_folder
from kgtest.kg.sources.wikidata import SnapshotBuilder

from .wikidata_fixture import random_kb, small_kb

WD = "http://www.wikidata.org/entity/"
P = "http://www.wikidata.org/prop/"
_ITEMS = [f"<{WD}Q{i}>" for i in (1, 2, 3, 5)]
_STATEMENTS = [f"<{WD}statement/S{i}>" for i in range(2)]
_YEARS = [f'"{y}-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>' for y in (1900, 1950, 2000)]
_PROPS = ("P26", "P31", "P40")
_ITEM, _STATEMENT = st.sampled_from(_ITEMS), st.sampled_from(_STATEMENTS)
_DIRECT = st.builds("{} <{}direct/{}> {} .".format, _ITEM, st.just(P), st.sampled_from(_PROPS), _ITEM)
_DATE = st.builds("{} <{}direct/P569> {} .".format, _ITEM, st.just(P), st.sampled_from(_YEARS))
_SUBJECT = st.builds("{} <{}{}> {} .".format, _ITEM, st.just(P), st.sampled_from(_PROPS), _STATEMENT)
_OBJECT = st.builds("{} <{}statement/{}> {} .".format, _STATEMENT, st.just(P), st.sampled_from(_PROPS), _ITEM)
_QUALIFIER = st.builds(
    "{} <{}qualifier/{}> {} .".format, _STATEMENT, st.just(P), st.sampled_from(("P580", "P582", "P585")),
    st.sampled_from(_YEARS),
)  # fmt: skip
_LABEL = st.builds('{} <http://www.w3.org/2000/01/rdf-schema#label> "{}"@en .'.format, _ITEM, st.just("a"))
_LINES = st.one_of(_DIRECT, _DATE, _LABEL, _SUBJECT, _SUBJECT, _OBJECT, _OBJECT, _QUALIFIER, _QUALIFIER)
"""Statement lines most often: a fact needs its p: and ps: lines, and the merge is in their repeats."""


def _same_as_in_memory(parts: list[list[str]], tmp: Path) -> None:
    files = []
    for i, lines in enumerate(parts):
        files.append(tmp / f"part{i}.nt")
        files[-1].write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    whole = SnapshotBuilder("s")
    (tmp / "whole.nt").write_text("".join(f.read_text(encoding="utf-8") for f in files), encoding="utf-8")
    read_dump(tmp / "whole.nt", whole)
    expected = whole.finish(builtin_catalog())

    spilled = SpillBuilder("s", folder=tmp, spill_at=0)
    for f in files:  # each part ends a block, and with spill_at=0 goes to disk before the next
        read_dump(f, spilled)
    resolved = spilled.resolve(builtin_catalog(), "digest")
    assert spilled.spilled or not any(parts)
    try:
        facts = [f for batch in resolved.facts(2) for f in batch]
        assert {f.id: f for f in facts} == expected.facts
        assert len(facts) == resolved.fact_count == len(expected.facts)
        assert resolved.entities == expected.entities and list(resolved.entities) == sorted(expected.entities)
        assert resolved.properties == sorted({f.property for f in expected.facts.values()})
        assert resolved.property_labels == expected.property_labels
    finally:
        resolved.close()
    assert not spilled.path.exists()


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(_LINES, max_size=8), min_size=1, max_size=5))
def test_spilled_statements_and_triples_resolve_as_in_memory(parts: list[list[str]]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        _same_as_in_memory(parts, Path(tmp))


def test_a_fixture_dump_read_backwards_in_parts_resolves_as_in_memory(tmp_path: Path) -> None:
    """Qualifiers before their statements, statements before their subjects, labels last."""
    lines = [*small_kb().lines, *random_kb(facts=300, entities=60, seed=2).lines][::-1]
    _same_as_in_memory([lines[i : i + 37] for i in range(0, len(lines), 37)], tmp_path)


def test_a_build_is_named_after_the_file_bytes_and_dead_builds_spills_are_removed(tmp_path: Path) -> None:
    dump = tmp_path / "kb.nt.gz"
    dump.write_bytes(gzip.compress(small_kb().text().encode()))
    in_memory, on_disk = SpillBuilder("s", folder=tmp_path), SpillBuilder("s", folder=tmp_path, spill_at=1)
    ids = []
    for builder in (in_memory, on_disk):
        digest = read_hashed(dump, builder)[1]
        assert digest == file_digest(dump)
        resolved = builder.resolve(builtin_catalog(), digest)
        ids.append(resolved.build_id)
        resolved.close()
    assert not in_memory.spilled and on_disk.spilled
    assert ids[0] == ids[1]
    folder = spill_folder(tmp_path)
    dead, alive = folder / "spill-999999999-x.sqlite", folder / "spill-1-x.sqlite"  # pid 1 is alive
    dead.touch()
    alive.touch()
    spill_folder(tmp_path)
    assert not dead.exists() and alive.exists()
